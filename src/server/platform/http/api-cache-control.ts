import type { FastifyInstance } from "fastify";

/** Under /api but not the API reference (/api/docs), whose files keep their plugin's caching. */
function isApiAnswer(url: string): boolean {
	const pathname = url.split("?", 1)[0] ?? "";
	if (pathname === "/api/docs" || pathname.startsWith("/api/docs/"))
		return false;
	return pathname === "/api" || pathname.startsWith("/api/");
}

/**
 * No API answer may be stored by a browser or a shared cache unless its route chose a policy,
 * and an error answer never may. The public catalog reads (tools, reviews, blog, FAQs) are
 * `no-store` too: sessions are coming, an answer that depends on who asks must never be served
 * from a shared cache to someone else, and the server already answers the tool list from memory.
 */
export function registerApiCacheControl(app: FastifyInstance): void {
	app.addHook("onSend", (request, reply, payload, done) => {
		if (
			isApiAnswer(request.url) &&
			(reply.statusCode >= 400 || !reply.hasHeader("cache-control"))
		)
			reply.header("cache-control", "no-store");
		done(null, payload);
	});
}
