type PagedQuery = {
	hasNextPage: boolean;
	isFetchingNextPage: boolean;
	fetchNextPage: () => unknown;
};

/** "Show more …" under a paged list; hidden once the last page is shown. */
export function LoadMoreButton({
	query,
	label,
}: {
	query: PagedQuery;
	label: string;
}) {
	if (!query.hasNextPage) return null;
	return (
		<div className="mt-10 text-center">
			<button
				type="button"
				className="btn btn-outline btn-primary"
				onClick={() => void query.fetchNextPage()}
				disabled={query.isFetchingNextPage}
			>
				{query.isFetchingNextPage ? "Loading…" : label}
			</button>
		</div>
	);
}
