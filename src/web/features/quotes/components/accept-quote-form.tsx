import { type ReactNode, useState } from "react";
import type { DeliveryAddress } from "../../../../shared/checkout.schemas.ts";
import { formatCents } from "../../../../shared/money.ts";
import type { Order } from "../../../../shared/orders.schemas.ts";
import type {
	Quote,
	QuoteAcceptInput,
} from "../../../../shared/quotes.schemas.ts";
import {
	FulfilmentFieldset,
	fulfilmentRequest,
	type PointPickerProps,
	RecordsFieldset,
	useFulfilmentForm,
} from "../../../components/fulfilment-form.tsx";
import { BusyButton } from "../../../components/ui/busy-button.tsx";
import {
	describeError,
	FormError,
} from "../../../components/ui/form-error.tsx";
import { isAnswerLost } from "../../../lib/api-client.ts";
import { useAcceptQuote } from "../quotes.queries.ts";

/**
 * Accepting an answered quote: delivery to an address (prefilled, editable) or collection at a
 * receiving point (`renderPointPicker`), an optional purchase-order number and note, and
 * 'Accept and order'. The order is placed at the quoted price with an Idempotency-Key kept
 * across retries; a refusal (stock short, the answer changed, the quote lapsed) is shown above
 * the button.
 */
export function AcceptQuoteForm({
	quote,
	prefill,
	renderPointPicker,
	onAccepted,
}: {
	quote: Quote;
	prefill: DeliveryAddress;
	renderPointPicker: (props: PointPickerProps) => ReactNode;
	onAccepted: (order: Order) => void;
}) {
	const { acceptQuote, isPending } = useAcceptQuote(quote.id);
	const [failure, setFailure] = useState<string>();
	// Sent, and no answer came back: the order may exist. Offered again with the same key.
	const [unconfirmed, setUnconfirmed] = useState<QuoteAcceptInput>();
	const { form, noticePointGone, onSubmit, pointPicker } =
		useFulfilmentForm(prefill);

	async function send(input: QuoteAcceptInput) {
		setFailure(undefined);
		setUnconfirmed(undefined);
		try {
			onAccepted(await acceptQuote(input));
		} catch (error) {
			if (isAnswerLost(error)) {
				setUnconfirmed(input);
				return;
			}
			noticePointGone(error);
			setFailure(describeError(error));
		}
	}

	const submit = onSubmit((parsed) => {
		if (isPending) return;
		return send(fulfilmentRequest(parsed));
	});

	return (
		<form
			noValidate
			aria-label="Accept the quote"
			className="flex flex-col gap-6"
			onSubmit={(event) => void submit(event)}
		>
			<FulfilmentFieldset
				form={form}
				pointPicker={pointPicker}
				renderPointPicker={renderPointPicker}
			/>
			<RecordsFieldset form={form} />
			<div className="flex flex-col gap-3">
				<FormError message={failure} />
				<p>
					{`You order ${quote.quantity} pieces at the quoted ${formatCents(quote.unit_price_cents ?? 0)} each: `}
					<strong>{formatCents(quote.total_cents ?? 0)}</strong>
					{", to pay in My Orders like any order."}
				</p>
				<div>
					<BusyButton isBusy={isPending} className="btn btn-primary btn-lg">
						Accept and order
					</BusyButton>
				</div>
				{unconfirmed && (
					<div
						role="alert"
						className="alert alert-warning flex-col items-start"
					>
						<p>
							We could not confirm your order yet. Check My Orders before
							accepting again.
						</p>
						<button
							type="button"
							className="btn btn-sm"
							disabled={isPending}
							onClick={() => void send(unconfirmed)}
						>
							Try again
						</button>
					</div>
				)}
			</div>
		</form>
	);
}
