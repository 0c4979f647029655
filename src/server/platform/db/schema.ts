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
	user_name: string;
	email: string | null;
	photo_url: string | null;
	user_review: string;
	user_rating: number;
	created_at: string;
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
};

export type FaqsTable = {
	id: string;
	position: number;
	question: string;
	answer: string;
};

export type CatalogVersionTable = {
	id: number;
	/** bigint: PostgreSQL returns it as a string. */
	version: number | string;
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
	catalog_version: CatalogVersionTable;
	tools: ToolsTable;
	images: ImagesTable;
	reviews: ReviewsTable;
	blog_posts: BlogPostsTable;
	faqs: FaqsTable;
};
