import type {
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
] as const;

export async function findBlogPostsPage(
	db: Db,
	offset: number,
	limit: number,
): Promise<BlogPostSummary[]> {
	return db
		.selectFrom("blog_posts")
		.select(summaryColumns)
		.orderBy("published_at", "desc")
		.orderBy("id", "desc")
		.limit(limit)
		.offset(offset)
		.execute();
}

export async function countBlogPosts(db: Db): Promise<number> {
	const row = await db
		.selectFrom("blog_posts")
		.select((eb) => eb.fn.countAll<number | string>().as("count"))
		.executeTakeFirstOrThrow();
	return Number(row.count);
}

export async function findBlogPostBySlug(
	db: Db,
	slug: string,
): Promise<BlogPost | undefined> {
	return db
		.selectFrom("blog_posts")
		.select([...summaryColumns, "body"])
		.where("slug", "=", slug)
		.executeTakeFirst();
}

export async function insertBlogPosts(
	db: Db,
	posts: BlogPostsTable[],
): Promise<void> {
	if (posts.length === 0) return;
	await db.insertInto("blog_posts").values(posts).execute();
}
