import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
	SalesQuerySchema,
	SalesReportSchema,
} from "../../../shared/sales.schemas.ts";
import { clientErrorResponses } from "../../platform/http/api-schemas.ts";
import type { SalesUseCases } from "./sales.service.ts";

export async function salesRoutes(
	app: FastifyInstance,
	{ sales }: { sales: SalesUseCases },
): Promise<void> {
	const routes = app.withTypeProvider<ZodTypeProvider>();

	routes.get(
		"/admin/sales",
		{
			schema: {
				operationId: "getSalesReport",
				tags: ["sales"],
				summary:
					"Admin: revenue and orders by day, week or month (`period`), orders by status, the average order, the best-selling tools and the tools running low, up to `until` (today by default)",
				querystring: SalesQuerySchema,
				response: { 200: SalesReportSchema, ...clientErrorResponses },
			},
			config: { access: "admin" },
		},
		async (request) => sales.getSalesReport(request.query),
	);
}
