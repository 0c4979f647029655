import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { UnauthorizedError } from "../http/errors.ts";
import type { ExposedMetrics } from "./metrics.ts";

const digest = (text: string) => createHash("sha256").update(text).digest();

/**
 * GET /metrics, in Prometheus's text format, for the holder of METRICS_TOKEN only: a scraper
 * sends it as a bearer token. Compared through digests of equal length, in constant time.
 */
export async function metricsRoutes(
	app: FastifyInstance,
	{ metrics, token }: { metrics: ExposedMetrics; token: string },
): Promise<void> {
	const expected = digest(token);
	app.get(
		"/metrics",
		// No session gives access: the token is checked here.
		{ schema: { hide: true }, config: { access: "public" } },
		async (request, reply) => {
			const given = /^Bearer (\S+)$/.exec(
				request.headers.authorization ?? "",
			)?.[1];
			if (!given || !timingSafeEqual(digest(given), expected))
				throw new UnauthorizedError(
					"Reading the metrics needs the metrics token: Authorization: Bearer <METRICS_TOKEN>",
				);
			reply.header("content-type", metrics.contentType);
			reply.header("cache-control", "no-store");
			return metrics.read();
		},
	);
}
