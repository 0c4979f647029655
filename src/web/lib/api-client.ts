import type * as z from "zod/mini";
import {
	ApiErrorBodySchema,
	type ApiErrorCode,
	type FieldIssue,
} from "../../shared/api-error.ts";

export class ApiError extends Error {
	constructor(
		readonly status: number,
		readonly code: ApiErrorCode | "NETWORK_ERROR" | "BAD_RESPONSE",
		message: string,
		/** One entry per bad field of a VALIDATION_FAILED answer, for a form to show on its fields. */
		readonly details: FieldIssue[] = [],
	) {
		super(message);
		this.name = "ApiError";
	}
}

async function parseResponse<T extends z.ZodMiniType>(
	response: Response,
	schema: T | undefined,
): Promise<z.infer<T>> {
	const body: unknown =
		response.status === 204
			? undefined
			: await response.json().catch(() => undefined);
	if (!response.ok) {
		const parsedError = ApiErrorBodySchema.safeParse(body);
		if (parsedError.success) {
			throw new ApiError(
				response.status,
				parsedError.data.error.code,
				parsedError.data.error.message,
				parsedError.data.error.details,
			);
		}
		throw new ApiError(
			response.status,
			"BAD_RESPONSE",
			`The shop answered with an error (${response.status}).`,
		);
	}
	if (!schema) return undefined as z.infer<T>;
	const parsed = schema.safeParse(body);
	if (!parsed.success)
		throw new ApiError(
			response.status,
			"BAD_RESPONSE",
			"The shop sent an answer we did not understand.",
		);
	return parsed.data;
}

function networkError(): ApiError {
	return new ApiError(
		0,
		"NETWORK_ERROR",
		"We could not reach the shop. Check your connection and try again.",
	);
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
	schema?: T,
	headers: Record<string, string> = {},
): Promise<z.infer<T>> {
	const isUpload = body instanceof FormData;
	let response: Response;
	try {
		response = await fetch(path, {
			method,
			headers: {
				...headers,
				accept: "application/json",
				...(isUpload || body === undefined
					? {}
					: { "content-type": "application/json" }),
			},
			credentials: "same-origin",
			body: isUpload
				? body
				: body === undefined
					? undefined
					: JSON.stringify(body),
		});
	} catch {
		throw networkError();
	}
	return parseResponse(response, schema);
}

/** GETs a JSON API path and parses the answer with the shared schema; failures throw ApiError. */
export async function apiGet<T extends z.ZodMiniType>(
	path: string,
	schema: T,
	signal?: AbortSignal,
): Promise<z.infer<T>> {
	let response: Response;
	try {
		response = await fetch(path, {
			headers: { accept: "application/json" },
			credentials: "same-origin",
			signal,
		});
	} catch (error) {
		if (signal?.aborted) throw error;
		throw new ApiError(
			0,
			"NETWORK_ERROR",
			"We could not reach the shop. Check your connection and try again.",
		);
	}
	const body: unknown = await response.json().catch(() => undefined);
	if (!response.ok) {
		const parsedError = ApiErrorBodySchema.safeParse(body);
		if (parsedError.success) {
			throw new ApiError(
				response.status,
				parsedError.data.error.code,
				parsedError.data.error.message,
				parsedError.data.error.details,
			);
		}
		throw new ApiError(
			response.status,
			"BAD_RESPONSE",
			`The shop answered with an error (${response.status}).`,
		);
	}
	const parsed = schema.safeParse(body);
	if (!parsed.success)
		throw new ApiError(
			response.status,
			"BAD_RESPONSE",
			"The shop sent an answer we did not understand.",
		);
	return parsed.data;
}
