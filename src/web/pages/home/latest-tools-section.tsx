import { useCallback, useEffect, useId, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { SEARCH_QUERY_MAX_LENGTH } from "../../../shared/tools.schemas.ts";
import { PagedGrid } from "../../components/ui/paged-grid.tsx";
import { QueryBoundary } from "../../components/ui/query-boundary.tsx";
import { ToolCard } from "../../features/tools/components/tool-card.tsx";
import { useLatestTools } from "../../features/tools/tools.queries.ts";

const TOOLS_PER_PAGE = 6;

const readSearch = (value: string | null) =>
	(value ?? "").trim().slice(0, SEARCH_QUERY_MAX_LENGTH);

/** The newest tools, or with `?q=` in the address the tools that match it. */
export function LatestToolsSection() {
	const [params, setParams] = useSearchParams();
	const search = readSearch(params.get("q"));
	const [typed, setTyped] = useState(search);
	const tools = useLatestTools(TOOLS_PER_PAGE, search);
	const inputId = useId();

	// The search this box last put in the address; any other change came from back, forward or a
	// link, and the box then shows what is searched.
	const lastPushed = useRef(search);
	useEffect(() => {
		if (search !== lastPushed.current) setTyped(search);
		lastPushed.current = search;
	}, [search]);

	const searchFor = useCallback(
		(text: string) => {
			lastPushed.current = readSearch(text);
			setParams(
				(current) => {
					const next = new URLSearchParams(current);
					if (lastPushed.current) next.set("q", lastPushed.current);
					else next.delete("q");
					return next;
				},
				{ replace: true },
			);
		},
		[setParams],
	);

	// Typing settles for 300 ms before the tools are asked again.
	useEffect(() => {
		if (readSearch(typed) === search) return;
		const timer = setTimeout(() => searchFor(typed), 300);
		return () => clearTimeout(timer);
	}, [typed, search, searchFor]);

	const clearSearch = () => {
		setTyped("");
		searchFor("");
	};

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
			{/* biome-ignore lint/a11y/useSemanticElements: <search> is too new for some browsers and screen readers; a search form is understood by all */}
			<form
				role="search"
				className="mx-auto mb-8 max-w-md"
				onSubmit={(event) => {
					event.preventDefault();
					searchFor(typed);
				}}
			>
				<label className="label" htmlFor={inputId}>
					Search tools by name
				</label>
				<input
					id={inputId}
					type="search"
					className="input w-full"
					maxLength={SEARCH_QUERY_MAX_LENGTH}
					value={typed}
					onChange={(event) => setTyped(event.target.value)}
				/>
			</form>
			<QueryBoundary
				query={tools}
				loadingLabel={search ? "Searching tools" : "Loading tools"}
				errorTitle="We could not load the tools"
			>
				{() =>
					search && tools.items.length === 0 ? (
						<div className="py-12 text-center">
							<p className="mb-4 text-base-content/80">
								{`No tools match “${search}”.`}
							</p>
							<button
								type="button"
								className="btn btn-outline btn-primary"
								onClick={clearSearch}
							>
								Clear search
							</button>
						</div>
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
