import type { ReactNode } from "react";
import { ErrorState } from "./error-state.tsx";
import { Spinner } from "./spinner.tsx";

type QueryLike = {
	isPending: boolean;
	isError: boolean;
	error: Error | null;
	refetch: () => unknown;
};

/** Loading, error and content states of one query, the same way on every page. */
export function QueryBoundary({
	query,
	loadingLabel,
	errorTitle,
	children,
}: {
	query: QueryLike;
	loadingLabel: string;
	errorTitle: string;
	children: () => ReactNode;
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
	return <>{children()}</>;
}
