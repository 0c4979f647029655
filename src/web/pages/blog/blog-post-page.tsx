import { Link, useParams } from "react-router";
import { ErrorState } from "../../components/ui/error-state.tsx";
import { RichText } from "../../components/ui/rich-text.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { useBlogPost } from "../../features/blog/blog.queries.ts";
import { PublishedDate } from "../../features/blog/components/published-date.tsx";
import { ApiError } from "../../lib/api-client.ts";
import { NotFoundPage } from "../not-found-page.tsx";

export function BlogPostPage() {
	const { slug = "" } = useParams();
	const post = useBlogPost(slug);

	if (post.isPending) return <Spinner label="Loading the post" />;
	if (post.isError) {
		const isMissing =
			post.error instanceof ApiError &&
			(post.error.code === "NOT_FOUND" || post.error.status === 400);
		if (isMissing) return <NotFoundPage />;
		return (
			<ErrorState
				title="We could not load this post"
				message={post.error.message}
				onRetry={() => void post.refetch()}
			/>
		);
	}
	return (
		<article className="mx-auto max-w-3xl px-4 py-10">
			<Link to="/blog" className="link link-primary text-sm">
				← All posts
			</Link>
			<h1 className="mt-4 text-4xl font-bold leading-tight">
				{post.data.title}
			</h1>
			<p className="mt-2 mb-8 text-base-content/70">
				{post.data.author} · <PublishedDate iso={post.data.published_at} />
			</p>
			<div className="text-lg">
				<RichText text={post.data.body} />
			</div>
		</article>
	);
}
