import type { Generated } from "kysely";
import type { AuditKind } from "../../../shared/audit.schemas.ts";

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
	status: "unpaid" | "paid" | "cancelled";
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
};
