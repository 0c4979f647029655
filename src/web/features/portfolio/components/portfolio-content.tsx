import type { ReactNode } from "react";
import type { Portfolio } from "../../../../shared/portfolio.schemas.ts";
import { QueryBoundary } from "../../../components/ui/query-boundary.tsx";
import { usePortfolio } from "../portfolio.queries.ts";

/** Renders a portfolio page once its content has loaded, with the loading and error states. */
export function PortfolioContent({
	children,
}: {
	children: (portfolio: Portfolio) => ReactNode;
}) {
	const portfolio = usePortfolio();
	return (
		<QueryBoundary
			query={portfolio}
			loadingLabel="Loading the portfolio"
			errorTitle="We could not load the portfolio"
		>
			{children}
		</QueryBoundary>
	);
}
