import type * as z from "zod/mini";
import type { ApiErrorCode, FieldIssue } from "../../shared/api-error.ts";
import { startRequestTimer } from "./request-timeout.ts";

/**
 * The shared schema an answer is parsed with, or a function that imports it. The modules of the
 * home page's first download pass such a loader, so that zod and the schemas come in chunks of
 * their own, fetched while the request is on its way instead of before the page can show.
 */
export type ResponseSchema<T extends z.ZodMiniType> = T | (() => Promise<T>);

/** Failures before the shop answers: unreachable, or no answer within the time a request has. */
export type NoAnswerCode = "NETWORK_ERROR" | "TIMEOUT";

export class ApiError extends Error {
	constructor(
		readonly status: number,
		readonly code: ApiErrorCode | NoAnswerCode | "BAD_RESPONSE",
		message: string,
		/** One entry per bad field of a VALIDATION_FAILED answer, for a form to show on its fields. */
		readonly details: FieldIssue[] = [],
	) {
		super(message);
		this.name = "ApiError";
	}
}

export const NETWORK_ERROR_MESSAGE =
	"We could not reach the shop. Check your connection and try again.";
export const TIMEOUT_MESSAGE =
	"The shop did not answer in time. Check your connection and try again.";

/** How long a request may wait for the whole answer; an upload carries a photo, so it gets longer. */
export const REQUEST_TIMEOUT_MS = 15_000;
export const UPLOAD_TIMEOUT_MS = 120_000;

/**
 * True when the request may have reached the shop but its answer never came back: unreachable,
 * timed out, or a 5xx without the shop's own error body (a proxy's page). The shop may have done
 * the work, so only a retry that the shop recognises (an Idempotency-Key) is safe.
 */
export function isAnswerLost(error: unknown): boolean {
	return (
		error instanceof ApiError &&
		(error.code === "NETWORK_ERROR" ||
			error.code === "TIMEOUT" ||
			(error.code === "BAD_RESPONSE" && error.status >= 500))
	);
}

async function errorFromAnswer(
	status: number,
	body: unknown,
): Promise<ApiError> {
	// Loaded with the first error answer: pages that never meet one do without it.
	const parsedError = await import("../../shared/api-error.ts").then(
		({ ApiErrorBodySchema }) => ApiErrorBodySchema.safeParse(body),
		() => ({ success: false }) as const,
	);
	if (parsedError.success)
		return new ApiError(
			status,
			parsedError.data.error.code,
			parsedError.data.error.message,
			parsedError.data.error.details,
		);
	return new ApiError(
		status,
		"BAD_RESPONSE",
		`The shop answered with an error (${status}).`,
	);
}

/**
 * One request and its parsed answer. The caller's signal (a query that is no longer needed)
 * aborts it with the caller's own reason; the timer aborts it with TIMEOUT, the body included.
 */
async function request<T extends z.ZodMiniType>(
	path: string,
	init: RequestInit,
	schema: ResponseSchema<T> | undefined,
	{ signal, timeoutMs }: { signal?: AbortSignal; timeoutMs: number },
): Promise<z.infer<T>> {
	const loadingSchema =
		typeof schema === "function" ? schema() : Promise.resolve(schema);
	// Awaited once the answer is in; until then a failed load must not count as unhandled.
	loadingSchema.catch(() => undefined);
	const timer = startRequestTimer(timeoutMs, signal);
	const noAnswer = (error: unknown) => {
		if (signal?.aborted) return error;
		return timer.hasTimedOut()
			? new ApiError(0, "TIMEOUT", TIMEOUT_MESSAGE)
			: new ApiError(0, "NETWORK_ERROR", NETWORK_ERROR_MESSAGE);
	};
	try {
		let response: Response;
		try {
			response = await fetch(path, {
				...init,
				credentials: "same-origin",
				signal: timer.signal,
			});
		} catch (error) {
			throw noAnswer(error);
		}
		let body: unknown;
		if (response.status !== 204) {
			try {
				body = await response.json();
			} catch (error) {
				// An empty or non-JSON body is judged below; a body cut off by the timer is no answer.
				if (timer.signal.aborted) throw noAnswer(error);
				body = undefined;
			}
		}
		if (!response.ok) throw await errorFromAnswer(response.status, body);
		let parser: T | undefined;
		try {
			parser = await loadingSchema;
		} catch {
			// The schema's code could not be downloaded: as unreachable as the shop itself.
			throw new ApiError(0, "NETWORK_ERROR", NETWORK_ERROR_MESSAGE);
		}
		if (!parser) return undefined as z.infer<T>;
		const parsed = parser.safeParse(body);
		if (!parsed.success)
			throw new ApiError(
				response.status,
				"BAD_RESPONSE",
				"The shop sent an answer we did not understand.",
			);
		return parsed.data;
	} finally {
		timer.stop();
	}
}

/**
 * Sends a change to the API: a JSON body, or FormData for an upload. The answer is parsed with
 * the shared schema (none for a 204). `headers` adds to the usual ones (an Idempotency-Key).
 * Failures throw ApiError.
 */
export async function apiSend<T extends z.ZodMiniType>(
	method: "POST" | "PUT" | "PATCH" | "DELETE",
	path: string,
	body: unknown,
	schema?: ResponseSchema<T>,
	headers: Record<string, string> = {},
): Promise<z.infer<T>> {
	const isUpload = body instanceof FormData;
	return request(
		path,
		{
			method,
			headers: {
				...headers,
				accept: "application/json",
				...(isUpload || body === undefined
					? {}
					: { "content-type": "application/json" }),
			},
			body: isUpload
				? body
				: body === undefined
					? undefined
					: JSON.stringify(body),
		},
		schema,
		{ timeoutMs: isUpload ? UPLOAD_TIMEOUT_MS : REQUEST_TIMEOUT_MS },
	);
}

/** GETs a JSON API path and parses the answer with the shared schema; failures throw ApiError. */
export async function apiGet<T extends z.ZodMiniType>(
	path: string,
	schema: ResponseSchema<T>,
	signal?: AbortSignal,
): Promise<z.infer<T>> {
	return request(path, { headers: { accept: "application/json" } }, schema, {
		signal,
		timeoutMs: REQUEST_TIMEOUT_MS,
	});
}
