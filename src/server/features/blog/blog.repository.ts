import type {
	AdminBlogPost,
	BlogPost,
	BlogPostSummary,
} from "../../../shared/blog.schemas.ts";
import type { Db } from "../../platform/db/database.ts";
import type { BlogPostsTable } from "../../platform/db/schema.ts";

const summaryColumns = [
	"id",
	"slug",
	"title",
	"excerpt",
	"author",
	"published_at",
	"cover_img",
] as const;

/** Published, and published by now: what visitors may read. */
function publicPosts(db: Db, now: string) {
	return (
		db
			.selectFrom("blog_posts")
			// 1, not true: SQLite stores booleans as numbers and binds no true; PostgreSQL reads 1 as true.
			.where("is_published", "=", 1)
			.where("published_at", "<=", now)
	);
}

export async function findBlogPostsPage(
	db: Db,
	now: string,
	offset: number,
	limit: number,
): Promise<BlogPostSummary[]> {
	return publicPosts(db, now)
		.select(summaryColumns)
		.orderBy("published_at", "desc")
		.orderBy("id", "desc")
		.limit(limit)
		.offset(offset)
		.execute();
}

export async function countBlogPosts(db: Db, now: string): Promise<number> {
	const row = await publicPosts(db, now)
		.select((eb) => eb.fn.countAll<number | string>().as("count"))
		.executeTakeFirstOrThrow();
	return Number(row.count);
}

export async function findBlogPostBySlug(
	db: Db,
	now: string,
	slug: string,
): Promise<BlogPost | undefined> {
	return publicPosts(db, now)
		.select([...summaryColumns, "body"])
		.where("slug", "=", slug)
		.executeTakeFirst();
}

/** Which of `slugs` posts already have. */
export async function findTakenBlogSlugs(
	db: Db,
	slugs: string[],
): Promise<string[]> {
	const rows = await db
		.selectFrom("blog_posts")
		.select("slug")
		.where("slug", "in", slugs)
		.execute();
	return rows.map((row) => row.slug);
}

export type NewBlogPost = Omit<
	BlogPostsTable,
	"cover_img" | "is_published" | "version" | "updated_at"
> &
	Partial<
		Pick<
			BlogPostsTable,
			"cover_img" | "is_published" | "version" | "updated_at"
		>
	>;

export async function insertBlogPosts(
	db: Db,
	posts: NewBlogPost[],
): Promise<void> {
	if (posts.length === 0) return;
	await db
		.insertInto("blog_posts")
		.values(
			posts.map((post) => ({
				cover_img: null,
				is_published: 1,
				version: 1,
				updated_at: null,
				...post,
				...(post.is_published === undefined
					? {}
					: { is_published: post.is_published ? 1 : 0 }),
			})),
		)
		.execute();
}

const adminColumns = [
	...summaryColumns,
	"body",
	"is_published",
	"version",
] as const;

function toAdminPost(
	row: Omit<AdminBlogPost, "is_published"> & { is_published: boolean | number },
): AdminBlogPost {
	return { ...row, is_published: Boolean(row.is_published) };
}

export async function findAdminBlogPostsPage(
	db: Db,
	offset: number,
	limit: number,
): Promise<AdminBlogPost[]> {
	const rows = await db
		.selectFrom("blog_posts")
		.select(adminColumns)
		.orderBy("published_at", "desc")
		.orderBy("id", "desc")
		.limit(limit)
		.offset(offset)
		.execute();
	return rows.map(toAdminPost);
}

export async function countAllBlogPosts(db: Db): Promise<number> {
	const row = await db
		.selectFrom("blog_posts")
		.select((eb) => eb.fn.countAll<number | string>().as("count"))
		.executeTakeFirstOrThrow();
	return Number(row.count);
}

export async function findAdminBlogPost(
	db: Db,
	id: string,
): Promise<AdminBlogPost | undefined> {
	const row = await db
		.selectFrom("blog_posts")
		.select(adminColumns)
		.where("id", "=", id)
		.executeTakeFirst();
	return row ? toAdminPost(row) : undefined;
}

export type BlogPostChanges = Pick<
	BlogPostsTable,
	"slug" | "title" | "excerpt" | "body" | "published_at" | "updated_at"
> & { is_published: boolean; cover_img?: string };

/** Saves a post if it is still at `version`; false when it changed meanwhile or is gone. */
export async function updateBlogPost(
	db: Db,
	id: string,
	version: number,
	changes: BlogPostChanges,
): Promise<boolean> {
	const result = await db
		.updateTable("blog_posts")
		.set((eb) => ({
			...changes,
			is_published: changes.is_published ? 1 : 0,
			version: eb("version", "+", 1),
		}))
		.where("id", "=", id)
		.where("version", "=", version)
		.executeTakeFirst();
	return Number(result.numUpdatedRows) > 0;
}

export async function setBlogPostPublished(
	db: Db,
	id: string,
	isPublished: boolean,
	now: string,
): Promise<boolean> {
	const result = await db
		.updateTable("blog_posts")
		.set((eb) => ({
			is_published: isPublished ? 1 : 0,
			updated_at: now,
			version: eb("version", "+", 1),
		}))
		.where("id", "=", id)
		.executeTakeFirst();
	return Number(result.numUpdatedRows) > 0;
}

export async function deleteBlogPost(db: Db, id: string): Promise<boolean> {
	const result = await db
		.deleteFrom("blog_posts")
		.where("id", "=", id)
		.executeTakeFirst();
	return Number(result.numDeletedRows) > 0;
}

/** A published post with when it was last saved (null: never edited since it was written). */
export async function findPublishedPostWithDates(
	db: Db,
	now: string,
	slug: string,
): Promise<(BlogPost & { updated_at: string | null }) | undefined> {
	return publicPosts(db, now)
		.select([...summaryColumns, "body", "updated_at"])
		.where("slug", "=", slug)
		.executeTakeFirst();
}

/** Where a published post stands in the public posts' index (published_at, id): oldest first. */
export type PublishedPostKey = { published_at: string; id: string };

/** The key of the published post `offset` places from the oldest. */
export async function findPublishedPostKeyAt(
	db: Db,
	now: string,
	offset: number,
): Promise<PublishedPostKey | undefined> {
	return publicPosts(db, now)
		.select(["published_at", "id"])
		.orderBy("published_at")
		.orderBy("id")
		.limit(1)
		.offset(offset)
		.executeTakeFirst();
}

/** A published post's address and dates, with its place in the index. */
export type PublishedPostLink = PublishedPostKey & {
	slug: string;
	updated_at: string | null;
};

/** Up to `limit` published posts from `key` on (itself included, or only after it), oldest first. */
export async function findPublishedPostLinks(
	db: Db,
	now: string,
	key: PublishedPostKey,
	isKeyIncluded: boolean,
	limit: number,
): Promise<PublishedPostLink[]> {
	return publicPosts(db, now)
		.select(["published_at", "id", "slug", "updated_at"])
		.where((eb) =>
			eb(
				eb.refTuple("published_at", "id"),
				isKeyIncluded ? ">=" : ">",
				eb.tuple(key.published_at, key.id),
			),
		)
		.orderBy("published_at")
		.orderBy("id")
		.limit(limit)
		.execute();
}
