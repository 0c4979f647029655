import type {
	BlogPost,
	BlogPostSummary,
} from "../../../shared/blog.schemas.ts";
import type { Page, PageQuery } from "../../../shared/paging.schemas.ts";
import type { Db } from "../../platform/db/database.ts";
import { readPage } from "../../platform/db/paging.ts";
import { NotFoundError } from "../../platform/http/errors.ts";
import {
	countBlogPosts,
	findBlogPostBySlug,
	findBlogPostsPage,
} from "./blog.repository.ts";

export async function listBlogPosts(
	db: Db,
	query: PageQuery,
): Promise<Page<BlogPostSummary>> {
	return readPage(
		query,
		(offset, limit) => findBlogPostsPage(db, offset, limit),
		() => countBlogPosts(db),
	);
}

export async function getBlogPost(db: Db, slug: string): Promise<BlogPost> {
	const post = await findBlogPostBySlug(db, slug);
	if (!post) throw new NotFoundError("Blog post not found");
	return post;
}
