/** Row shapes as stored. Timestamps are ISO-8601 UTC text on both databases (docs/decisions/003-database.md). */
export type ToolsTable = {
	id: string;
	tool_name: string;
	description: string;
	price_cents: number;
	available_quantity: number;
	minimum_quantity: number;
	img: string;
	supplier_name: string;
	supplier_email: string | null;
	created_at: string;
	updated_at: string;
	deleted_at: string | null;
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

export type Database = {
	catalog_version: CatalogVersionTable;
	tools: ToolsTable;
	reviews: ReviewsTable;
	blog_posts: BlogPostsTable;
	faqs: FaqsTable;
};
