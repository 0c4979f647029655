import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import {
	AdminBlogPostPageSchema,
	AdminBlogPostSchema,
	BLOG_COVER_FIELD,
	BlogPostPageSchema,
	BlogPostSchema,
	MANAGE_BLOG_PAGE_SIZE,
} from "../../../shared/blog.schemas.ts";
import { apiGet, apiSend } from "../../lib/api-client.ts";
import { usePagedList } from "../../lib/paged-query.ts";
import { queryKeys } from "../../lib/query-keys.ts";
import { useReadAgain } from "../../lib/read-again.ts";

export function useBlogPostPages(pageSize: number) {
	return usePagedList(
		queryKeys.blog.pages(pageSize),
		"/api/blog-posts",
		BlogPostPageSchema,
		pageSize,
	);
}

export function useBlogPost(slug: string) {
	return useQuery({
		queryKey: queryKeys.blog.post(slug),
		queryFn: ({ signal }) =>
			apiGet(
				`/api/blog-posts/${encodeURIComponent(slug)}`,
				BlogPostSchema,
				signal,
			),
	});
}

/** One numbered page of Manage Blog: drafts and published posts. */
export function useAdminBlogPosts(page: number) {
	return useQuery({
		queryKey: queryKeys.blog.adminPage(page),
		queryFn: ({ signal }) =>
			apiGet(
				`/api/admin/blog-posts?page=${page}&page_size=${MANAGE_BLOG_PAGE_SIZE}`,
				AdminBlogPostPageSchema,
				signal,
			),
		placeholderData: keepPreviousData,
	});
}

/** A post as the editor opens it; read fresh each time, for its current version. */
export function useAdminBlogPost(postId: string) {
	return useQuery({
		queryKey: queryKeys.blog.adminPost(postId),
		queryFn: ({ signal }) =>
			apiGet(
				`/api/admin/blog-posts/${encodeURIComponent(postId)}`,
				AdminBlogPostSchema,
				signal,
			),
		staleTime: 0,
	});
}

function toMultipart(fields: Record<string, string>, cover: File | undefined) {
	const form = new FormData();
	for (const [name, value] of Object.entries(fields)) form.append(name, value);
	if (cover) form.append(BLOG_COVER_FIELD, cover);
	return form;
}

/** Writing, saving, publishing and deleting posts; every blog list is read again after. */
export function useEditBlog() {
	const readAgain = useReadAgain();
	const onSuccess = () => readAgain(queryKeys.blog.all);
	const postPath = (postId: string) =>
		`/api/admin/blog-posts/${encodeURIComponent(postId)}`;
	return {
		add: useMutation({
			mutationFn: ({
				fields,
				cover,
			}: {
				fields: Record<string, string>;
				cover: File | undefined;
			}) =>
				apiSend(
					"POST",
					"/api/admin/blog-posts",
					toMultipart(fields, cover),
					AdminBlogPostSchema,
				),
			onSuccess,
		}),
		save: useMutation({
			mutationFn: ({
				postId,
				fields,
				cover,
			}: {
				postId: string;
				fields: Record<string, string>;
				cover: File | undefined;
			}) =>
				apiSend(
					"PUT",
					postPath(postId),
					toMultipart(fields, cover),
					AdminBlogPostSchema,
				),
			onSuccess,
		}),
		setPublished: useMutation({
			mutationFn: ({
				postId,
				isPublished,
			}: {
				postId: string;
				isPublished: boolean;
			}) =>
				apiSend(
					"POST",
					`${postPath(postId)}/${isPublished ? "publish" : "unpublish"}`,
					undefined,
					AdminBlogPostSchema,
				),
			onSuccess,
		}),
		remove: useMutation({
			mutationFn: (postId: string) =>
				apiSend("DELETE", postPath(postId), undefined),
			onSuccess,
		}),
	};
}
