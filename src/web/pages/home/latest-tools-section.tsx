import { useCallback } from "react";
import { useSearchParams } from "react-router";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { PagedGrid } from "../../components/ui/paged-grid.tsx";
import { QueryBoundary } from "../../components/ui/query-boundary.tsx";
import { SearchField } from "../../components/ui/search-field.tsx";
import { ToolCard } from "../../features/tools/components/tool-card.tsx";
import { SEARCH_QUERY_MAX_LENGTH } from "../../features/tools/tool-search.ts";
import { useLatestTools } from "../../features/tools/tools.queries.ts";

const TOOLS_PER_PAGE = 6;

const readSearch = (value: string | null) =>
	(value ?? "").trim().slice(0, SEARCH_QUERY_MAX_LENGTH);

/** The newest tools, or with `?q=` in the address the tools that match it. */
export function LatestToolsSection() {
	const [params, setParams] = useSearchParams();
	const search = readSearch(params.get("q"));
	const tools = useLatestTools(TOOLS_PER_PAGE, search);

	const searchFor = useCallback(
		(text: string) =>
			setParams(
				(current) => {
					const next = new URLSearchParams(current);
					if (text) next.set("q", readSearch(text));
					else next.delete("q");
					return next;
				},
				{ replace: true },
			),
		[setParams],
	);

	return (
		<section
			id="latest-tools"
			className="mx-auto max-w-7xl scroll-mt-20 px-4 py-12"
			aria-labelledby="latest-tools-title"
		>
			<h2
				id="latest-tools-title"
				className="mb-6 text-center text-3xl font-bold"
			>
				{search ? "Search results" : "Latest Tools"}
			</h2>
			<SearchField
				label="Search tools by name"
				className="mx-auto mb-8 max-w-md"
				value={search}
				maxLength={SEARCH_QUERY_MAX_LENGTH}
				onSearch={searchFor}
			/>
			<QueryBoundary
				deferContent
				query={tools}
				loadingLabel={search ? "Searching tools" : "Loading tools"}
				errorTitle="We could not load the tools"
			>
				{() =>
					search && tools.items.length === 0 ? (
						<EmptyState
							message={`No tools match “${search}”.`}
							action={
								<button
									type="button"
									className="btn btn-outline btn-primary"
									onClick={() => searchFor("")}
								>
									Clear search
								</button>
							}
						/>
					) : (
						<PagedGrid
							query={tools}
							layout="grid"
							emptyMessage="No tools are on sale yet. Please check back soon."
							showMoreLabel="Show more tools"
							renderItem={(tool, index) => (
								<ToolCard tool={tool} isPriority={!search && index < 3} />
							)}
						/>
					)
				}
			</QueryBoundary>
		</section>
	);
}
