import { Component, type ReactNode } from "react";
import { usePageTitle } from "../lib/page-title.ts";

type State = { hasError: boolean };

function RouteErrorPage() {
	usePageTitle("Something went wrong");
	return (
		<div
			className="mx-auto flex max-w-xl flex-col items-center gap-6 px-4 py-24 text-center"
			role="alert"
		>
			<h1 className="text-2xl font-bold">Something went wrong on this page.</h1>
			<p>
				Please reload the page. If it keeps happening, come back a little later.
			</p>
			{/* A full load: whatever broke this page starts afresh. */}
			<a href="/" className="btn btn-primary">
				Back to the homepage
			</a>
		</div>
	);
}

/**
 * A page that throws while rendering (or whose code fails to load) shows this instead of a blank
 * screen; the navigation bar stays. It wraps the outlet of the root layout, so it serves every
 * route, the dashboard's included; going to another address clears it.
 */
export class RouteErrorBoundary extends Component<
	{ children: ReactNode; resetKey: string },
	State
> {
	override state: State = { hasError: false };

	static getDerivedStateFromError(): State {
		return { hasError: true };
	}

	override componentDidUpdate(previous: { resetKey: string }) {
		if (this.state.hasError && previous.resetKey !== this.props.resetKey)
			this.setState({ hasError: false });
	}

	override render() {
		if (!this.state.hasError) return this.props.children;
		return <RouteErrorPage />;
	}
}
