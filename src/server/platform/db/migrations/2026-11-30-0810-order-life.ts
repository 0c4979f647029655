import { type Kysely, PostgresAdapter, sql } from "kysely";

// Frozen in time: never import application code here.
//
// The order's whole life: after paid it is shipped (carrier, tracking number) and delivered, or
// made ready at its receiving point and collected; a paid order can be refunded, fully (status
// "refunded") or line by line (each line's refunded pieces, the order's refunded amount). A
// dispute opened at the payment provider holds the shipment (dispute_status). Refunds are rows of
// their own: reserved before the provider is asked, then settled or released, so that two admins
// (or a retry) never refund the same pieces twice. Every change leaves a line in order_events,
// the order's timeline; orders placed before get theirs from the dates they kept.
const STATUSES =
	"'unpaid', 'paid', 'shipped', 'ready_for_collection', 'delivered', 'collected', 'cancelled', 'refunded'";
const OLD_STATUSES = "'unpaid', 'paid', 'cancelled'";

async function replaceStatusCheck(db: Kysely<any>, statuses: string) {
	if (db.getExecutor().adapter instanceof PostgresAdapter) {
		await sql`alter table orders drop constraint if exists orders_status_check`.execute(
			db,
		);
		// "ready_for_collection" is longer than the ten characters the first states needed.
		await sql`alter table orders alter column status type varchar(30)`.execute(
			db,
		);
		await sql
			.raw(
				`alter table orders add constraint orders_status_check check (status in (${statuses}))`,
			)
			.execute(db);
		return;
	}
	// SQLite cannot change a CHECK constraint: the table is made again with the new one, as SQLite's
	// documentation prescribes (foreign keys off around it, checked before they are on again).
	await sql`pragma foreign_keys = off`.execute(db);
	try {
		await db.transaction().execute(async (trx) => {
			const table = await sql<{ sql: string }>`
				select sql from sqlite_master where type = 'table' and name = 'orders'
			`.execute(trx);
			const indexes = await sql<{ sql: string }>`
				select sql from sqlite_master
				where type = 'index' and tbl_name = 'orders' and sql is not null
			`.execute(trx);
			const definition = table.rows[0]?.sql ?? "";
			const rebuilt = definition
				.replace(/^create table "?orders"?/i, 'create table "orders_rebuilt"')
				.replace(/status in \([^)]*\)/i, `status in (${statuses})`);
			if (rebuilt === definition || !rebuilt.includes("orders_rebuilt"))
				throw new Error("the orders table definition has an unexpected shape");
			await sql.raw(rebuilt).execute(trx);
			await sql`insert into orders_rebuilt select * from orders`.execute(trx);
			await sql`drop table orders`.execute(trx);
			await sql`alter table orders_rebuilt rename to orders`.execute(trx);
			for (const index of indexes.rows) await sql.raw(index.sql).execute(trx);
			const broken = await sql`pragma foreign_key_check`.execute(trx);
			if (broken.rows.length > 0)
				throw new Error("rebuilding orders broke a foreign key");
		});
	} finally {
		await sql`pragma foreign_keys = on`.execute(db);
	}
}

export async function up(db: Kysely<any>): Promise<void> {
	await replaceStatusCheck(db, STATUSES);
	// A customer's open unpaid orders are counted at every order (the limit on them): found by
	// account and state, not by scanning every unpaid order of the shop.
	await db.schema
		.createIndex("orders_user_status_idx")
		.on("orders")
		.columns(["user_id", "status", "pay_by"])
		.execute();
	for (const [column, type] of [
		["carrier", "varchar(100)"],
		["tracking_number", "varchar(100)"],
		["shipped_at", "varchar(30)"],
		["ready_at", "varchar(30)"],
		["completed_at", "varchar(30)"],
		["dispute_status", "varchar(10)"],
		["disputed_at", "varchar(30)"],
	] as const)
		await db.schema.alterTable("orders").addColumn(column, type).execute();
	await db.schema
		.alterTable("orders")
		.addColumn("refunded_cents", "bigint", (col) => col.notNull().defaultTo(0))
		.execute();
	await db.schema
		.alterTable("order_lines")
		.addColumn("refunded_quantity", "integer", (col) =>
			col.notNull().defaultTo(0),
		)
		.execute();

	await db.schema
		.createTable("order_refunds")
		.addColumn("id", "varchar(36)", (col) => col.primaryKey())
		.addColumn("order_id", "varchar(36)", (col) =>
			col.notNull().references("orders.id"),
		)
		.addColumn("status", "varchar(10)", (col) =>
			col.notNull().check(sql`status in ('pending', 'succeeded', 'failed')`),
		)
		.addColumn("amount_cents", "bigint", (col) =>
			col.notNull().check(sql`amount_cents > 0`),
		)
		// JSON: the refunded lines ({ tool_id, quantity }); empty for an amount refunded at the provider.
		.addColumn("lines", "text", (col) => col.notNull())
		.addColumn("reason", "varchar(500)", (col) => col.notNull())
		.addColumn("provider_refund_id", "varchar(200)")
		.addColumn("requested_by", "varchar(20)", (col) => col.notNull())
		.addColumn("requested_by_email", "varchar(320)")
		.addColumn("created_at", "varchar(30)", (col) => col.notNull())
		.addColumn("settled_at", "varchar(30)")
		.execute();
	await db.schema
		.createIndex("order_refunds_order_idx")
		.on("order_refunds")
		.columns(["order_id", "created_at"])
		.execute();
	await db.schema
		.createIndex("order_refunds_pending_idx")
		.on("order_refunds")
		.columns(["status", "created_at"])
		.execute();

	// `seq` orders each timeline: steps of the same millisecond keep the order they were written in.
	const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
	await db.schema
		.createTable("order_events")
		.addColumn("seq", postgres ? "serial" : "integer", (col) =>
			postgres ? col.primaryKey() : col.primaryKey().autoIncrement(),
		)
		.addColumn("order_id", "varchar(36)", (col) =>
			col.notNull().references("orders.id"),
		)
		.addColumn("at", "varchar(30)", (col) => col.notNull())
		.addColumn("kind", "varchar(30)", (col) => col.notNull())
		.addColumn("actor", "varchar(20)", (col) => col.notNull())
		.addColumn("actor_email", "varchar(320)")
		// A small JSON object: tracking number, amounts, a reason.
		.addColumn("details", "text", (col) => col.notNull())
		.execute();
	await db.schema
		.createIndex("order_events_order_idx")
		.on("order_events")
		.columns(["order_id", "seq"])
		.execute();

	// The timelines of orders placed before, from the dates they kept, step after step.
	await sql`
		insert into order_events (order_id, at, kind, actor, actor_email, details)
		select id, created_at, 'placed', 'customer', null, '{}' from orders
	`.execute(db);
	await sql`
		insert into order_events (order_id, at, kind, actor, actor_email, details)
		select id, paid_at, 'paid', 'payment provider', null, '{}'
		from orders where paid_at is not null
	`.execute(db);
	await sql`
		insert into order_events (order_id, at, kind, actor, actor_email, details)
		select id, cancelled_at,
			case when pay_by is not null and cancelled_at >= pay_by then 'expired' else 'cancelled' end,
			case when pay_by is not null and cancelled_at >= pay_by then 'shop' else 'customer' end,
			null, '{}'
		from orders where cancelled_at is not null and deleted_at is null
	`.execute(db);
	await sql`
		insert into order_events (order_id, at, kind, actor, actor_email, details)
		select id, refunded_at, 'late_payment_refunded', 'shop', null, '{}'
		from orders where refunded_at is not null
	`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
	await db.schema.dropIndex("orders_user_status_idx").execute();
	await db.schema.dropTable("order_events").execute();
	await db.schema.dropTable("order_refunds").execute();
	await db.schema
		.alterTable("order_lines")
		.dropColumn("refunded_quantity")
		.execute();
	for (const column of [
		"refunded_cents",
		"disputed_at",
		"dispute_status",
		"completed_at",
		"ready_at",
		"shipped_at",
		"tracking_number",
		"carrier",
	])
		await db.schema.alterTable("orders").dropColumn(column).execute();
	await replaceStatusCheck(db, OLD_STATUSES);
}
