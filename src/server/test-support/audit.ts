import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import {
	type AuditEventPage,
	AuditEventPageSchema,
} from "../../shared/audit.schemas.ts";

/** The security log as an admin reads it through the API; `query` as in `?kind=user.removed`. */
export async function readSecurityLog(
	app: FastifyInstance,
	adminCookie: string,
	query = "",
): Promise<AuditEventPage> {
	const response = await app.inject({
		url: `/api/admin/audit-events${query}`,
		headers: { cookie: adminCookie },
	});
	expect(response.statusCode, response.body).toBe(200);
	return AuditEventPageSchema.parse(response.json());
}
