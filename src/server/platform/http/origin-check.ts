import type { FastifyInstance } from "fastify";
import { ForbiddenError } from "./errors.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A request that changes state must come from our own pages: a browser names the page's origin
 * in Origin (or at least says same-origin in Sec-Fetch-Site). Clients that are not browsers send
 * neither and carry their own bearer token, which a cross-site page cannot do.
 */
export function registerOriginCheck(
	app: FastifyInstance,
	publicUrl: string,
): void {
	const ownOrigin = new URL(publicUrl).origin;
	app.addHook("onRequest", async (request) => {
		if (SAFE_METHODS.has(request.method)) return;
		const origin = request.headers.origin;
		if (origin !== undefined) {
			if (origin !== ownOrigin)
				throw new ForbiddenError(
					"This request came from another site and was refused",
				);
			return;
		}
		const site = request.headers["sec-fetch-site"];
		if (site !== undefined && site !== "same-origin" && site !== "none")
			throw new ForbiddenError(
				"This request came from another site and was refused",
			);
	});
}
