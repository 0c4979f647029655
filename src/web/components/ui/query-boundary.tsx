import { type ReactNode, useDeferredValue } from "react";
import { ErrorState } from "./error-state.tsx";
import { Spinner } from "./spinner.tsx";

type QueryLike<Data> = {
	isPending: boolean;
	isError: boolean;
	error: Error | null;
	data: Data | undefined;
	refetch: () => unknown;
};

/** Loading, error and content states of one query, the same way on every page. */
export function QueryBoundary<Data>({
	query,
	loadingLabel,
	errorTitle,
	deferContent = false,
	children,
}: {
	query: QueryLike<Data>;
	loadingLabel: string;
	errorTitle: string;
	/**
	 * The first answer renders as a transition: in slices that the browser interleaves with its
	 * own work, so a long list arriving while the page loads does not hold it still. The spinner
	 * stays until the content is ready.
	 */
	deferContent?: boolean;
	children: (data: Data) => ReactNode;
}) {
	const isContentDue = useDeferredValue(
		!deferContent || query.data !== undefined,
	);
	if (query.isPending) return <Spinner label={loadingLabel} />;
	if (query.isError) {
		return (
			<ErrorState
				title={errorTitle}
				message={query.error?.message ?? "Please try again."}
				onRetry={() => void query.refetch()}
			/>
		);
	}
	// A settled query without an error has its data; the check also narrows the type.
	if (query.data === undefined || !isContentDue)
		return <Spinner label={loadingLabel} />;
	return <>{children(query.data)}</>;
}
