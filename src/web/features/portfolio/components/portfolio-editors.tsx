import { QueryBoundary } from "../../../components/ui/query-boundary.tsx";
import { usePortfolio } from "../portfolio.queries.ts";
import { AboutEditor } from "./about-editor.tsx";
import { ListEditor } from "./list-editor.tsx";
import {
	EducationFormSchema,
	ProjectsFormSchema,
	TechnologyFormSchema,
} from "./portfolio-form-schemas.ts";

const COMMA_LIST = "Technologies, separated by commas";

/** The portfolio's four sections, each edited and saved on its own. */
export function PortfolioEditors() {
	const portfolio = usePortfolio();
	return (
		<section className="space-y-6" aria-labelledby="portfolio-editor-title">
			<h2 id="portfolio-editor-title" className="text-xl font-semibold">
				My Portfolio
			</h2>
			<QueryBoundary
				query={portfolio}
				loadingLabel="Loading the portfolio"
				errorTitle="The portfolio could not be loaded"
			>
				{(content) => (
					<>
						<AboutEditor about={content.about} />
						<ListEditor
							section="education"
							title="Education"
							itemName="School"
							schema={EducationFormSchema}
							fields={[
								{ key: "school", label: "School" },
								{ key: "degree", label: "Degree" },
								{ key: "years", label: "Years" },
								{ key: "details", label: "Details", multiline: true },
							]}
							entries={content.education}
						/>
						<ListEditor
							section="projects"
							title="Projects"
							itemName="Project"
							schema={ProjectsFormSchema}
							fields={[
								{ key: "name", label: "Project name" },
								{ key: "summary", label: "Summary", multiline: true },
								{ key: "stack", label: COMMA_LIST },
								{ key: "outcome", label: "Outcome", multiline: true },
							]}
							entries={content.projects}
						/>
						<ListEditor
							section="technology"
							title="Technology"
							itemName="Group"
							schema={TechnologyFormSchema}
							fields={[
								{ key: "group", label: "Group" },
								{ key: "items", label: COMMA_LIST },
							]}
							entries={content.technology}
						/>
					</>
				)}
			</QueryBoundary>
		</section>
	);
}
