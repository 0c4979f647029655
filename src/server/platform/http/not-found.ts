import path from "node:path";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { NotFoundError } from "./errors.ts";

/** Enough of an unknown path to recognise it; a 404 never repeats a whole 16 KB URL. */
const ECHOED_PATH_MAX = 100;

/** The 404 for a request no route answers, naming its method and (the start of) its path. */
export function createNoRouteError(request: FastifyRequest): NotFoundError {
	const pathname = request.url.split("?")[0] ?? "/";
	const echoed =
		pathname.length > ECHOED_PATH_MAX
			? `${pathname.slice(0, ECHOED_PATH_MAX)}…`
			: pathname;
	return new NotFoundError(`No route for ${request.method} ${echoed}`);
}

/** Only a path holding one of these can be non-canonical; the rest skip decoding. */
const MAYBE_NON_CANONICAL = /[.%\\]|\/\//;

/**
 * Whether the decoded path is in its one canonical form: no "." or ".." segment, no empty
 * segment ("//"), no backslash, no NUL byte. A path that fails to decode is left to the router.
 */
export function isCanonicalPath(url: string): boolean {
	const queryStart = url.indexOf("?");
	const rawPath = queryStart === -1 ? url : url.slice(0, queryStart);
	if (!MAYBE_NON_CANONICAL.test(rawPath)) return true;
	let pathname: string;
	try {
		pathname = decodeURIComponent(rawPath);
	} catch {
		return true;
	}
	return (
		!pathname.includes("\\") &&
		!pathname.includes("\0") &&
		path.posix.normalize(pathname) === pathname
	);
}

/**
 * A non-canonical path names nothing we serve, so it is a 404 like any other unknown path. Left
 * to routing, it would reach the static file servers (the web app, the API reference), which
 * refuse such paths with a 403 that tells a prober it touched something guarded.
 */
export function registerCanonicalPathCheck(app: FastifyInstance): void {
	app.addHook("onRequest", (request, _reply, done) => {
		if (isCanonicalPath(request.url)) done();
		else done(createNoRouteError(request));
	});
}
