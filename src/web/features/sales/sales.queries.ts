import { keepPreviousData, useQuery } from "@tanstack/react-query";
import {
	type SalesPeriod,
	SalesReportSchema,
} from "../../../shared/sales.schemas.ts";
import { apiGet } from "../../lib/api-client.ts";
import { queryKeys } from "../../lib/query-keys.ts";

/** Today in UTC, as the dashboard's days are: the last day its figures run to. */
export function todayInUtc(now = new Date()): string {
	return now.toISOString().slice(0, 10);
}

/**
 * The sales dashboard's figures, by day, week or month, up to `until` (the admin's today, so the
 * page and the clock it is read by agree). Read again each time the page is opened: orders are
 * placed and paid all the time; the figures shown stay while another period loads.
 */
export function useSalesReport(period: SalesPeriod, until: string) {
	return useQuery({
		queryKey: queryKeys.sales.report(period, until),
		queryFn: ({ signal }) =>
			apiGet(
				`/api/admin/sales?${new URLSearchParams({ period, until })}`,
				SalesReportSchema,
				signal,
			),
		staleTime: 0,
		placeholderData: keepPreviousData,
	});
}
