import { FaqEditor } from "../../features/faqs/components/faq-editor.tsx";
import { PortfolioEditors } from "../../features/portfolio/components/portfolio-editors.tsx";
import { usePageTitle } from "../../lib/page-title.ts";

/** Manage Content (admin): the home page's Favorite Questions and the My Portfolio pages. */
export function ManageContentPage() {
	usePageTitle("Manage Content");
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
