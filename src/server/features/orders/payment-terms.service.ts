import { formatCents } from "../../../shared/money.ts";
import type { Page, PageQuery } from "../../../shared/paging.schemas.ts";
import type {
	OverdueInvoice,
	OwnPaymentTerms,
	PaymentTerms,
	PaymentTermsInput,
} from "../../../shared/payment-terms.schemas.ts";
import { dollarsToCents } from "../../../shared/tools.schemas.ts";
import type { Viewer } from "../../platform/auth/session-guard.ts";
import type { Db } from "../../platform/db/database.ts";
import { readPage } from "../../platform/db/paging.ts";
import {
	AppError,
	ConflictError,
	NotFoundError,
} from "../../platform/http/errors.ts";
import { listInvoicesOfOrders } from "../invoices/invoices.service.ts";
import {
	countOverdueInvoices,
	countPaymentTerms,
	deletePaymentTerms,
	findOverdueInvoicesPage,
	findPaymentTerms,
	findPaymentTermsPage,
	findUserByEmail,
	type StoredPaymentTerms,
	savePaymentTerms,
	sumOwedOnInvoices,
} from "./payment-terms.repository.ts";

const DAY_MS = 86_400_000;

/**
 * Refuses paying by invoice beyond what the customer's terms allow, inside the checkout's
 * transaction (after the customer's lock, so two checkouts of one customer are counted one after
 * the other): an account without terms, or an order that takes what they owe on open invoices
 * above their credit limit. Answers the terms the order is placed on.
 */
export async function refuseBeyondCreditLimit(
	trx: Db,
	userId: string,
	totalCents: number,
): Promise<StoredPaymentTerms> {
	const terms = await findPaymentTerms(trx, userId);
	if (!terms)
		throw new AppError(
			403,
			"FORBIDDEN",
			"Your account is not approved to pay by invoice. Choose to pay by card.",
		);
	const owed = await sumOwedOnInvoices(trx, userId);
	if (owed + totalCents > terms.credit_limit_cents) {
		const message = `Paying by invoice, this order would bring what you owe to ${formatCents(owed + totalCents)}, above your credit limit of ${formatCents(terms.credit_limit_cents)}. Pay an open invoice first, or pay this order by card.`;
		throw new ConflictError(message, [{ field: "payment_method", message }]);
	}
	return terms;
}

/** When an invoice of an order placed at `placedAt` on `netDays` terms is due. */
export function dueDateOf(placedAt: Date, netDays: number): string {
	return new Date(placedAt.getTime() + netDays * DAY_MS).toISOString();
}

async function approve(
	db: Db,
	admin: Viewer,
	input: PaymentTermsInput,
): Promise<PaymentTerms> {
	const user = await findUserByEmail(db, input.email);
	if (!user)
		throw new NotFoundError(
			`No account uses ${input.email}. The customer signs up first, then is approved.`,
		);
	await savePaymentTerms(db, {
		user_id: user.id,
		net_days: input.net_days,
		credit_limit_cents: dollarsToCents(input.credit_limit),
		approved_at: new Date().toISOString(),
		approved_by_email: admin.email,
	});
	const saved = await findPaymentTerms(db, user.id);
	if (!saved) throw new Error("the payment terms just saved are missing");
	return {
		...saved,
		email: input.email,
		name: user.name,
		owed_cents: await sumOwedOnInvoices(db, user.id),
	};
}

async function revoke(db: Db, userId: string): Promise<void> {
	if (!(await deletePaymentTerms(db, userId)))
		throw new NotFoundError("This customer has no payment terms");
}

function listTerms(db: Db, query: PageQuery): Promise<Page<PaymentTerms>> {
	return readPage(
		query,
		(offset, limit) => findPaymentTermsPage(db, offset, limit),
		() => countPaymentTerms(db),
	);
}

async function ownTerms(db: Db, viewer: Viewer): Promise<OwnPaymentTerms> {
	const terms = await findPaymentTerms(db, viewer.id);
	if (!terms) return { terms: null };
	const owed = await sumOwedOnInvoices(db, viewer.id);
	return {
		terms: {
			net_days: terms.net_days,
			credit_limit_cents: terms.credit_limit_cents,
			owed_cents: owed,
			available_cents: Math.max(0, terms.credit_limit_cents - owed),
		},
	};
}

async function listOverdue(
	db: Db,
	query: PageQuery,
	now = new Date(),
): Promise<Page<OverdueInvoice>> {
	const at = now.toISOString();
	const page = await readPage(
		query,
		(offset, limit) => findOverdueInvoicesPage(db, at, offset, limit),
		() => countOverdueInvoices(db, at),
	);
	const invoices = await listInvoicesOfOrders(
		db,
		page.items.map((item) => item.order_id),
	);
	return {
		...page,
		items: page.items.map((item) => ({
			...item,
			invoice_number:
				invoices
					.get(item.order_id)
					?.find((invoice) => invoice.kind === "invoice")?.number ?? null,
			days_overdue: Math.floor(
				(now.getTime() - Date.parse(item.due_at)) / DAY_MS,
			),
		})),
	};
}

/** Payment terms as the routes use them: the admin's approvals and overdue list, a customer's own. */
export function createPaymentTermsUseCases({ db }: { db: Db }) {
	return {
		approve: (admin: Viewer, input: PaymentTermsInput) =>
			approve(db, admin, input),
		revoke: (userId: string) => revoke(db, userId),
		listTerms: (query: PageQuery) => listTerms(db, query),
		ownTerms: (viewer: Viewer) => ownTerms(db, viewer),
		listOverdue: (query: PageQuery) => listOverdue(db, query),
	};
}

export type PaymentTermsUseCases = ReturnType<
	typeof createPaymentTermsUseCases
>;
