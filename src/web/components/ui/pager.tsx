/** Previous and Next under a numbered list, with "Page n of m" between them. */
export function Pager({
	label,
	page,
	pageCount,
	onGoTo,
}: {
	label: string;
	page: number;
	pageCount: number;
	onGoTo: (page: number) => void;
}) {
	return (
		<nav aria-label={label} className="flex items-center gap-4">
			<button
				type="button"
				className="btn btn-sm"
				disabled={page <= 1}
				onClick={() => onGoTo(page - 1)}
			>
				Previous
			</button>
			<span>
				Page {page} of {pageCount}
			</span>
			<button
				type="button"
				className="btn btn-sm"
				disabled={page >= pageCount}
				onClick={() => onGoTo(page + 1)}
			>
				Next
			</button>
		</nav>
	);
}
