import { Link, useParams } from "react-router";
import { QueryBoundary } from "../../components/ui/query-boundary.tsx";
import { useBlogPost } from "../../features/blog/blog.queries.ts";
import { MarkdownText } from "../../features/blog/components/markdown.tsx";
import { PublishedDate } from "../../features/blog/components/published-date.tsx";
import { ApiError } from "../../lib/api-client.ts";
import { usePageTitle } from "../../lib/page-title.ts";
import { NotFoundPage } from "../not-found-page.tsx";

export function BlogPostPage() {
	const { slug = "" } = useParams();
	const post = useBlogPost(slug);
	usePageTitle(post.data?.title ?? "Blog");

	// No post has this slug, or it is not a slug at all: either way the page does not exist.
	const isMissing =
		post.error instanceof ApiError &&
		(post.error.code === "NOT_FOUND" ||
			post.error.code === "VALIDATION_FAILED");
	if (isMissing) return <NotFoundPage />;
	return (
		<QueryBoundary
			query={post}
			loadingLabel="Loading the post"
			errorTitle="We could not load this post"
		>
			{(data) => (
				<article className="mx-auto max-w-3xl px-4 py-10">
					<Link to="/blog" className="link link-primary text-sm">
						← All posts
					</Link>
					<h1 className="mt-4 text-4xl font-bold leading-tight">
						{data.title}
					</h1>
					<p className="mt-2 mb-8 text-base-content/70">
						{data.author} · <PublishedDate iso={data.published_at} />
					</p>
					{data.cover_img && (
						<img
							src={data.cover_img}
							alt=""
							width={1200}
							height={630}
							className="mb-8 aspect-[1200/630] w-full rounded-box object-cover"
						/>
					)}
					<div className="text-lg">
						<MarkdownText text={data.body} />
					</div>
				</article>
			)}
		</QueryBoundary>
	);
}
