import { EmptyState } from "../../components/ui/empty-state.tsx";
import { LoadMoreButton } from "../../components/ui/load-more-button.tsx";
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
				{() => {
					const items = tools.items;
					if (items.length === 0)
						return (
							<EmptyState message="No tools are on sale yet. Please check back soon." />
						);
					return (
						<>
							<div className="grid gap-8 md:grid-cols-2 lg:grid-cols-3">
								{items.map((tool, index) => (
									<ToolCard key={tool.id} tool={tool} isPriority={index < 3} />
								))}
							</div>
							<LoadMoreButton query={tools} label="Show more tools" />
						</>
					);
				}}
			</QueryBoundary>
		</section>
	);
}
