import { useQuery } from "@tanstack/react-query";
import {
	BlogPostPageSchema,
	BlogPostSchema,
} from "../../../shared/blog.schemas.ts";
import { apiGet } from "../../lib/api-client.ts";
import { usePagedList } from "../../lib/paged-query.ts";

export const blogKeys = {
	pages: (pageSize: number) => ["blog-posts", "pages", pageSize] as const,
	post: (slug: string) => ["blog-posts", "post", slug] as const,
};

export function useBlogPostPages(pageSize: number) {
	return usePagedList(
		blogKeys.pages(pageSize),
		"/api/blog-posts",
		BlogPostPageSchema,
		pageSize,
	);
}

export function useBlogPost(slug: string) {
	return useQuery({
		queryKey: blogKeys.post(slug),
		queryFn: ({ signal }) =>
			apiGet(
				`/api/blog-posts/${encodeURIComponent(slug)}`,
				BlogPostSchema,
				signal,
			),
	});
}
