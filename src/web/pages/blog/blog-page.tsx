import { Link } from "react-router";
import { PagedGrid } from "../../components/ui/paged-grid.tsx";
import { QueryBoundary } from "../../components/ui/query-boundary.tsx";
import { useBlogPostPages } from "../../features/blog/blog.queries.ts";
import { PublishedDate } from "../../features/blog/components/published-date.tsx";
import { usePageTitle } from "../../lib/page-title.ts";

const POSTS_PER_PAGE = 10;

export function BlogPage() {
	usePageTitle("Blog");
	const posts = useBlogPostPages(POSTS_PER_PAGE);
	return (
		<div className="mx-auto max-w-4xl px-4 py-10">
			<h1 className="mb-2 text-3xl font-bold">Blog</h1>
			<p className="mb-8 text-base-content/80">
				Buying guides, workshop know-how and news from Tools Gallery.
			</p>
			<QueryBoundary
				query={posts}
				loadingLabel="Loading blog posts"
				errorTitle="We could not load the blog"
			>
				{() => (
					<PagedGrid
						query={posts}
						layout="list"
						emptyMessage="No posts yet. Please check back soon."
						showMoreLabel="Show older posts"
						renderItem={(post) => (
							<article className="card-body">
								<h2 className="card-title text-2xl">
									<Link to={`/blog/${post.slug}`} className="link-hover">
										{post.title}
									</Link>
								</h2>
								<p className="text-sm text-base-content/70">
									{post.author} · <PublishedDate iso={post.published_at} />
								</p>
								<p className="text-base-content/85">{post.excerpt}</p>
								<div className="card-actions justify-end">
									<Link
										to={`/blog/${post.slug}`}
										className="btn btn-primary btn-sm"
										aria-label={`Read: ${post.title}`}
									>
										Read more
									</Link>
								</div>
							</article>
						)}
					/>
				)}
			</QueryBoundary>
		</div>
	);
}
