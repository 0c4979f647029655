import { Component, type ReactNode } from "react";

type State = { hasError: boolean };

/** A page that throws while rendering shows this instead of a blank screen. */
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
		return (
			<div
				className="mx-auto flex max-w-xl flex-col items-center gap-6 px-4 py-24 text-center"
				role="alert"
			>
				<h1 className="text-2xl font-bold">
					Something went wrong on this page.
				</h1>
				<p>
					Please reload the page. If it keeps happening, come back a little
					later.
				</p>
				<a href="/" className="btn btn-primary">
					Back to the homepage
				</a>
			</div>
		);
	}
}
