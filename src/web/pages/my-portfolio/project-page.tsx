import { PortfolioContent } from "../../features/portfolio/components/portfolio-content.tsx";
import { usePageTitle } from "../../lib/page-title.ts";

export function ProjectPage() {
	usePageTitle("Projects · My Portfolio");
	return (
		<PortfolioContent>
			{({ projects }) => (
				<article>
					<h2 className="mb-6 text-3xl font-bold">About Project</h2>
					<ul className="grid gap-6 md:grid-cols-2">
						{projects.map((project) => (
							<li key={project.name} className="card bg-base-100 shadow-md">
								<div className="card-body">
									<h3 className="card-title">{project.name}</h3>
									<p className="text-base-content/85">{project.summary}</p>
									<p className="text-sm">
										<span className="font-semibold">Outcome: </span>
										{project.outcome}
									</p>
									<ul
										className="mt-2 flex flex-wrap gap-2"
										aria-label="Built with"
									>
										{project.stack.map((item) => (
											<li key={item} className="badge badge-outline">
												{item}
											</li>
										))}
									</ul>
								</div>
							</li>
						))}
					</ul>
				</article>
			)}
		</PortfolioContent>
	);
}
