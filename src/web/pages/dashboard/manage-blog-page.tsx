import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import type { AdminBlogPost } from "../../../shared/blog.schemas.ts";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import {
	PagedTable,
	type TableColumn,
} from "../../components/ui/paged-table.tsx";
import { QueryBoundary } from "../../components/ui/query-boundary.tsx";
import {
	useAdminBlogPosts,
	useEditBlog,
} from "../../features/blog/blog.queries.ts";
import { PublishedDate } from "../../features/blog/components/published-date.tsx";
import { readPageParam } from "../../lib/page-param.ts";
import { usePageTitle } from "../../lib/page-title.ts";
import { failureReason, notify } from "../../lib/toast.ts";

/** Manage Blog (admin): every post, drafts too, to write, edit, publish, unpublish or delete. */
const POST_COLUMNS: readonly TableColumn[] = [
	{ label: "Title" },
	{ label: "Publication date" },
	{ label: "State" },
	{ label: "Actions", isLabelHidden: true },
];

export function ManageBlogPage() {
	usePageTitle("Manage Blog");
	const [params, setParams] = useSearchParams();
	const page = readPageParam(params.get("page"));
	const posts = useAdminBlogPosts(page);
	const { setPublished, remove } = useEditBlog();
	const [toDelete, setToDelete] = useState<AdminBlogPost>();

	const goTo = (next: number) =>
		setParams((current) => {
			const changed = new URLSearchParams(current);
			if (next === 1) changed.delete("page");
			else changed.set("page", String(next));
			return changed;
		});

	async function togglePublished(post: AdminBlogPost) {
		try {
			await setPublished.mutateAsync({
				postId: post.id,
				isPublished: !post.is_published,
			});
			notify.success(post.is_published ? "Post unpublished" : "Post published");
		} catch (error) {
			notify.error(`Failed to change the post${failureReason(error)}`);
		}
	}

	async function deletePost(post: AdminBlogPost) {
		try {
			await remove.mutateAsync(post.id);
			notify.info("Item deleted", { autoClose: 500 });
		} catch (error) {
			notify.error(`Failed to delete the post${failureReason(error)}`);
		}
	}

	return (
		<section className="space-y-4" aria-labelledby="manage-blog-title">
			<div className="flex flex-wrap items-center justify-between gap-2">
				<h1 id="manage-blog-title" className="text-2xl font-bold">
					Manage Blog
				</h1>
				<Link
					to="/dashboard/manage-blog/new"
					className="btn btn-primary btn-sm"
				>
					Write a post
				</Link>
			</div>
			<QueryBoundary
				query={posts}
				loadingLabel="Loading the posts"
				errorTitle="The posts could not be loaded"
			>
				{(data) =>
					data.total === 0 ? (
						<p className="py-8 text-center">No posts yet.</p>
					) : (
						<PagedTable
							page={data}
							isBusy={posts.isPlaceholderData}
							caption="Posts, newest first"
							columns={POST_COLUMNS}
							pagerLabel="Pages of posts"
							onGoTo={goTo}
							renderCells={(post) => (
								<>
									<td>
										<div className="font-medium">{post.title}</div>
										<div className="font-mono text-sm">/blog/{post.slug}</div>
									</td>
									<td>
										<PublishedDate iso={post.published_at} />
									</td>
									<td>
										{post.is_published ? (
											<span className="badge badge-success">Published</span>
										) : (
											<span className="badge badge-neutral">Draft</span>
										)}
									</td>
									<td>
										<div className="flex flex-wrap gap-1">
											<Link
												to={`/dashboard/manage-blog/${post.id}/edit`}
												className="btn btn-outline btn-xs"
												aria-label={`Edit: ${post.title}`}
											>
												Edit
											</Link>
											<button
												type="button"
												className="btn btn-outline btn-xs"
												aria-label={`${post.is_published ? "Unpublish" : "Publish"}: ${post.title}`}
												disabled={setPublished.isPending}
												onClick={() => void togglePublished(post)}
											>
												{post.is_published ? "Unpublish" : "Publish"}
											</button>
											<button
												type="button"
												className="btn btn-outline btn-error btn-xs"
												aria-label={`Delete: ${post.title}`}
												onClick={() => setToDelete(post)}
											>
												Delete
											</button>
										</div>
									</td>
								</>
							)}
						/>
					)
				}
			</QueryBoundary>
			<ConfirmDialog
				isOpen={toDelete !== undefined}
				title="Delete this post?"
				message={toDelete && `“${toDelete.title}” is deleted for good.`}
				confirmLabel="Delete post"
				isPending={remove.isPending}
				onConfirm={() => {
					const post = toDelete;
					setToDelete(undefined);
					if (post) void deletePost(post);
				}}
				onCancel={() => setToDelete(undefined)}
			/>
		</section>
	);
}
