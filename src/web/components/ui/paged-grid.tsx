import { Fragment, type ReactNode } from "react";
import { EmptyState } from "./empty-state.tsx";
import { LoadMoreButton } from "./load-more-button.tsx";

type PagedQuery<Item> = {
	items: Item[];
	hasNextPage: boolean;
	isFetchingNextPage: boolean;
	fetchNextPage: () => unknown;
};

/**
 * The loaded items of a paged list (`usePagedList`), an empty message when there are none, and
 * "show more" until the last page. `grid` lays cards out in up to three columns; `list` stacks
 * them as cards of a `<ul>`.
 */
export function PagedGrid<Item extends { id: string }>({
	query,
	renderItem,
	emptyMessage,
	showMoreLabel,
	layout,
}: {
	query: PagedQuery<Item>;
	renderItem: (item: Item, index: number) => ReactNode;
	emptyMessage: string;
	showMoreLabel: string;
	layout: "grid" | "list";
}) {
	if (query.items.length === 0) return <EmptyState message={emptyMessage} />;
	return (
		<>
			{layout === "grid" ? (
				<div className="grid gap-8 md:grid-cols-2 lg:grid-cols-3">
					{query.items.map((item, index) => (
						<Fragment key={item.id}>{renderItem(item, index)}</Fragment>
					))}
				</div>
			) : (
				<ul className="space-y-6">
					{query.items.map((item, index) => (
						<li key={item.id} className="card bg-base-100 shadow-md">
							{renderItem(item, index)}
						</li>
					))}
				</ul>
			)}
			<LoadMoreButton query={query} label={showMoreLabel} />
		</>
	);
}
