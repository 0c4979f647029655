import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
	AuditEventPageSchema,
	AuditEventQuerySchema,
} from "../../../shared/audit.schemas.ts";
import { clientErrorResponses } from "../../platform/http/api-schemas.ts";
import { ForbiddenError } from "../../platform/http/errors.ts";
import type { AccessRefusal } from "./access-refusals.service.ts";
import type { AuditUseCases } from "./audit.service.ts";

export async function auditRoutes(
	app: FastifyInstance,
	{ audit }: { audit: AuditUseCases },
): Promise<void> {
	const routes = app.withTypeProvider<ZodTypeProvider>();

	routes.get(
		"/admin/audit-events",
		{
			schema: {
				operationId: "listAuditEvents",
				tags: ["users"],
				summary:
					"Admin: the security log (role changes, removed accounts, two-factor changes, refused access), newest first",
				querystring: AuditEventQuerySchema,
				response: { 200: AuditEventPageSchema, ...clientErrorResponses },
			},
			config: { access: "admin" },
		},
		async (request) => audit.listAuditEvents(request.query),
	);
}

/**
 * Logs each refused role check (a signed-in account that is not an admin, turned away from an
 * admin route) as `access.refused`, throttled by the recorder. On the root instance, before any
 * route is registered, so every route's errors pass through it.
 */
export function registerAccessRefusalAudit(
	app: FastifyInstance,
	recordRefusal: (refusal: AccessRefusal) => Promise<void>,
): void {
	app.addHook("onError", async (request, _reply, error) => {
		const viewer = request.viewer;
		// Other 403s (a cross-site request, an admin kept from writing a review) are no role probe.
		if (!(error instanceof ForbiddenError) || !viewer || viewer.isAdmin) return;
		try {
			await recordRefusal({
				viewer: { id: viewer.id, email: viewer.email },
				method: request.method,
				route: request.routeOptions.url ?? request.url,
				address: request.ip,
			});
		} catch (failure) {
			// The refusal is answered either way; a log that cannot be written must not make it a 500.
			request.log.error({ err: failure }, "recording a refused access failed");
		}
	});
}
