import { Link } from "react-router";
import { usePageTitle } from "../lib/page-title.ts";

export function NotFoundPage() {
	usePageTitle("Page not found");
	return (
		<div className="mx-auto flex max-w-xl flex-col items-center gap-6 px-4 py-24 text-center">
			<p className="text-7xl font-black text-primary">404</p>
			<h1 className="text-2xl font-bold">Sorry, we couldn't find this page.</h1>
			<Link to="/" className="btn btn-primary">
				Back to the homepage
			</Link>
		</div>
	);
}
