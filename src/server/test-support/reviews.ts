import type { FastifyInstance } from "fastify";
import { authHeaders } from "./accounts.ts";

/** A request to one of the review routes as the caller whose cookie is given (none: anonymous). */
export function sendReview(
	app: FastifyInstance,
	cookie: string | undefined,
	method: "GET" | "POST" | "PUT" | "DELETE",
	url: string,
	payload?: object,
) {
	return app.inject({
		method,
		url,
		headers: authHeaders(cookie),
		...(payload ? { payload } : {}),
	});
}
