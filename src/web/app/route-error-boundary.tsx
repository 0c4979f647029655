import { Component, type ReactNode } from "react";
import { CodeLoadError } from "../lib/lazy-component.ts";
import { usePageTitle } from "../lib/page-title.ts";

type State = { error: unknown };

/** A page that failed, in place of a blank screen: what happened, and the way out. */
function FailedPage({
	title,
	children,
}: {
	title: string;
	children: ReactNode;
}) {
	usePageTitle(title);
	return (
		<div
			className="mx-auto flex max-w-xl flex-col items-center gap-6 px-4 py-24 text-center"
			role="alert"
		>
			<h1 className="text-2xl font-bold">{title}.</h1>
			{children}
		</div>
	);
}

function RouteErrorPage() {
	return (
		<FailedPage title="Something went wrong on this page">
			<p>
				Please reload the page. If it keeps happening, come back a little later.
			</p>
			{/* A full load: whatever broke this page starts afresh. */}
			<a href="/" className="btn btn-primary">
				Back to the homepage
			</a>
		</FailedPage>
	);
}

/**
 * The page's code did not arrive: the connection dropped, or the shop was updated since this tab
 * was opened and the files it asks for are gone. Reloading fetches the current ones.
 */
function CodeLoadErrorPage() {
	return (
		<FailedPage title="This page could not be loaded">
			<p>
				The shop may have been updated since you opened it, or the connection
				dropped. Reloading fetches the current version.
			</p>
			<button
				type="button"
				className="btn btn-primary"
				onClick={() => window.location.reload()}
			>
				Reload the page
			</button>
		</FailedPage>
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
	override state: State = { error: undefined };

	static getDerivedStateFromError(error: unknown): State {
		// Something thrown may be undefined; it is still a failure.
		return { error: error ?? new Error("A page failed without a reason") };
	}

	override componentDidUpdate(previous: { resetKey: string }) {
		if (
			this.state.error !== undefined &&
			previous.resetKey !== this.props.resetKey
		)
			this.setState({ error: undefined });
	}

	override render() {
		if (this.state.error === undefined) return this.props.children;
		if (this.state.error instanceof CodeLoadError) return <CodeLoadErrorPage />;
		return <RouteErrorPage />;
	}
}
