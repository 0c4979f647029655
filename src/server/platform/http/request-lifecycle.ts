import { randomUUID } from "node:crypto";
import { type FastifyInstance, LogController } from "fastify";
import {
	type Config,
	DEFAULT_LOG_REQUESTS,
	DEFAULT_REQUEST_TIMEOUT_MS,
	DEFAULT_SLOW_REQUEST_MS,
	type LogRequests,
} from "../../config.ts";
import { AppError } from "./errors.ts";
import { urlForLog } from "./redact-url.ts";

type LifecycleConfig = Pick<
	Config,
	"requestTimeoutMs" | "logRequests" | "slowRequestMs"
>;

/**
 * Fastify options that go with the hooks below. A client that stalls is cut off in seconds: the
 * whole request within `requestTimeoutMs`, the headers within 10 s, an idle kept-alive connection
 * after 5 s, a connection that moves no bytes after 60 s.
 */
export function requestLifecycleOptions({
	requestTimeoutMs = DEFAULT_REQUEST_TIMEOUT_MS,
}: LifecycleConfig) {
	return {
		requestTimeout: requestTimeoutMs,
		keepAliveTimeout: 5_000,
		connectionTimeout: 60_000,
		http: {
			headersTimeout: Math.min(10_000, requestTimeoutMs),
			// Node checks the two timeouts above on this interval (30 s by default).
			connectionsCheckingInterval: Math.min(
				1_000,
				Math.ceil(requestTimeoutMs / 4),
			),
			requireHostHeader: false,
		},
		return503OnClosing: false,
		logController: new LogController({ disableRequestLogging: true }),
	};
}

/**
 * Hooks every request passes through once the security headers are set: the Host check, answers
 * while shutting down, and the request log.
 */
export function registerRequestLifecycle(
	app: FastifyInstance,
	{
		logRequests = DEFAULT_LOG_REQUESTS,
		slowRequestMs = DEFAULT_SLOW_REQUEST_MS,
	}: LifecycleConfig,
): void {
	registerRequestIdHeader(app);
	registerHostCheck(app);
	registerShutdownAnswers(app);
	registerRequestLog(app, logRequests, slowRequestMs);
}

/** The header that carries a request's id, both ways. */
export const REQUEST_ID_HEADER = "x-request-id";

/** Whether TRUST_PROXY names any proxy at all (false, 0 and an empty list name none). */
export function hasTrustedProxy(trustProxy: Config["trustProxy"]): boolean {
	return Array.isArray(trustProxy)
		? trustProxy.length > 0
		: Boolean(trustProxy);
}

/**
 * The id of a request: the one a balancer in front gave it (nginx's `$request_id`, or any 8 to
 * 128 letters, digits and `._:-`), so the balancer's log and ours name the same request; else a
 * new UUID. The id only ties log lines and answers together: it grants nothing.
 */
export function requestIdFor(given: string | string[] | undefined): string {
	return typeof given === "string" && /^[A-Za-z0-9._:-]{8,128}$/.test(given)
		? given
		: randomUUID();
}

/** Every answer names its request's id (X-Request-Id), as the request's log lines do (reqId). */
function registerRequestIdHeader(app: FastifyInstance): void {
	app.addHook("onRequest", (request, reply, done) => {
		reply.header(REQUEST_ID_HEADER, request.id);
		done();
	});
}

/** Node's own check is off (`requireHostHeader`) so that this answer has our envelope and headers. */
function registerHostCheck(app: FastifyInstance): void {
	app.addHook("onRequest", (request, reply, done) => {
		const isHttp11 =
			request.raw.httpVersionMajor === 1 && request.raw.httpVersionMinor === 1;
		if (isHttp11 && request.headers.host === undefined) {
			// As with Node's own check, a request that breaks HTTP/1.1 ends its connection.
			reply.header("connection", "close");
			done(
				new AppError(
					400,
					"BAD_REQUEST",
					"An HTTP/1.1 request needs a Host header",
				),
			);
			return;
		}
		done();
	});
}

/**
 * Fastify's own 503 while closing is off (`return503OnClosing`): its body is not our envelope.
 * Once shutdown starts, requests already in flight are finished, but every answer closes its
 * connection: a client keeping its socket open would otherwise hold the process until the
 * forced exit. A request that arrives on a connection still open is refused with a 503.
 */
function registerShutdownAnswers(app: FastifyInstance): void {
	let isClosing = false;
	app.addHook("preClose", (done) => {
		isClosing = true;
		done();
	});
	app.addHook("onRequest", (_request, _reply, done) => {
		if (isClosing) {
			done(
				new AppError(
					503,
					"SERVICE_UNAVAILABLE",
					"The server is shutting down; try again in a moment",
				),
			);
			return;
		}
		done();
	});
	app.addHook("onSend", (_request, reply, payload, done) => {
		if (isClosing) reply.header("connection", "close");
		done(null, payload);
	});
}

/**
 * One line per answered request, replacing Fastify's two (turned off through `logController`).
 * Under "errors", only answers with a 5xx status and requests slower than `slowRequestMs`. The
 * URL is logged without its tokens (a reset link's path, a confirmation link's query).
 */
function registerRequestLog(
	app: FastifyInstance,
	logRequests: LogRequests,
	slowRequestMs: number,
): void {
	if (logRequests === "none") return;
	app.addHook("onResponse", (request, reply, done) => {
		const responseTime = Math.round(reply.elapsedTime);
		const isFailure = reply.statusCode >= 500;
		const isSlow = responseTime > slowRequestMs;
		if (logRequests === "all" || isFailure || isSlow) {
			const level = isFailure ? "error" : isSlow ? "warn" : "info";
			request.log[level](
				{
					method: request.method,
					url: urlForLog(request.url),
					statusCode: reply.statusCode,
					responseTime,
				},
				level === "warn" ? "slow request" : "request",
			);
		}
		done();
	});
}
