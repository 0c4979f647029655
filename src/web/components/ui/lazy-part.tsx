import { Component, type ReactNode, Suspense } from "react";

type Props = { fallback: ReactNode; children: ReactNode };

/**
 * A part of a page whose code loads after the page's own (React.lazy): `fallback` stands in for
 * it while it loads, and stays if its code cannot be loaded, so the page around it keeps working.
 * The fallback should take the part's place and size, so nothing moves when the part arrives.
 */
export class LazyPart extends Component<Props, { hasFailed: boolean }> {
	override state = { hasFailed: false };

	static getDerivedStateFromError() {
		return { hasFailed: true };
	}

	override render() {
		if (this.state.hasFailed) return this.props.fallback;
		return (
			<Suspense fallback={this.props.fallback}>{this.props.children}</Suspense>
		);
	}
}
