import { zodResolver } from "@hookform/resolvers/zod";
import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import * as z from "zod/mini";
import { smallestOrder } from "../../../../shared/purchase-rule.ts";
import {
	addDays,
	dayProblem,
	NEEDED_BY_RANGE,
	QUOTE_NOTE_MAX,
	type Quote,
	QuoteRequestFieldSchemas,
	type QuoteRequestInput,
	utcDay,
} from "../../../../shared/quotes.schemas.ts";
import type { Tool } from "../../../../shared/tools.schemas.ts";
import { BusyButton } from "../../../components/ui/busy-button.tsx";
import { TextAreaField, TextField } from "../../../components/ui/field.tsx";
import {
	describeError,
	FormError,
} from "../../../components/ui/form-error.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { useRequestQuote } from "../quotes.queries.ts";

type FormValues = {
	quantity: string;
	wanted_price: string;
	needed_by: string;
	note: string;
};
type FieldName = keyof FormValues;

/** A field that may be left blank, checked with the shared schema when it is not. */
function blankOr(schema: z.ZodMiniType<string>) {
	return z.string().check(
		z.superRefine((text, context) => {
			if (text.trim() === "") return;
			const parsed = schema.safeParse(text);
			if (!parsed.success)
				context.addIssue({
					code: "custom",
					message: parsed.error.issues[0]?.message ?? "Not valid",
					input: text,
				});
		}),
	);
}

/**
 * The form's checks, with the server's messages: a whole number of packs from the tool's minimum
 * (the stock is no limit: that is what quotes are for), and the optional fields.
 */
function requestFormSchema(tool: Tool) {
	return z.object({
		quantity: z.string().check(
			z.superRefine((text, context) => {
				const quantity = Number(text.trim());
				const message =
					!/^\d+$/.test(text.trim()) || quantity <= 0
						? "Enter a whole number of pieces."
						: quantity < tool.minimum_quantity
							? `Your minimum order is ${tool.minimum_quantity} pieces.`
							: quantity % tool.pack_size !== 0
								? `Order in packs of ${tool.pack_size} pieces.`
								: undefined;
				if (message) context.addIssue({ code: "custom", message, input: text });
			}),
		),
		wanted_price: blankOr(QuoteRequestFieldSchemas.wanted_price),
		needed_by: blankOr(QuoteRequestFieldSchemas.needed_by).check(
			z.superRefine((day, context) => {
				if (day === "") return;
				const message = dayProblem("Needed by", day, utcDay(), NEEDED_BY_RANGE);
				if (message) context.addIssue({ code: "custom", message, input: day });
			}),
		),
		note: blankOr(QuoteRequestFieldSchemas.note),
	});
}

const FIELDS: readonly FieldName[] = [
	"quantity",
	"wanted_price",
	"needed_by",
	"note",
];

/** What the form sends: the tool, the quantity, and only the optional fields filled in. */
function toInput(tool: Tool, values: FormValues): QuoteRequestInput {
	const wanted = values.wanted_price.trim();
	const neededBy = values.needed_by.trim();
	const note = values.note.trim();
	return {
		tool_id: tool.id,
		quantity: Number(values.quantity.trim()),
		...(wanted ? { wanted_price: wanted } : {}),
		...(neededBy ? { needed_by: neededBy } : {}),
		...(note ? { note } : {}),
	};
}

/**
 * 'Request a quote' for one tool: how many pieces, and optionally the unit price wanted, the day
 * they are needed by and a note for the shop. A field the shop refuses is marked beside it.
 */
export function QuoteRequestForm({
	tool,
	onRequested,
}: {
	tool: Tool;
	onRequested: (quote: Quote) => void;
}) {
	const request = useRequestQuote();
	const [failure, setFailure] = useState<string>();
	const schema = useMemo(() => requestFormSchema(tool), [tool]);
	const form = useForm<FormValues>({
		resolver: zodResolver(schema),
		defaultValues: {
			quantity: String(smallestOrder(tool)),
			wanted_price: "",
			needed_by: "",
			note: "",
		},
	});
	const { errors } = form.formState;
	const today = utcDay();

	const submit = form.handleSubmit(async (values) => {
		setFailure(undefined);
		try {
			onRequested(await request.mutateAsync(toInput(tool, values)));
		} catch (error) {
			const fields =
				error instanceof ApiError
					? error.details.filter((issue) =>
							FIELDS.some((name) => name === issue.field),
						)
					: [];
			for (const issue of fields)
				form.setError(issue.field as FieldName, { message: issue.message });
			if (fields.length === 0) setFailure(describeError(error));
		}
	});

	return (
		<form
			noValidate
			aria-label="Request a quote"
			className="flex flex-col gap-3"
			onSubmit={(event) => void submit(event)}
		>
			<FormError message={failure} />
			<TextField
				label="Quantity"
				type="number"
				inputMode="numeric"
				min={smallestOrder(tool)}
				step={tool.pack_size}
				hint={
					tool.pack_size > 1
						? `At least ${tool.minimum_quantity} pieces, in packs of ${tool.pack_size}. More than the stock is fine.`
						: `At least ${tool.minimum_quantity} pieces. More than the stock is fine.`
				}
				error={errors.quantity?.message}
				{...form.register("quantity")}
			/>
			<TextField
				label="Wanted unit price in dollars (optional)"
				inputMode="decimal"
				autoComplete="off"
				error={errors.wanted_price?.message}
				{...form.register("wanted_price")}
			/>
			<TextField
				label="Needed by (optional)"
				type="date"
				min={today}
				max={addDays(today, NEEDED_BY_RANGE.latest)}
				error={errors.needed_by?.message}
				{...form.register("needed_by")}
			/>
			<TextAreaField
				label="Note for the shop (optional)"
				rows={4}
				maxLength={QUOTE_NOTE_MAX}
				error={errors.note?.message}
				{...form.register("note")}
			/>
			<div>
				<BusyButton isBusy={request.isPending}>Request quote</BusyButton>
			</div>
		</form>
	);
}
