import { sql } from "kysely";
import type { NetDays } from "../../../shared/payment-terms.schemas.ts";
import type { Db } from "../../platform/db/database.ts";

export type StoredPaymentTerms = {
	user_id: string;
	net_days: NetDays;
	credit_limit_cents: number;
	approved_at: string;
	approved_by_email: string;
};

/** The customer's terms, or undefined when they are not approved to pay by invoice. */
export async function findPaymentTerms(
	db: Db,
	userId: string,
): Promise<StoredPaymentTerms | undefined> {
	const row = await db
		.selectFrom("payment_terms")
		.select([
			"user_id",
			"net_days",
			"credit_limit_cents",
			"approved_at",
			"approved_by_email",
		])
		.where("user_id", "=", userId)
		.executeTakeFirst();
	return (
		row && {
			...row,
			net_days: row.net_days as NetDays,
			credit_limit_cents: Number(row.credit_limit_cents),
		}
	);
}

/** Approves a customer, or changes their terms: the first approval's time stays, the approver is the last to set them. */
export async function savePaymentTerms(
	db: Db,
	terms: StoredPaymentTerms,
): Promise<void> {
	await db
		.insertInto("payment_terms")
		.values({ ...terms, updated_at: terms.approved_at })
		.onConflict((conflict) =>
			conflict.column("user_id").doUpdateSet({
				net_days: terms.net_days,
				credit_limit_cents: terms.credit_limit_cents,
				approved_by_email: terms.approved_by_email,
				updated_at: terms.approved_at,
			}),
		)
		.execute();
}

export async function deletePaymentTerms(
	db: Db,
	userId: string,
): Promise<boolean> {
	const result = await db
		.deleteFrom("payment_terms")
		.where("user_id", "=", userId)
		.executeTakeFirst();
	return result.numDeletedRows === 1n;
}

/** Invoices still owed: orders paid by invoice, not paid, not cancelled or deleted. */
function owedInvoices(db: Db) {
	return db
		.selectFrom("orders")
		.where("orders.payment_method", "=", "invoice")
		.where("orders.status", "=", "unpaid")
		.where("orders.deleted_at", "is", null);
}

/** What the customer owes on open invoices, in cents. */
export async function sumOwedOnInvoices(
	db: Db,
	userId: string,
): Promise<number> {
	const row = await owedInvoices(db)
		.select(
			sql<number | string>`coalesce(sum(orders.total_cents), 0)`.as("owed"),
		)
		.where("orders.user_id", "=", userId)
		.executeTakeFirstOrThrow();
	return Number(row.owed);
}

/** A page of approved customers, the latest approved first, with what each owes. */
export async function findPaymentTermsPage(
	db: Db,
	offset: number,
	limit: number,
) {
	const rows = await db
		.selectFrom("payment_terms")
		.innerJoin("users", "users.id", "payment_terms.user_id")
		.select((eb) => [
			"payment_terms.user_id",
			"users.email",
			"users.name",
			"payment_terms.net_days",
			"payment_terms.credit_limit_cents",
			"payment_terms.approved_at",
			"payment_terms.approved_by_email",
			owedInvoices(db)
				.select(
					sql<number | string>`coalesce(sum(orders.total_cents), 0)`.as("owed"),
				)
				.whereRef("orders.user_id", "=", eb.ref("payment_terms.user_id"))
				.as("owed_cents"),
		])
		.orderBy("payment_terms.approved_at", "desc")
		.orderBy("payment_terms.user_id", "desc")
		.limit(limit)
		.offset(offset)
		.execute();
	return rows.map((row) => ({
		...row,
		net_days: row.net_days as NetDays,
		credit_limit_cents: Number(row.credit_limit_cents),
		owed_cents: Number(row.owed_cents ?? 0),
	}));
}

export async function countPaymentTerms(db: Db): Promise<number> {
	const row = await db
		.selectFrom("payment_terms")
		.select((eb) => eb.fn.countAll<number | string>().as("count"))
		.executeTakeFirstOrThrow();
	return Number(row.count);
}

/** A page of invoices past their due date at `now`, the longest overdue first. */
export async function findOverdueInvoicesPage(
	db: Db,
	now: string,
	offset: number,
	limit: number,
) {
	const rows = await owedInvoices(db)
		.select([
			"orders.id as order_id",
			"orders.email",
			"orders.user_name",
			"orders.total_cents",
			"orders.due_at",
		])
		.where("orders.due_at", "<", now)
		.orderBy("orders.due_at")
		.orderBy("orders.id")
		.limit(limit)
		.offset(offset)
		.execute();
	return rows.map((row) => ({
		...row,
		total_cents: Number(row.total_cents),
		due_at: row.due_at ?? now,
	}));
}

export async function countOverdueInvoices(
	db: Db,
	now: string,
): Promise<number> {
	const row = await owedInvoices(db)
		.select((eb) => eb.fn.countAll<number | string>().as("count"))
		.where("orders.due_at", "<", now)
		.executeTakeFirstOrThrow();
	return Number(row.count);
}

/** The account of an email address, for approving it. */
export async function findUserByEmail(
	db: Db,
	email: string,
): Promise<{ id: string; name: string } | undefined> {
	return db
		.selectFrom("users")
		.select(["id", "name"])
		.where("email", "=", email)
		.executeTakeFirst();
}
