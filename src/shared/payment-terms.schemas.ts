import * as z from "zod/mini";
import { pageSchemaOf } from "./paging.schemas.ts";
import { dollarsToCents } from "./tools.schemas.ts";

/** The payment terms an approved business customer may be given: days to pay an invoice. */
export const NET_DAYS = [14, 30, 60] as const;
export type NetDays = (typeof NET_DAYS)[number];

/** $1,000,000.00: far above what a small manufacturer extends on account, below any typo's reach. */
export const CREDIT_LIMIT_MAX_CENTS = 100_000_000;

const MONEY = /^\d+(\.\d{1,2})?$/;

/** How checking out pays: by card in My Orders (the default), or by invoice on approved terms. */
export const PaymentMethodSchema = z.enum(["card", "invoice"]);
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;

/**
 * Approving a customer (or changing their terms): who, by the email of their account, how many
 * days they have to pay, and how much they may owe on open invoices at once, in dollars as text.
 */
export const PaymentTermsInputSchema = z.object({
	email: z
		.email("Enter the email address of the customer's account")
		.check(z.trim(), z.toLowerCase()),
	net_days: z.union(
		NET_DAYS.map((days) => z.literal(days)),
		"Payment terms must be net 14, 30 or 60 days",
	),
	credit_limit: z.string("Credit limit is required").check(
		z.trim(),
		z.minLength(1, { error: "Credit limit is required", abort: true }),
		z.regex(MONEY, {
			error: "Credit limit must be a number with at most two decimals",
			abort: true,
		}),
		z.refine(
			(text) => dollarsToCents(text) <= CREDIT_LIMIT_MAX_CENTS,
			"Credit limit must be $1,000,000 or less",
		),
	),
});
export type PaymentTermsInput = z.infer<typeof PaymentTermsInputSchema>;

export const PaymentTermsParamsSchema = z.object({
	userId: z.string().check(z.minLength(1), z.maxLength(100)),
});

/** An approved customer's terms as the admin sees them, with what they owe on open invoices. */
export const PaymentTermsSchema = z.object({
	user_id: z.string(),
	email: z.string(),
	name: z.string(),
	net_days: z.union(NET_DAYS.map((days) => z.literal(days))),
	credit_limit_cents: z.int().check(z.nonnegative()),
	/** The totals of their invoices not yet paid. */
	owed_cents: z.int().check(z.nonnegative()),
	approved_at: z.iso.datetime(),
	approved_by_email: z.string(),
});
export type PaymentTerms = z.infer<typeof PaymentTermsSchema>;
export const PaymentTermsPageSchema = pageSchemaOf(PaymentTermsSchema);

/** What a customer sees of their own terms at checkout: null when they are not approved. */
export const OwnPaymentTermsSchema = z.object({
	terms: z.nullable(
		z.object({
			net_days: z.union(NET_DAYS.map((days) => z.literal(days))),
			credit_limit_cents: z.int().check(z.nonnegative()),
			owed_cents: z.int().check(z.nonnegative()),
			/** What one more invoice may still total. */
			available_cents: z.int().check(z.nonnegative()),
		}),
	),
});
export type OwnPaymentTerms = z.infer<typeof OwnPaymentTermsSchema>;

/** An invoice past its due date and not yet paid, for the admin's overdue list. */
export const OverdueInvoiceSchema = z.object({
	order_id: z.string(),
	/** The invoice's number ("2026-000123"). */
	invoice_number: z.nullable(z.string()),
	email: z.string(),
	user_name: z.string(),
	total_cents: z.int().check(z.nonnegative()),
	due_at: z.iso.datetime(),
	days_overdue: z.int().check(z.nonnegative()),
});
export type OverdueInvoice = z.infer<typeof OverdueInvoiceSchema>;
export const OverdueInvoicePageSchema = pageSchemaOf(OverdueInvoiceSchema);

/** Recording that an invoice was paid (a bank transfer arrived): its reference, for the books. */
export const InvoicePaymentInputSchema = z.object({
	reference: z
		.string("Payment reference is required")
		.check(
			z.trim(),
			z.minLength(1, "Payment reference is required"),
			z.maxLength(100, "Payment reference must be 100 characters or fewer"),
		),
});
export type InvoicePaymentInput = z.infer<typeof InvoicePaymentInputSchema>;
