import { PagedGrid } from "../../components/ui/paged-grid.tsx";
import { QueryBoundary } from "../../components/ui/query-boundary.tsx";
import { ToolCard } from "../../features/tools/components/tool-card.tsx";
import { useLatestTools } from "../../features/tools/tools.queries.ts";

const TOOLS_PER_PAGE = 6;

export function LatestToolsSection() {
	const tools = useLatestTools(TOOLS_PER_PAGE);
	return (
		<section
			id="latest-tools"
			className="mx-auto max-w-7xl scroll-mt-20 px-4 py-12"
			aria-labelledby="latest-tools-title"
		>
			<h2
				id="latest-tools-title"
				className="mb-8 text-center text-3xl font-bold"
			>
				Latest Tools
			</h2>
			<QueryBoundary
				query={tools}
				loadingLabel="Loading tools"
				errorTitle="We could not load the tools"
			>
				{() => (
					<PagedGrid
						query={tools}
						layout="grid"
						emptyMessage="No tools are on sale yet. Please check back soon."
						showMoreLabel="Show more tools"
						renderItem={(tool, index) => (
							<ToolCard tool={tool} isPriority={index < 3} />
						)}
					/>
				)}
			</QueryBoundary>
		</section>
	);
}
