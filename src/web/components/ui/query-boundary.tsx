import type { ReactNode } from "react";
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
	children,
}: {
	query: QueryLike<Data>;
	loadingLabel: string;
	errorTitle: string;
	children: (data: Data) => ReactNode;
}) {
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
	// A settled query without an error has its data; the check only narrows the type.
	if (query.data === undefined) return <Spinner label={loadingLabel} />;
	return <>{children(query.data)}</>;
}
