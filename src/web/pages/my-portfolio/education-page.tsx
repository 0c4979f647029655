import { PortfolioContent } from "../../features/portfolio/components/portfolio-content.tsx";
import { usePageTitle } from "../../lib/page-title.ts";

export function EducationPage() {
	usePageTitle("Education · My Portfolio");
	return (
		<PortfolioContent>
			{({ education }) => (
				<article>
					<h2 className="mb-6 text-3xl font-bold">About Education</h2>
					<ul className="space-y-4">
						{education.map((entry) => (
							<li key={entry.school} className="card bg-base-100 shadow-md">
								<div className="card-body">
									<h3 className="card-title">{entry.degree}</h3>
									<p className="font-medium">
										{entry.school} ·{" "}
										<span className="text-base-content/80">{entry.years}</span>
									</p>
									<p className="text-base-content/85">{entry.details}</p>
								</div>
							</li>
						))}
					</ul>
				</article>
			)}
		</PortfolioContent>
	);
}
