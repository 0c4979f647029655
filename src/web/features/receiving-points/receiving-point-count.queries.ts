import { useQuery } from "@tanstack/react-query";
import { apiGet } from "../../lib/api-client.ts";
import { useHasPainted } from "../../lib/first-paint.ts";
import { queryKeys } from "../../lib/query-keys.ts";

// The home page's one question about receiving points, apart from the pages that manage them:
// its schema (and zod) loads beside the request instead of with the page.
const countSchema = () =>
	import("../../../shared/receiving-points.schemas.ts").then(
		(schemas) => schemas.ReceivingPointCountSchema,
	);

/** How many receiving points the shop has, for the home page. */
export function useReceivingPointCount() {
	return useQuery({
		queryKey: queryKeys.receivingPoints.count,
		queryFn: ({ signal }) =>
			apiGet("/api/receiving-points/count", countSchema, signal),
		staleTime: 10 * 60 * 1000,
		// The banner's sentence reads well without the figure until the first paint is done.
		enabled: useHasPainted(),
	});
}
