import type { Kysely } from "kysely";

// Frozen in time: never import application code here.
//
// A payment that completes after its order was cancelled is given back automatically; the order
// keeps the refund's id and when it was made, so the customer and the admins can see it.
export async function up(db: Kysely<any>): Promise<void> {
	await db.schema
		.alterTable("orders")
		.addColumn("refund_id", "varchar(200)")
		.execute();
	await db.schema
		.alterTable("orders")
		.addColumn("refunded_at", "varchar(30)")
		.execute();
}

export async function down(db: Kysely<any>): Promise<void> {
	await db.schema.alterTable("orders").dropColumn("refunded_at").execute();
	await db.schema.alterTable("orders").dropColumn("refund_id").execute();
}
