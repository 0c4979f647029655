import type { Kysely } from "kysely";

// Frozen in time: never import application code here.
//
// Outbound webhooks. `webhook_endpoints`: where the admin asked the shop to send which events, with
// the signing secret sealed (AES-GCM under a key derived from AUTH_SECRET). `webhook_deliveries`:
// one event for one endpoint, its JSON body as sent, claimed under a lease by one instance at a
// time and retried with back-off; unique per endpoint and event, so an event is queued once
// however often the dispatcher reads it. `webhook_attempts`: every try, for the delivery log.
// `webhook_cursors`: how far the dispatcher has read each source of events (the order timeline,
// the tools' changes).
export async function up(db: Kysely<any>): Promise<void> {
	await db.schema
		.createTable("webhook_endpoints")
		.addColumn("id", "varchar(36)", (col) => col.primaryKey())
		.addColumn("url", "varchar(500)", (col) => col.notNull())
		.addColumn("description", "varchar(200)", (col) => col.notNull())
		.addColumn("events", "text", (col) => col.notNull())
		.addColumn("secret_sealed", "text", (col) => col.notNull())
		.addColumn("created_by_email", "varchar(320)")
		.addColumn("created_at", "varchar(30)", (col) => col.notNull())
		.execute();
	await db.schema
		.createIndex("webhook_endpoints_created_at_idx")
		.on("webhook_endpoints")
		.columns(["created_at", "id"])
		.execute();
	await db.schema
		.createTable("webhook_deliveries")
		.addColumn("id", "varchar(36)", (col) => col.primaryKey())
		.addColumn("endpoint_id", "varchar(36)", (col) =>
			col.notNull().references("webhook_endpoints.id").onDelete("cascade"),
		)
		.addColumn("event_id", "varchar(120)", (col) => col.notNull())
		.addColumn("event", "varchar(40)", (col) => col.notNull())
		.addColumn("payload", "text", (col) => col.notNull())
		.addColumn("status", "varchar(16)", (col) => col.notNull())
		.addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
		.addColumn("send_after", "varchar(30)", (col) => col.notNull())
		.addColumn("claimed_until", "varchar(30)")
		.addColumn("last_status_code", "integer")
		.addColumn("last_error", "varchar(500)")
		.addColumn("created_at", "varchar(30)", (col) => col.notNull())
		.addColumn("delivered_at", "varchar(30)")
		.addUniqueConstraint("webhook_deliveries_event_once", [
			"endpoint_id",
			"event_id",
		])
		.execute();
	await db.schema
		.createIndex("webhook_deliveries_due_idx")
		.on("webhook_deliveries")
		.columns(["status", "send_after"])
		.execute();
	await db.schema
		.createIndex("webhook_deliveries_endpoint_idx")
		.on("webhook_deliveries")
		.columns(["endpoint_id", "created_at", "id"])
		.execute();
	await db.schema
		.createTable("webhook_attempts")
		.addColumn("id", "varchar(36)", (col) => col.primaryKey())
		.addColumn("delivery_id", "varchar(36)", (col) =>
			col.notNull().references("webhook_deliveries.id").onDelete("cascade"),
		)
		.addColumn("attempted_at", "varchar(30)", (col) => col.notNull())
		.addColumn("status_code", "integer")
		.addColumn("error", "varchar(500)")
		.addColumn("duration_ms", "integer", (col) => col.notNull())
		.execute();
	await db.schema
		.createIndex("webhook_attempts_delivery_idx")
		.on("webhook_attempts")
		.columns(["delivery_id", "attempted_at"])
		.execute();
	await db.schema
		.createTable("webhook_cursors")
		.addColumn("source", "varchar(40)", (col) => col.primaryKey())
		.addColumn("position", "varchar(200)", (col) => col.notNull())
		.execute();
}

export async function down(db: Kysely<any>): Promise<void> {
	await db.schema.dropTable("webhook_cursors").execute();
	await db.schema.dropTable("webhook_attempts").execute();
	await db.schema.dropTable("webhook_deliveries").execute();
	await db.schema.dropTable("webhook_endpoints").execute();
}
