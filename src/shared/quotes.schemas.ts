import * as z from "zod/mini";
import {
	CheckoutInputSchema,
	FulfilmentInputSchema,
} from "./checkout.schemas.ts";
import { OrderIdSchema } from "./orders.schemas.ts";
import { PageQuerySchema, pageSchemaOf } from "./paging.schemas.ts";
import { OrderQuantitySchema } from "./quantity.schemas.ts";
import {
	dollarsToCents,
	TOOL_PRICE_MAX_CENTS,
	ToolIdSchema,
} from "./tools.schemas.ts";

/**
 * A quote's life: requested → answered (a unit price valid until a day) → accepted (an order at
 * that price); requested or answered → declined by the shop or withdrawn by the customer. An
 * answered quote may be answered again until it is accepted. "lapsed" is never stored: it is how
 * an answered quote reads once its last day (UTC) has passed; it can no longer be accepted.
 */
export const STORED_QUOTE_STATUSES = [
	"requested",
	"answered",
	"declined",
	"accepted",
	"withdrawn",
] as const;
export type StoredQuoteStatus = (typeof STORED_QUOTE_STATUSES)[number];
export const QUOTE_STATUSES = [...STORED_QUOTE_STATUSES, "lapsed"] as const;
export const QuoteStatusSchema = z.enum(
	QUOTE_STATUSES,
	`status must be one of ${QUOTE_STATUSES.join(", ")}`,
);
export type QuoteStatus = z.infer<typeof QuoteStatusSchema>;

export const QuoteIdSchema = z.uuid("Quote id must be a UUID");
export const QuoteParamsSchema = z.object({ quoteId: QuoteIdSchema });

/** Open requests (asked, or answered and still valid) one account may hold at once. */
export const MAX_OPEN_QUOTES = 10;
export const QUOTE_NOTE_MAX = 1000;
/** An answer is valid for a year at most: prices that far out are a contract, not a quote. */
export const QUOTE_VALID_DAYS_MAX = 365;
/** "Needed by" at most this many days ahead. */
export const QUOTE_NEEDED_BY_DAYS_MAX = 730;
/** The Quote Requests page shows this many a page; My Quotes loads this many at a time. */
export const ADMIN_QUOTES_PAGE_SIZE = 20;
export const MY_QUOTES_PAGE_SIZE = 9;

const MONEY = /^\d+(\.\d{1,2})?$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A day that exists: Date.parse would roll "2026-02-30" over to 2 March instead of refusing it. */
const CalendarDaySchema = z.iso.date();

/** Today in UTC as YYYY-MM-DD: the day quotes lapse by, on the server and in every browser. */
export function utcDay(at: Date = new Date()): string {
	return at.toISOString().slice(0, 10);
}

/** The day `days` after `day` (YYYY-MM-DD), in UTC. */
export function addDays(day: string, days: number): string {
	const at = new Date(`${day}T00:00:00.000Z`);
	at.setUTCDate(at.getUTCDate() + days);
	return utcDay(at);
}

/** Dollars as typed ("24.99"): more than 0, two decimals at most, $100,000 at most. */
function dollarsText(name: string) {
	return z.string(`${name} is required`).check(
		z.trim(),
		z.minLength(1, { error: `${name} is required`, abort: true }),
		z.regex(MONEY, {
			error: `${name} must be a number with at most two decimals`,
			abort: true,
		}),
		z.refine((text) => dollarsToCents(text) > 0, {
			error: `${name} must be more than 0`,
			abort: true,
		}),
		z.refine(
			(text) => dollarsToCents(text) <= TOOL_PRICE_MAX_CENTS,
			`${name} must be $100,000 or less`,
		),
	);
}

/** A day as YYYY-MM-DD that exists; how far ahead it may be is the service's check (dayProblem). */
function dayText(name: string) {
	return z.string(`${name} is required`).check(
		z.trim(),
		z.regex(DAY, { error: `${name} must be a day (YYYY-MM-DD)`, abort: true }),
		z.refine(
			(day) => CalendarDaySchema.safeParse(day).success,
			`${name} is not a real day`,
		),
	);
}

function noteText(name: string) {
	return z
		.string()
		.check(
			z.trim(),
			z.maxLength(
				QUOTE_NOTE_MAX,
				`${name} must be ${QUOTE_NOTE_MAX} characters or fewer`,
			),
		);
}

/**
 * Why a day is out of the range it must be in, or undefined: from `earliest` to `latest` days
 * after today (UTC), both included. The server checks with its today, the form with the browser's.
 */
export function dayProblem(
	name: string,
	day: string,
	today: string,
	{ earliest, latest }: { earliest: number; latest: number },
): string | undefined {
	if (day < addDays(today, earliest))
		return earliest === 0
			? `${name} must be today or later`
			: `${name} cannot be in the past`;
	if (day > addDays(today, latest))
		return `${name} must be within ${latest} days`;
	return undefined;
}

/**
 * "Needed by" may be the day before today in UTC: for a customer west of Greenwich, their today
 * is still UTC's yesterday in the evening.
 */
export const NEEDED_BY_RANGE = {
	earliest: -1,
	latest: QUOTE_NEEDED_BY_DAYS_MAX,
} as const;
export const VALID_UNTIL_RANGE = {
	earliest: 0,
	latest: QUOTE_VALID_DAYS_MAX,
} as const;

/**
 * Asking for a quote: a tool, a quantity (a whole number from the tool's minimum order, in whole
 * packs; above the stock is fine, that is what quotes are for), and optionally the unit price
 * wanted, the day it is needed by and a note. The price and the answer are the shop's.
 */
export const QuoteRequestInputSchema = z.object({
	tool_id: ToolIdSchema,
	quantity: OrderQuantitySchema,
	wanted_price: z.optional(dollarsText("Wanted price")),
	needed_by: z.optional(dayText("Needed by")),
	note: z.optional(noteText("Note")),
});

/** The request's optional fields on their own, for a form that leaves them blank. */
export const QuoteRequestFieldSchemas = {
	wanted_price: dollarsText("Wanted price"),
	needed_by: dayText("Needed by"),
	note: noteText("Note"),
};
export type QuoteRequestInput = z.infer<typeof QuoteRequestInputSchema>;

/** The shop's answer: a unit price in dollars, the last day it holds (UTC), and a note. */
export const QuoteAnswerInputSchema = z.object({
	unit_price: dollarsText("Unit price"),
	valid_until: dayText("Valid until"),
	note: z.optional(noteText("Note")),
});
export type QuoteAnswerInput = z.infer<typeof QuoteAnswerInputSchema>;

export const QuoteDeclineInputSchema = z.object({
	note: z.optional(noteText("Note")),
});
export type QuoteDeclineInput = z.infer<typeof QuoteDeclineInputSchema>;

/** Accepting an answered quote: where the goods go, and the customer's references, as at checkout. */
export const QuoteAcceptInputSchema = z.object({
	fulfilment: FulfilmentInputSchema,
	purchase_order: CheckoutInputSchema.shape.purchase_order,
	note: CheckoutInputSchema.shape.note,
});
export type QuoteAcceptInput = z.infer<typeof QuoteAcceptInputSchema>;

const Day = z.string();
const Timestamp = z.iso.datetime();

/**
 * A quote as its customer sees it: the tool and part number as they were when asked, what was
 * asked, and the shop's answer (`total_cents` is the unit price times the quantity) once there is
 * one. `order_id` names the order an accepted quote became.
 */
export const QuoteSchema = z.object({
	id: QuoteIdSchema,
	tool_id: ToolIdSchema,
	tool_name: z.string(),
	sku: z.string(),
	quantity: z.int().check(z.positive()),
	wanted_price_cents: z.nullable(z.int()),
	needed_by: z.nullable(Day),
	customer_note: z.nullable(z.string()),
	status: QuoteStatusSchema,
	unit_price_cents: z.nullable(z.int()),
	total_cents: z.nullable(z.int()),
	valid_until: z.nullable(Day),
	admin_note: z.nullable(z.string()),
	answered_at: z.nullable(Timestamp),
	order_id: z.nullable(OrderIdSchema),
	accepted_at: z.nullable(Timestamp),
	created_at: Timestamp,
	updated_at: Timestamp,
});
export type Quote = z.infer<typeof QuoteSchema>;

export const QuotePageSchema = pageSchemaOf(QuoteSchema);
export type QuotePage = z.infer<typeof QuotePageSchema>;

/**
 * A quote as the admins see it: the customer's email and name as they were, whether the account
 * still exists (a removed one's request can only be declined), and which admin answered it.
 */
export const AdminQuoteSchema = z.extend(QuoteSchema, {
	email: z.string(),
	user_name: z.string(),
	has_account: z.boolean(),
	answered_by_email: z.nullable(z.string()),
});
export type AdminQuote = z.infer<typeof AdminQuoteSchema>;

export const AdminQuotePageSchema = pageSchemaOf(AdminQuoteSchema);
export type AdminQuotePage = z.infer<typeof AdminQuotePageSchema>;

export const AdminQuoteListQuerySchema = z.object({
	...PageQuerySchema.shape,
	page_size: z._default(
		PageQuerySchema.shape.page_size,
		ADMIN_QUOTES_PAGE_SIZE,
	),
	status: z.optional(QuoteStatusSchema),
});
export type AdminQuoteListQuery = z.infer<typeof AdminQuoteListQuerySchema>;
