import type { Kysely } from "kysely";

// Frozen in time: never import application code here.
//
// When an unpaid order is cancelled if it is still unpaid, fixed when it is placed (from
// UNPAID_ORDER_HOURS at that moment, as its confirmation says). Orders placed before have none:
// nobody told their customers a deadline, so they never expire.
export async function up(db: Kysely<any>): Promise<void> {
	await db.schema
		.alterTable("orders")
		.addColumn("pay_by", "varchar(30)")
		.execute();
	await db.schema
		.createIndex("orders_status_pay_by_idx")
		.on("orders")
		.columns(["status", "pay_by", "id"])
		.execute();
}

export async function down(db: Kysely<any>): Promise<void> {
	await db.schema.dropIndex("orders_status_pay_by_idx").execute();
	await db.schema.alterTable("orders").dropColumn("pay_by").execute();
}
