import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { BlogPostPageSchema, BlogPostSchema } from "../../../shared/blog.schemas.ts";
import { apiGet } from "../../lib/api-client.ts";

export const blogKeys = {
  all: ["blog-posts"] as const,
  pages: (pageSize: number) => ["blog-posts", "pages", pageSize] as const,
  post: (slug: string) => ["blog-posts", "post", slug] as const,
};

export function useBlogPostPages(pageSize: number) {
  return useInfiniteQuery({
    queryKey: blogKeys.pages(pageSize),
    queryFn: ({ pageParam, signal }) =>
      apiGet(`/api/blog-posts?page=${pageParam}&page_size=${pageSize}`, BlogPostPageSchema, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.page_size < last.total ? last.page + 1 : undefined),
  });
}

export function useBlogPost(slug: string) {
  return useQuery({
    queryKey: blogKeys.post(slug),
    queryFn: ({ signal }) => apiGet(`/api/blog-posts/${encodeURIComponent(slug)}`, BlogPostSchema, signal),
  });
}
