import { PortfolioContent } from "../../features/portfolio/components/portfolio-content.tsx";
import { usePageTitle } from "../../lib/page-title.ts";

export function AboutMePage() {
	usePageTitle("About Me · My Portfolio");
	return (
		<PortfolioContent>
			{({ about: aboutMe }) => (
				<article className="card bg-base-100 shadow-md">
					<div className="card-body gap-4">
						<h2 className="card-title text-3xl">About Me</h2>
						<div>
							<p className="text-xl font-semibold">{aboutMe.name}</p>
							<p className="text-base-content/80">
								{aboutMe.role} · {aboutMe.location}
							</p>
							<a className="link link-primary" href={`mailto:${aboutMe.email}`}>
								{aboutMe.email}
							</a>
						</div>
						{aboutMe.summary.map((paragraph) => (
							<p key={paragraph} className="leading-relaxed">
								{paragraph}
							</p>
						))}
						<dl className="stats stats-vertical bg-base-200 sm:stats-horizontal">
							{aboutMe.highlights.map((highlight) => (
								<div key={highlight.label} className="stat">
									<dt className="stat-title text-base-content/80">
										{highlight.label}
									</dt>
									<dd className="stat-value text-primary">{highlight.value}</dd>
								</div>
							))}
						</dl>
					</div>
				</article>
			)}
		</PortfolioContent>
	);
}
