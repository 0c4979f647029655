import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import * as z from "zod/mini";
import {
	type AdminQuote,
	addDays,
	dayProblem,
	QUOTE_NOTE_MAX,
	type QuoteAnswerInput,
	QuoteAnswerInputSchema,
	type QuoteDeclineInput,
	QuoteDeclineInputSchema,
	utcDay,
	VALID_UNTIL_RANGE,
} from "../../../../shared/quotes.schemas.ts";
import { centsToDollars } from "../../../../shared/tools.schemas.ts";
import { BusyButton } from "../../../components/ui/busy-button.tsx";
import { TextAreaField, TextField } from "../../../components/ui/field.tsx";
import {
	describeError,
	FormError,
} from "../../../components/ui/form-error.tsx";
import { Modal } from "../../../components/ui/modal.tsx";
import { QuoteAsked } from "./quote-facts.tsx";

/** An answer holds for two weeks unless the admin picks another day. */
const DEFAULT_VALID_DAYS = 14;

/** The server's checks, and the day's range against the browser's today (UTC). */
const AnswerFormSchema = z.object({
	...QuoteAnswerInputSchema.shape,
	valid_until: QuoteAnswerInputSchema.shape.valid_until.check(
		z.superRefine((day, context) => {
			const message = dayProblem(
				"Valid until",
				day,
				utcDay(),
				VALID_UNTIL_RANGE,
			);
			if (message) context.addIssue({ code: "custom", message, input: day });
		}),
	),
});

/** Who asked, for what: the request the admin answers or declines, as the dialog shows it. */
function RequestSummary({ quote }: { quote: AdminQuote }) {
	return (
		<div className="space-y-2 rounded-box bg-base-200 p-3">
			<p className="text-sm">
				<span className="font-medium">{quote.tool_name}</span>{" "}
				<span className="font-mono text-xs">{quote.sku}</span>
				{` for ${quote.user_name} (${quote.email})`}
			</p>
			<QuoteAsked quote={quote} />
		</div>
	);
}

/**
 * 'Answer': a unit price, the last day it holds (UTC) and a note for the customer, who is mailed
 * the answer. An answered quote opens with its answer, to change it. `onAnswer` throws when the
 * shop refuses; the dialog then says why and keeps what was typed.
 */
export function AnswerQuoteDialog({
	quote,
	onAnswer,
	onClose,
}: {
	quote: AdminQuote | undefined;
	onAnswer: (quote: AdminQuote, input: QuoteAnswerInput) => Promise<unknown>;
	onClose: () => void;
}) {
	return (
		<Modal
			isOpen={quote !== undefined}
			title={
				quote?.status === "requested" ? "Answer the request" : "Answer again"
			}
			onClose={onClose}
		>
			{quote && (
				<AnswerForm quote={quote} onAnswer={onAnswer} onClose={onClose} />
			)}
		</Modal>
	);
}

function AnswerForm({
	quote,
	onAnswer,
	onClose,
}: {
	quote: AdminQuote;
	onAnswer: (quote: AdminQuote, input: QuoteAnswerInput) => Promise<unknown>;
	onClose: () => void;
}) {
	const [failure, setFailure] = useState<string>();
	const today = utcDay();
	const {
		register,
		handleSubmit,
		formState: { errors, isSubmitting },
	} = useForm<QuoteAnswerInput>({
		resolver: zodResolver(AnswerFormSchema),
		defaultValues: {
			unit_price:
				quote.unit_price_cents === null
					? ""
					: centsToDollars(quote.unit_price_cents),
			valid_until:
				quote.status === "answered" && quote.valid_until
					? quote.valid_until
					: addDays(today, DEFAULT_VALID_DAYS),
			note: quote.admin_note ?? "",
		},
	});
	return (
		<form
			noValidate
			className="space-y-3"
			onSubmit={handleSubmit(async (input) => {
				setFailure(undefined);
				try {
					await onAnswer(quote, { ...input, note: input.note || undefined });
				} catch (error) {
					setFailure(describeError(error));
				}
			})}
		>
			<RequestSummary quote={quote} />
			<FormError message={failure} />
			<TextField
				label="Unit price in dollars"
				inputMode="decimal"
				autoComplete="off"
				error={errors.unit_price?.message}
				{...register("unit_price")}
			/>
			<TextField
				label="Valid until (its last day, UTC)"
				type="date"
				min={today}
				max={addDays(today, VALID_UNTIL_RANGE.latest)}
				error={errors.valid_until?.message}
				{...register("valid_until")}
			/>
			<TextAreaField
				label="Note for the customer (optional)"
				rows={3}
				maxLength={QUOTE_NOTE_MAX}
				error={errors.note?.message}
				{...register("note")}
			/>
			<p className="text-sm">The customer is mailed the answer.</p>
			<div className="modal-action">
				<button type="button" className="btn" onClick={onClose}>
					Cancel
				</button>
				<BusyButton isBusy={isSubmitting}>Send answer</BusyButton>
			</div>
		</form>
	);
}

/** 'Decline': an optional note; the customer is mailed unless their account is gone. */
export function DeclineQuoteDialog({
	quote,
	onDecline,
	onClose,
}: {
	quote: AdminQuote | undefined;
	onDecline: (quote: AdminQuote, input: QuoteDeclineInput) => Promise<unknown>;
	onClose: () => void;
}) {
	return (
		<Modal
			isOpen={quote !== undefined}
			title="Decline the request"
			onClose={onClose}
		>
			{quote && (
				<DeclineForm quote={quote} onDecline={onDecline} onClose={onClose} />
			)}
		</Modal>
	);
}

function DeclineForm({
	quote,
	onDecline,
	onClose,
}: {
	quote: AdminQuote;
	onDecline: (quote: AdminQuote, input: QuoteDeclineInput) => Promise<unknown>;
	onClose: () => void;
}) {
	const [failure, setFailure] = useState<string>();
	const {
		register,
		handleSubmit,
		formState: { errors, isSubmitting },
	} = useForm<QuoteDeclineInput>({
		resolver: zodResolver(QuoteDeclineInputSchema),
		defaultValues: { note: "" },
	});
	return (
		<form
			noValidate
			className="space-y-3"
			onSubmit={handleSubmit(async (input) => {
				setFailure(undefined);
				try {
					await onDecline(quote, input.note ? input : {});
				} catch (error) {
					setFailure(describeError(error));
				}
			})}
		>
			<RequestSummary quote={quote} />
			<FormError message={failure} />
			<TextAreaField
				label="Note for the customer (optional)"
				rows={3}
				maxLength={QUOTE_NOTE_MAX}
				error={errors.note?.message}
				{...register("note")}
			/>
			<p className="text-sm">
				{quote.has_account
					? "The customer is mailed that the request is declined."
					: "The customer's account was removed: nobody is mailed."}
			</p>
			<div className="modal-action">
				<button type="button" className="btn" onClick={onClose}>
					Cancel
				</button>
				<BusyButton isBusy={isSubmitting} className="btn btn-error">
					Decline request
				</BusyButton>
			</div>
		</form>
	);
}
