import { type ComponentType, lazy } from "react";

/**
 * The code of a page or a part of one could not be downloaded: the connection dropped, or a new
 * version of the shop was published since this page was opened and the old files are gone. Only
 * a reload helps, which the error page offers.
 */
export class CodeLoadError extends Error {
	constructor(cause: unknown) {
		super("The code of this page could not be loaded", { cause });
		this.name = "CodeLoadError";
	}
}

/**
 * A component whose code is downloaded the first time it renders (React.lazy, behind a Suspense
 * boundary); a failed download throws CodeLoadError.
 */
export function lazyComponent<Props extends object>(
	load: () => Promise<ComponentType<Props>>,
) {
	return lazy(() =>
		load().then(
			(component) => ({ default: component }),
			(error: unknown) => {
				throw new CodeLoadError(error);
			},
		),
	);
}
