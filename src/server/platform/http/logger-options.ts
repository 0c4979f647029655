import type { FastifyRequest } from "fastify";
import type { Config } from "../../config.ts";
import { REDACTED, urlForLog } from "./redact-url.ts";

/** Headers that carry sessions, bearer tokens or signatures. */
const SECRET_HEADERS = [
	"cookie",
	"set-cookie",
	"authorization",
	"proxy-authorization",
	"set-auth-token",
	"stripe-signature",
];

/**
 * A request as a log line shows it: its URL with tokens redacted and no headers. Fastify logs a
 * request under `req` on its own in some failures; ours log `url` through `urlForLog` too.
 */
function serializeRequest(request: FastifyRequest) {
	return {
		method: request.method,
		url: urlForLog(request.url),
		host: request.host,
		remoteAddress: request.ip,
		remotePort: request.socket?.remotePort,
	};
}

/**
 * The server's logger: JSON lines at LOG_LEVEL, with no secret in them. A session cookie or a
 * bearer token in a logged object's headers (an error that carries its request's or answer's
 * headers) is replaced by `[redacted]`.
 */
export function createLoggerOptions(level: Config["logLevel"]) {
	return {
		level,
		serializers: { req: serializeRequest },
		redact: {
			paths: SECRET_HEADERS.flatMap((name) => [
				`headers["${name}"]`,
				`*.headers["${name}"]`,
			]),
			censor: REDACTED,
		},
	};
}
