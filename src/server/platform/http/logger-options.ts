import type { FastifyBaseLogger, FastifyRequest } from "fastify";
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

type Bindings = Parameters<FastifyBaseLogger["child"]>[0];
type ChildLoggerOptions = NonNullable<
	Parameters<FastifyBaseLogger["child"]>[1]
>;
type LevelName = "fatal" | "error" | "warn" | "info" | "debug" | "trace";

/**
 * Fastify's `childLoggerFactory`: a request's logger (`request.log`), made from the server's only
 * when the request first writes a line at a level the server logs. Fastify makes one for every
 * request, and pino's child serializes its bindings (the request id) through the redaction when it
 * is made: most requests write nothing (LOG_REQUESTS logs failures and slow answers by default),
 * so that work was spent on every request for nothing. A route with its own log level gets its
 * child at once.
 */
export function createLazyChildLogger(
	logger: FastifyBaseLogger,
	bindings: Bindings,
	options: ChildLoggerOptions,
): FastifyBaseLogger {
	return options.level === undefined
		? new LazyChildLogger(logger, bindings, options)
		: logger.child(bindings, options);
}

/** One object a request, its methods shared: cheaper to make than the child it stands for. */
class LazyChildLogger implements FastifyBaseLogger {
	#made: FastifyBaseLogger | undefined;
	readonly #parent: FastifyBaseLogger;
	readonly #bindings: Bindings;
	readonly #options: ChildLoggerOptions;

	constructor(
		parent: FastifyBaseLogger,
		bindings: Bindings,
		options: ChildLoggerOptions,
	) {
		this.#parent = parent;
		this.#bindings = bindings;
		this.#options = options;
	}

	#child(): FastifyBaseLogger {
		this.#made ??= this.#parent.child(this.#bindings, this.#options);
		return this.#made;
	}

	#write(level: LevelName, args: unknown[]): void {
		if (this.#made === undefined && !isLevelEnabled(this.#parent, level))
			return;
		const child = this.#child();
		(child[level] as (...args: unknown[]) => void).apply(child, args);
	}

	get level(): string {
		return (this.#made ?? this.#parent).level;
	}

	set level(level: string) {
		this.#child().level = level;
	}

	fatal(...args: unknown[]): void {
		this.#write("fatal", args);
	}
	error(...args: unknown[]): void {
		this.#write("error", args);
	}
	warn(...args: unknown[]): void {
		this.#write("warn", args);
	}
	info(...args: unknown[]): void {
		this.#write("info", args);
	}
	debug(...args: unknown[]): void {
		this.#write("debug", args);
	}
	trace(...args: unknown[]): void {
		this.#write("trace", args);
	}

	silent(): void {}

	child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
		return this.#child().child(bindings, options);
	}
}

/** pino's own check; a logger without one is asked to write every line. */
function isLevelEnabled(logger: FastifyBaseLogger, level: LevelName): boolean {
	const check = (logger as { isLevelEnabled?: (level: string) => boolean })
		.isLevelEnabled;
	return check === undefined || check.call(logger, level);
}
