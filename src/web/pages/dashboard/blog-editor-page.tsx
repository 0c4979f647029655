import { Link, useNavigate, useParams } from "react-router";
import type { BlogPostForm as BlogPostFormValues } from "../../../shared/blog.schemas.ts";
import { QueryBoundary } from "../../components/ui/query-boundary.tsx";
import {
	useAdminBlogPost,
	useEditBlog,
} from "../../features/blog/blog.queries.ts";
import { BlogPostForm } from "../../features/blog/components/blog-post-form.tsx";
import { usePageTitle } from "../../lib/page-title.ts";
import { failureReason, notify } from "../../lib/toast.ts";

/** Write a new post (no :postId) or edit one; after a save the admin goes back to Manage Blog. */
export function BlogEditorPage() {
	const { postId } = useParams();
	usePageTitle(postId ? "Edit the post" : "Write a post");
	return postId ? <EditPost postId={postId} /> : <NewPost />;
}

function useAfterSave() {
	const navigate = useNavigate();
	return async (save: () => Promise<unknown>) => {
		try {
			await save();
		} catch (error) {
			notify.error(`Failed to save the post${failureReason(error)}`);
			throw error;
		}
		notify.success("Post saved");
		navigate("/dashboard/manage-blog");
	};
}

function Heading({ title }: { title: string }) {
	return (
		<div className="space-y-1">
			<Link to="/dashboard/manage-blog" className="link link-primary text-sm">
				← Manage Blog
			</Link>
			<h1 className="text-2xl font-bold">{title}</h1>
		</div>
	);
}

function NewPost() {
	const { add } = useEditBlog();
	const afterSave = useAfterSave();
	return (
		<section className="space-y-4">
			<Heading title="Write a post" />
			<BlogPostForm
				onSave={(fields: BlogPostFormValues, cover) =>
					afterSave(() => add.mutateAsync({ fields, cover }))
				}
			/>
		</section>
	);
}

function EditPost({ postId }: { postId: string }) {
	const post = useAdminBlogPost(postId);
	const { save } = useEditBlog();
	const afterSave = useAfterSave();
	return (
		<section className="space-y-4">
			<Heading
				title={post.data ? `Edit ${post.data.title}` : "Edit the post"}
			/>
			<QueryBoundary
				query={post}
				loadingLabel="Loading the post"
				errorTitle="The post could not be loaded"
			>
				{(data) => (
					<BlogPostForm
						key={data.version}
						post={data}
						onSave={(fields, cover) =>
							afterSave(() =>
								save.mutateAsync({
									postId,
									fields: { ...fields, version: String(data.version) },
									cover,
								}),
							)
						}
					/>
				)}
			</QueryBoundary>
		</section>
	);
}
