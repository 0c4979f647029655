import { PortfolioContent } from "../../features/portfolio/components/portfolio-content.tsx";
import { usePageTitle } from "../../lib/page-title.ts";

/** An id made of the group's name: aria-labelledby reads a space as a separator between ids. */
function groupHeadingId(group: string): string {
	return `tech-${group.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
}

export function TechnologyPage() {
	usePageTitle("Technology · My Portfolio");
	return (
		<PortfolioContent>
			{({ technology: technologies }) => (
				<article>
					<h2 className="mb-6 text-3xl font-bold">About Technology</h2>
					<div className="grid gap-6 md:grid-cols-2">
						{technologies.map((group) => (
							<section
								key={group.group}
								className="card bg-base-100 shadow-md"
								aria-labelledby={groupHeadingId(group.group)}
							>
								<div className="card-body">
									<h3 id={groupHeadingId(group.group)} className="card-title">
										{group.group}
									</h3>
									<ul className="flex flex-wrap gap-2">
										{group.items.map((item) => (
											<li
												key={item}
												className="badge badge-primary badge-soft badge-lg"
											>
												{item}
											</li>
										))}
									</ul>
								</div>
							</section>
						))}
					</div>
				</article>
			)}
		</PortfolioContent>
	);
}
