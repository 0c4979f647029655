import { FaqEditor } from "./faq-editor.tsx";
import { PortfolioEditors } from "./portfolio-editors.tsx";

/** Manage Content (admin): the home page's Favorite Questions and the My Portfolio pages. */
export function ManageContentPage() {
	return (
		<section
			className="max-w-3xl space-y-8"
			aria-labelledby="manage-content-title"
		>
			<h1 id="manage-content-title" className="text-2xl font-bold">
				Manage Content
			</h1>
			<FaqEditor />
			<PortfolioEditors />
		</section>
	);
}
