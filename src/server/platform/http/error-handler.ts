import { IncomingMessage, ServerResponse, STATUS_CODES } from "node:http";
import { Socket } from "node:net";
import type {
	FastifyError,
	FastifyInstance,
	FastifyReply,
	FastifyRequest,
} from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import type {
	ApiErrorBody,
	ApiErrorCode,
	FieldIssue,
} from "../../../shared/api-error.ts";
import { boundLogError } from "../bounded-log.ts";
import { AppError } from "./errors.ts";
import { redactUrlIn } from "./redact-url.ts";
import type { SecurityHeaders } from "./security-headers.ts";

function errorBody(
	code: ApiErrorCode,
	message: string,
	details?: FieldIssue[],
): ApiErrorBody {
	return { error: details ? { code, message, details } : { code, message } };
}

const clientErrorCodes: Record<number, ApiErrorCode> = {
	400: "BAD_REQUEST",
	401: "UNAUTHORIZED",
	403: "FORBIDDEN",
	404: "NOT_FOUND",
	409: "CONFLICT",
	413: "PAYLOAD_TOO_LARGE",
	415: "UNSUPPORTED_MEDIA_TYPE",
	429: "TOO_MANY_REQUESTS",
};

/**
 * Errors Fastify raises for malformed requests (bad JSON, a bad URL, wrong content type, body
 * too large, an unsatisfiable range): their messages are written for clients and safe to echo,
 * and they are the client's doing, so they are logged at info, not as our failures.
 */
function sendClientError(
	error: FastifyError,
	request: FastifyRequest,
	reply: FastifyReply,
	status: number,
) {
	request.log.info(
		{ err: boundLogError(redactQuotedUrl(error, request.url)) },
		"client error",
	);
	return reply
		.code(status)
		.send(
			errorBody(
				clientErrorCodes[status] ?? "BAD_REQUEST",
				cutEchoedText(error.message),
			),
		);
}

/**
 * Some of these messages quote the request's URL, which may hold a token (a reset link's path):
 * the log gets a copy of the error with the URL redacted. The client, who sent it, gets it as is.
 */
function redactQuotedUrl(error: FastifyError, url: string): Error {
	const message = redactUrlIn(error.message, url);
	if (message === error.message) return error;
	return Object.assign(new Error(message), {
		name: error.name,
		code: error.code,
		statusCode: error.statusCode,
		stack: error.stack && redactUrlIn(error.stack, url),
	});
}

/** Some of these messages quote the request's URL: an answer never repeats more than this. */
const ECHOED_MESSAGE_MAX = 200;

function cutEchoedText(message: string): string {
	return message.length > ECHOED_MESSAGE_MAX
		? `${message.slice(0, ECHOED_MESSAGE_MAX)}…`
		: message;
}

export function registerErrorHandling(app: FastifyInstance): void {
	app.setErrorHandler((error: FastifyError, request, reply) => {
		if (error instanceof AppError) {
			return reply
				.code(error.statusCode)
				.headers(error.headers)
				.send(errorBody(error.code, error.message, error.details));
		}
		if (hasZodFastifySchemaValidationErrors(error)) {
			const part = error.validationContext ?? "request";
			const details = error.validation.map((issue) => ({
				field:
					issue.instancePath.replace(/^\//, "").replaceAll("/", ".") || part,
				message: issue.message ?? "is not valid",
			}));
			const fields = [...new Set(details.map((detail) => detail.field))].join(
				", ",
			);
			return reply
				.code(400)
				.send(
					errorBody("VALIDATION_FAILED", `Invalid ${part}: ${fields}`, details),
				);
		}
		const status = error.statusCode ?? 500;
		if (status >= 400 && status < 500)
			return sendClientError(error, request, reply, status);
		request.log.error({ err: boundLogError(error) }, "request failed");
		// The request's id lets whoever reports the failure point at its log lines.
		const body: ApiErrorBody = {
			error: {
				code: "INTERNAL_ERROR",
				message: "Something went wrong on our side. Please try again.",
				requestId: request.id,
			},
		};
		return reply.code(500).send(body);
	});
}

/**
 * Errors Fastify raises before routing (a malformed URL, a parameter too long) skip hooks and the
 * error handler; this gives them the same envelope and security headers as every other answer.
 */
export function frameworkErrorHandler(setHeaders: SecurityHeaders) {
	return (
		error: FastifyError,
		request: FastifyRequest,
		reply: FastifyReply,
	) => {
		setHeaders(request.raw, reply.raw);
		// These answers skip the onSend hooks that give every other error `no-store`.
		reply.header("cache-control", "no-store");
		const status =
			error.statusCode && error.statusCode >= 400 && error.statusCode < 500
				? error.statusCode
				: 400;
		return sendClientError(error, request, reply, status);
	};
}

/** The security headers as name and value pairs, for answers written straight to a socket. */
export function listSecurityHeaders(
	setHeaders: SecurityHeaders,
): [string, string][] {
	const request = new IncomingMessage(new Socket());
	request.url = "/";
	const response = new ServerResponse(request);
	setHeaders(request, response);
	return Object.entries(response.getHeaders()).map(([name, value]) => [
		name,
		String(value),
	]);
}

const socketErrorAnswers: Record<string, [number, string]> = {
	ERR_HTTP_REQUEST_TIMEOUT: [408, "The request took too long to arrive"],
	HPE_HEADER_OVERFLOW: [431, "The request headers are too large"],
};

/**
 * Requests Node's HTTP parser rejects (malformed, headers too large, too slow to arrive) never
 * reach Fastify: they are answered here on the socket, in the same envelope and with the same
 * security headers as every other answer, and the connection is closed.
 */
export function clientErrorHandler(setHeaders: SecurityHeaders) {
	const headerLines = listSecurityHeaders(setHeaders)
		.map(([name, value]) => `${name}: ${value}\r\n`)
		.join("");
	return (error: Error & { code?: string }, socket: Socket): void => {
		if (error.code === "ECONNRESET" || socket.destroyed) return;
		// An answer already under way on this socket cannot be replaced by another one.
		const inFlight = (socket as Socket & { _httpMessage?: ServerResponse })
			._httpMessage;
		if (socket.writable && !inFlight?.headersSent) {
			const [status, message] = socketErrorAnswers[error.code ?? ""] ?? [
				400,
				"The request is not valid HTTP",
			];
			const body = JSON.stringify(
				errorBody(clientErrorCodes[status] ?? "BAD_REQUEST", message),
			);
			socket.write(
				`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${headerLines}` +
					"content-type: application/json; charset=utf-8\r\n" +
					"cache-control: no-store\r\n" +
					`content-length: ${Buffer.byteLength(body)}\r\n` +
					`connection: close\r\n\r\n${body}`,
			);
		}
		socket.destroy();
	};
}
