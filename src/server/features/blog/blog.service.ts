import type { BlogPost, BlogPostSummary } from "../../../shared/blog.schemas.ts";
import type { Page, PageQuery } from "../../../shared/paging.schemas.ts";
import type { Db } from "../../platform/db/database.ts";
import { NotFoundError } from "../../platform/http/errors.ts";
import { countBlogPosts, findBlogPostBySlug, findBlogPostsPage } from "./blog.repository.ts";

export async function listBlogPosts(db: Db, query: PageQuery): Promise<Page<BlogPostSummary>> {
  const [items, total] = await Promise.all([
    findBlogPostsPage(db, (query.page - 1) * query.page_size, query.page_size),
    countBlogPosts(db),
  ]);
  return { items, page: query.page, page_size: query.page_size, total };
}

export async function getBlogPost(db: Db, slug: string): Promise<BlogPost> {
  const post = await findBlogPostBySlug(db, slug);
  if (!post) throw new NotFoundError("Blog post not found");
  return post;
}
