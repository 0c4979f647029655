import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useMemo, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import * as z from "zod/mini";
import { formatCents } from "../../../../shared/money.ts";
import {
	type Order,
	type OrderLine,
	REFUND_REASON_MAX,
	type RefundInput,
	RefundInputSchema,
} from "../../../../shared/orders.schemas.ts";
import { BusyButton } from "../../../components/ui/busy-button.tsx";
import { TextAreaField, TextField } from "../../../components/ui/field.tsx";
import {
	describeError,
	FormError,
} from "../../../components/ui/form-error.tsx";
import { Modal } from "../../../components/ui/modal.tsx";
import { ApiError } from "../../../lib/api-client.ts";

/** A line with pieces still to give back, and how many. */
type RefundableLine = OrderLine & { left: number };

/** The lines of the order that still have pieces to refund, in the order's own order. */
export function refundableLines(order: Order): RefundableLine[] {
	return order.lines
		.map((line) => ({ ...line, left: line.quantity - line.refunded_quantity }))
		.filter((line) => line.left > 0);
}

/** What the order has left to give back: its total less every refund so far. */
export function amountLeftToRefund(order: Order): number {
	return Math.max(0, order.total_cents - order.refunded_cents);
}

/** The pieces typed for a line: an empty box is none. */
const toPieces = (text: string) => (text.trim() === "" ? 0 : Number(text));

/**
 * What to refund: a number of pieces per refundable line (each from 0 to what is left of it, at
 * least one piece in all), unless everything left is refunded. Checked on its own, apart from the
 * reason, so that a missing reason and a bad line are both told at once.
 */
function refundChoiceSchema(lines: readonly RefundableLine[]) {
	return z
		.object({ everything: z.boolean(), pieces: z.array(z.string()) })
		.check(
			z.superRefine((choice, context) => {
				if (choice.everything) return;
				let chosen = 0;
				let hasBadLine = false;
				choice.pieces.forEach((text, index) => {
					const line = lines[index];
					if (!line) return;
					const pieces = toPieces(text);
					const issue = (message: string) => {
						hasBadLine = true;
						context.issues.push({
							code: "custom",
							message,
							input: text,
							path: ["pieces", index],
						});
					};
					if (!Number.isInteger(pieces) || pieces < 0)
						issue("Pieces must be a whole number from 0");
					else if (pieces > line.left)
						issue(
							`Only ${line.left} ${line.left === 1 ? "piece is" : "pieces are"} left to refund`,
						);
					else chosen += pieces;
				});
				if (chosen === 0 && !hasBadLine)
					context.issues.push({
						code: "custom",
						message: "Choose at least one piece to refund",
						input: choice.pieces,
						path: ["everything"],
					});
			}),
		);
}

/** The refund form's fields: what to refund, and the shared reason. */
function refundFormSchema(lines: readonly RefundableLine[]) {
	return z.object({
		choice: refundChoiceSchema(lines),
		reason: RefundInputSchema.shape.reason,
	});
}
type RefundFormValues = z.infer<ReturnType<typeof refundFormSchema>>;

/** The refund the form asks for: the pieces chosen per line, or everything left. */
function toRefundInput(
	lines: readonly RefundableLine[],
	form: RefundFormValues,
): RefundInput {
	if (form.choice.everything) return { reason: form.reason };
	return {
		lines: lines
			.map((line, index) => ({
				tool_id: line.tool_id,
				quantity: toPieces(form.choice.pieces[index] ?? ""),
			}))
			.filter((line) => line.quantity > 0),
		reason: form.reason,
	};
}

/**
 * What the refund gives back, from the lines' unit prices as the shop computes it: never more
 * than what is left of the order (part of it may have been refunded at the payment provider).
 */
function refundAmount(
	order: Order,
	lines: readonly RefundableLine[],
	everything: boolean,
	pieces: readonly string[],
): number {
	const left = amountLeftToRefund(order);
	if (everything) return left;
	const asked = lines.reduce((sum, line, index) => {
		const count = toPieces(pieces[index] ?? "");
		return Number.isInteger(count) && count > 0 && count <= line.left
			? sum + line.price_cents * count
			: sum;
	}, 0);
	return Math.min(asked, left);
}

/**
 * 'Refund': the pieces to give back of each line (at most what is left of it), or everything
 * left, and the reason, with the amount that will be refunded. `onRefund` throws when the shop
 * refuses; the dialog then says why, beside the line concerned when it names one.
 */
export function RefundOrderDialog({
	order,
	isOpen,
	onRefund,
	onClose,
}: {
	order: Order;
	isOpen: boolean;
	onRefund: (input: RefundInput) => Promise<unknown>;
	onClose: () => void;
}) {
	return (
		<Modal isOpen={isOpen} title="Refund this order" onClose={onClose}>
			<RefundOrderForm order={order} onRefund={onRefund} onClose={onClose} />
		</Modal>
	);
}

function RefundOrderForm({
	order,
	onRefund,
	onClose,
}: {
	order: Order;
	onRefund: (input: RefundInput) => Promise<unknown>;
	onClose: () => void;
}) {
	// The lines as they were when the dialog opened: the fields stay put while the order reloads.
	const [lines] = useState(() => refundableLines(order));
	const schema = useMemo(() => refundFormSchema(lines), [lines]);
	const [failure, setFailure] = useState<string>();
	const choiceErrorId = useId();
	const {
		control,
		register,
		handleSubmit,
		setError,
		formState: { errors, isSubmitting },
	} = useForm<RefundFormValues>({
		resolver: zodResolver(schema),
		defaultValues: {
			choice: { everything: false, pieces: lines.map(() => "0") },
			reason: "",
		},
	});
	const everything = useWatch({ control, name: "choice.everything" });
	const pieces = useWatch({ control, name: "choice.pieces" });
	const amount = refundAmount(order, lines, everything, pieces);

	return (
		<form
			noValidate
			className="space-y-3"
			onSubmit={handleSubmit(async (form) => {
				setFailure(undefined);
				try {
					await onRefund(toRefundInput(lines, form));
				} catch (error) {
					setFailure(describeError(error));
					// A line the shop names (pieces refunded meanwhile) is marked where it is typed.
					if (error instanceof ApiError)
						for (const issue of error.details) {
							const index = lines.findIndex(
								(line) => issue.field === `lines.${line.tool_id}`,
							);
							if (index >= 0)
								setError(`choice.pieces.${index}`, {
									message: issue.message,
								});
						}
				}
			})}
		>
			<FormError message={failure} />
			<label className="flex cursor-pointer items-center gap-3">
				<input
					type="checkbox"
					className="checkbox checkbox-primary"
					aria-describedby={
						errors.choice?.everything ? choiceErrorId : undefined
					}
					{...register("choice.everything")}
				/>
				<span>Refund everything left</span>
			</label>
			<fieldset
				className="min-w-0 space-y-3 disabled:opacity-60"
				disabled={everything}
			>
				<legend className="sr-only">Pieces to refund by line</legend>
				{lines.map((line, index) => (
					<TextField
						key={line.tool_id}
						label={`Pieces of ${line.tool_name} to refund`}
						hint={`${line.left} of ${line.quantity} left to refund, ${formatCents(line.price_cents)} each`}
						type="number"
						inputMode="numeric"
						min={0}
						max={line.left}
						step={1}
						error={errors.choice?.pieces?.[index]?.message}
						{...register(`choice.pieces.${index}`)}
					/>
				))}
			</fieldset>
			{errors.choice?.everything?.message && (
				<p id={choiceErrorId} className="text-sm text-error">
					{errors.choice.everything.message}
				</p>
			)}
			<TextAreaField
				label="Reason"
				hint="Printed on the credit note the customer receives"
				rows={2}
				maxLength={REFUND_REASON_MAX}
				error={errors.reason?.message}
				{...register("reason")}
			/>
			<p className="flex justify-between text-lg" aria-live="polite">
				<span>To refund</span>
				<strong>{formatCents(amount)}</strong>
			</p>
			<div className="modal-action">
				<button type="button" className="btn" onClick={onClose}>
					Cancel
				</button>
				<BusyButton isBusy={isSubmitting} className="btn btn-error">
					{`Refund ${formatCents(amount)}`}
				</BusyButton>
			</div>
		</form>
	);
}
