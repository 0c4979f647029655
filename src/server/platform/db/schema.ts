import type { Generated } from "kysely";
import type { AuditKind } from "../../../shared/audit.schemas.ts";
import type { OrderStatus } from "../../../shared/orders.schemas.ts";

/** Row shapes as stored. Timestamps are ISO-8601 UTC text on both databases (docs/decisions/003-database.md). */
export type ToolsTable = {
	id: string;
	tool_name: string;
	description: string;
	price_cents: number;
	available_quantity: number;
	minimum_quantity: number;
	img: string;
	img_large: string;
	supplier_name: string;
	supplier_email: string | null;
	created_at: string;
	updated_at: string;
	deleted_at: string | null;
	version: number;
	/** The part number: unique among the tools in the catalog. */
	sku: string;
	/** The public address /tools/{slug}: set once, kept after deletion (it answers 410). */
	slug: string;
	/** Orders come in multiples of this many pieces. */
	pack_size: number;
	/** JSON of PriceBreak[]: increasing quantities at decreasing prices. */
	price_breaks: string;
};

/** Image bytes by content-addressed name (platform/images/image-store.ts). */
export type ImagesTable = {
	name: string;
	bytes: Buffer | Uint8Array;
	created_at: string;
};

export type ReviewsTable = {
	id: string;
	/** The account that wrote it; null for the demo reviews. One review per account. */
	user_id: string | null;
	user_name: string;
	email: string | null;
	photo_url: string | null;
	user_review: string;
	user_rating: number;
	created_at: string;
	updated_at: string | null;
	/** Set while an admin hides the review: it leaves every public list. */
	hidden_at: string | null;
};

export type ReviewModerationsTable = {
	id: string;
	review_id: string;
	action: "hide" | "show" | "delete";
	moderated_at: string;
	moderated_by_id: string | null;
	moderated_by_email: string;
	review_user_name: string;
	review_text: string;
	review_rating: number;
	review_created_at: string;
};

export type BlogPostsTable = {
	id: string;
	slug: string;
	title: string;
	excerpt: string;
	body: string;
	author: string;
	published_at: string;
	created_at: string;
	cover_img: string | null;
	/** SQLite answers 0 or 1. */
	is_published: boolean | number;
	version: number;
	updated_at: string | null;
};

/** A section of editable content (the portfolio's), its body as JSON. */
export type ContentSectionsTable = {
	key: string;
	body: string;
	updated_at: string;
	updated_by_email: string;
};

export type FaqsTable = {
	id: string;
	position: number;
	question: string;
	answer: string;
};

/** 256 counters; a change to a tool bumps the one its id falls in (docs/decisions/009-orders.md). */
export type CatalogVersionShardsTable = {
	shard: number;
	/** bigint: PostgreSQL returns it as a string. */
	version: number | string;
};

export type OrdersTable = {
	id: string;
	/** Null once the customer's account is removed; the order keeps email and name. */
	user_id: string | null;
	email: string;
	user_name: string;
	tool_id: string;
	tool_name: string;
	img: string;
	description: string;
	price_cents: number;
	order_quantity: number;
	/** bigint: PostgreSQL returns it as a string. */
	total_cents: number | string;
	status: OrderStatus;
	payment_id: string | null;
	payment_provider: string | null;
	payment_intent_id: string | null;
	idempotency_key: string | null;
	created_at: string;
	updated_at: string;
	paid_at: string | null;
	cancelled_at: string | null;
	/** A payment that completed after the order was cancelled, given back. */
	refund_id: string | null;
	refunded_at: string | null;
	/** When the order is cancelled if still unpaid; null: never (placed before orders expired). */
	pay_by: string | null;
	deleted_at: string | null;
	/** Pieces of all the order's lines: what an unpaid order keeps out of stock. */
	pieces: number;
	/** Where the goods go: JSON of the order's fulfilment (OrderFulfilment); null for kind "none". */
	fulfilment: string | null;
	purchase_order: string | null;
	note: string | null;
	carrier: string | null;
	tracking_number: string | null;
	shipped_at: string | null;
	ready_at: string | null;
	/** When it was delivered or collected. */
	completed_at: string | null;
	/** A dispute opened at the payment provider: "open" holds the shipment. */
	dispute_status: "open" | "won" | "lost" | null;
	disputed_at: string | null;
	/** Refunded so far (reserved refunds included); bigint: PostgreSQL returns it as a string. */
	refunded_cents: number | string;
	/** "card": paid in My Orders; "invoice": accepted unpaid, invoiced at once, due at `due_at`. */
	payment_method: "card" | "invoice";
	due_at: string | null;
};

/** A refund of an order: reserved ("pending") before the provider is asked, then settled. */
export type OrderRefundsTable = {
	id: string;
	order_id: string;
	status: "pending" | "succeeded" | "failed";
	/** bigint: PostgreSQL returns it as a string. */
	amount_cents: number | string;
	/** JSON: [{ tool_id, quantity }]; empty for an amount refunded at the provider. */
	lines: string;
	reason: string;
	provider_refund_id: string | null;
	requested_by: "admin" | "payment provider";
	requested_by_email: string | null;
	created_at: string;
	settled_at: string | null;
};

/** The order's timeline: one row per change, never changed afterwards. */
export type OrderEventsTable = {
	/** Written by the database; orders the timeline. */
	seq: Generated<number>;
	order_id: string;
	at: string;
	kind: string;
	actor: string;
	actor_email: string | null;
	/** A small JSON object. */
	details: string;
};

/**
 * A line of an order: the tool as it was, quantity, unit price and line total. An order's tool
 * columns are its first line's (position 0).
 */
export type OrderLinesTable = {
	order_id: string;
	position: number;
	tool_id: string;
	tool_name: string;
	img: string;
	description: string;
	price_cents: number;
	quantity: number;
	/** bigint: PostgreSQL returns it as a string. */
	line_total_cents: number | string;
	/** Pieces of this line refunded so far. */
	refunded_quantity: number;
};

/** A customer approved to pay by invoice: net days and a credit limit. */
export type PaymentTermsTable = {
	user_id: string;
	net_days: number;
	/** bigint: PostgreSQL returns it as a string. */
	credit_limit_cents: number | string;
	approved_at: string;
	approved_by_email: string;
	updated_at: string;
};

/**
 * A request for a quote and the shop's answer. "lapsed" is not stored: an answered quote whose
 * `valid_until` has passed reads as lapsed (quotes feature).
 */
export type QuotesTable = {
	id: string;
	/** Null once the customer's account is removed; the quote keeps email and name. */
	user_id: string | null;
	email: string;
	user_name: string;
	tool_id: string;
	tool_name: string;
	sku: string;
	quantity: number;
	wanted_price_cents: number | null;
	/** A day, YYYY-MM-DD. */
	needed_by: string | null;
	customer_note: string | null;
	status: "requested" | "answered" | "declined" | "accepted" | "withdrawn";
	unit_price_cents: number | null;
	/** The last day the answer can be accepted (UTC), YYYY-MM-DD. */
	valid_until: string | null;
	admin_note: string | null;
	/** When an admin answered or declined it, and who. */
	answered_at: string | null;
	answered_by_email: string | null;
	order_id: string | null;
	accepted_at: string | null;
	created_at: string;
	updated_at: string;
};

/** An import of the catalog from a CSV file (features/catalog-csv), and how far it is. */
export type ImportJobsTable = {
	id: string;
	/** The admin who started it: only they see it. */
	admin_user_id: string;
	mode: "dry_run" | "apply";
	status: "queued" | "running" | "done" | "failed";
	total_rows: number;
	processed_rows: number;
	/** JSON of the ImportReport, once the job ended. */
	report: string | null;
	created_at: string;
	/** Moves with every chunk of rows checked: a running job that stops moving was abandoned. */
	updated_at: string;
	finished_at: string | null;
};

/** A signed-in customer's cart: one row per tool. */
export type CartLinesTable = {
	user_id: string;
	tool_id: string;
	quantity: number;
	added_at: string;
};

/** Where customers collect orders; a deleted one keeps its row. */
export type ReceivingPointsTable = {
	id: string;
	name: string;
	address: string;
	opening_hours: string;
	created_at: string;
	updated_at: string;
	deleted_at: string | null;
};

export type OrderDeletionsTable = {
	id: string;
	order_id: string;
	deleted_at: string;
	deleted_by_id: string | null;
	deleted_by_email: string;
	restocked: number;
	order_snapshot: string;
};

export type PaymentEventsTable = {
	event_id: string;
	type: string;
	order_id: string | null;
	received_at: string;
};

/** The security log (features/audit): rows are only ever added. */
export type AuditEventsTable = {
	/** Written by the database; orders the log (same-millisecond events keep their order). */
	seq: Generated<number>;
	id: string;
	occurred_at: string;
	kind: AuditKind;
	actor_user_id: string | null;
	actor_email: string | null;
	subject_user_id: string | null;
	subject_email: string | null;
	address: string | null;
	/** A small JSON object of strings, numbers and booleans. */
	details: string;
};

/** One fixed window of a rate limit or quota counter, shared by the instances (shared-counters.ts). */
export type SharedCountersTable = {
	/** A keyed digest of what is counted: never an address in the clear. */
	key: string;
	/** Bigint columns: PostgreSQL answers them as strings, SQLite as numbers. */
	count: number | string;
	reset_at: number | string;
};

/** A key another system calls the API with (features/api-keys); its secret only as a digest. */
export type ApiKeysTable = {
	id: string;
	name: string;
	/** JSON of ApiKeyScope[]. */
	scopes: string;
	/** SHA-256 of the secret, hex. */
	key_hash: string;
	prefix: string;
	/** The admin who made it; null once their account is removed. */
	created_by: string | null;
	created_by_email: string | null;
	created_at: string;
	last_used_at: string | null;
	revoked_at: string | null;
};

/** Where the shop sends which events (features/webhooks); the secret sealed (secret-box.ts). */
export type WebhookEndpointsTable = {
	id: string;
	url: string;
	description: string;
	/** JSON of WebhookEvent[]. */
	events: string;
	secret_sealed: string;
	created_by_email: string | null;
	created_at: string;
};

/** One event for one endpoint: its body as sent, and where its sending stands. */
export type WebhookDeliveriesTable = {
	id: string;
	endpoint_id: string;
	event_id: string;
	event: string;
	payload: string;
	status: "pending" | "delivered" | "failed";
	attempts: number;
	send_after: string;
	/** The lease of the instance sending it. */
	claimed_until: string | null;
	last_status_code: number | null;
	last_error: string | null;
	created_at: string;
	delivered_at: string | null;
};

/** One try at sending a delivery. */
export type WebhookAttemptsTable = {
	id: string;
	delivery_id: string;
	attempted_at: string;
	/** Null when the receiver could not be reached or did not answer in time. */
	status_code: number | null;
	error: string | null;
	duration_ms: number;
};

/** How far the dispatcher has read a source of events. */
export type WebhookCursorsTable = {
	source: string;
	position: string;
};

/** An Idempotency-Key of an account: claimed by a request, then its answer (idempotency.ts). */
export type IdempotencyKeysTable = {
	/** The account's id. */
	owner: string;
	key: string;
	/** A digest of the request that claimed the key. */
	fingerprint: string;
	/** Null while the request runs; then its answer. */
	status_code: number | null;
	content_type: string | null;
	body: string | null;
	started_at: string;
	expires_at: string;
};

/**
 * Mail waiting to be sent, sent, or given up on (features/mail). The bodies and the link may carry
 * a sign-in token: no list or log shows them.
 */
export type MailOutboxTable = {
	id: string;
	to_address: string;
	subject: string;
	text_body: string;
	html_body: string | null;
	/** The one link the reader must follow (reset, verification); never logged. */
	link: string | null;
	/** What the mail is about, such as "order-confirmed" or "account-confirm". */
	kind: string;
	created_at: string;
	/** When the next attempt may run. */
	send_after: string;
	attempts: Generated<number>;
	/** Why the last attempt failed, at most 500 characters; never the body. */
	last_error: string | null;
	sent_at: string | null;
	/** Set when the worker gave up after its last attempt. */
	failed_at: string | null;
	/** The lease of the instance sending it: nobody else takes it before then. */
	claimed_until: string | null;
};

/** The seller's details (features/shop-settings): one row, id 1. */
export type ShopSettingsTable = {
	id: number;
	shop_name: string;
	/** Lines separated by "\n". */
	legal_address: string;
	tax_id: string;
	contact_email: string;
	/** The logo's image path (/images/…); null for none. */
	logo_url: string | null;
	/** ISO 4217 code, such as "USD". */
	currency: string;
	/** Null until an admin first changes the settings. */
	updated_at: string | null;
	updated_by_email: string | null;
};

/** The last number given out, per year and kind (features/invoices). */
export type InvoiceCountersTable = {
	year: number;
	kind: "invoice" | "credit_note";
	last_number: number;
};

/** Invoices and credit notes (features/invoices): written once, never changed or removed. */
export type InvoicesTable = {
	id: string;
	/** "2026-000123" for an invoice, "CN-2026-000007" for a credit note. */
	number: string;
	kind: "invoice" | "credit_note";
	order_id: string;
	/** The paying account at issue; kept after the account is removed. */
	user_id: string | null;
	/** The refund a credit note is for; null for an invoice. */
	refund_id: string | null;
	/** The invoice a credit note corrects; null for an invoice. */
	corrects_invoice_id: string | null;
	issued_at: string;
	/** bigint: PostgreSQL returns it as a string. */
	total_cents: number | string;
	currency: string;
	/** The buyer's email as printed. */
	email: string;
	/** JSON of everything the PDF prints (invoice-snapshot.ts). */
	snapshot: string;
};

/**
 * Tables owned by better-auth that our own queries read (accounts, verifications and two_factors
 * are only touched by the auth library). Its timestamps are dates on PostgreSQL and the adapter's
 * own encoding on SQLite, so our queries order by them but read them through toIsoTimestamp.
 */
export type UsersTable = {
	id: string;
	name: string;
	email: string;
	email_verified: boolean | number;
	image: string | null;
	created_at: Date | string | number;
	updated_at: Date | string | number;
	two_factor_enabled: boolean | number | null;
	role: "admin" | "customer";
};

export type SessionsTable = {
	id: string;
	token: string;
	user_id: string;
	expires_at: Date | string | number;
	created_at: Date | string | number;
};

/** Sign-in methods of a user: "credential" (a password) or an identity provider such as "google". */
export type AccountsTable = {
	id: string;
	user_id: string;
	provider_id: string;
	account_id: string;
};

export type ProfilesTable = {
	user_id: string;
	address: string | null;
	city: string | null;
	state: string | null;
	zip: string | null;
	username: string | null;
	website: string | null;
	bio: string | null;
	updated_at: string;
};

export type Database = {
	users: UsersTable;
	sessions: SessionsTable;
	accounts: AccountsTable;
	profiles: ProfilesTable;
	catalog_version_shards: CatalogVersionShardsTable;
	orders: OrdersTable;
	order_lines: OrderLinesTable;
	order_refunds: OrderRefundsTable;
	order_events: OrderEventsTable;
	cart_lines: CartLinesTable;
	receiving_points: ReceivingPointsTable;
	order_deletions: OrderDeletionsTable;
	payment_events: PaymentEventsTable;
	tools: ToolsTable;
	images: ImagesTable;
	reviews: ReviewsTable;
	review_moderations: ReviewModerationsTable;
	blog_posts: BlogPostsTable;
	faqs: FaqsTable;
	content_sections: ContentSectionsTable;
	audit_events: AuditEventsTable;
	mail_outbox: MailOutboxTable;
	shared_counters: SharedCountersTable;
	idempotency_keys: IdempotencyKeysTable;
	api_keys: ApiKeysTable;
	webhook_endpoints: WebhookEndpointsTable;
	webhook_deliveries: WebhookDeliveriesTable;
	webhook_attempts: WebhookAttemptsTable;
	webhook_cursors: WebhookCursorsTable;
	shop_settings: ShopSettingsTable;
	invoice_counters: InvoiceCountersTable;
	invoices: InvoicesTable;
	payment_terms: PaymentTermsTable;
	quotes: QuotesTable;
	import_jobs: ImportJobsTable;
};
