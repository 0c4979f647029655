import type * as z from "zod/mini";
import {
	ApiErrorBodySchema,
	type ApiErrorCode,
} from "../../shared/api-error.ts";

export class ApiError extends Error {
	constructor(
		readonly status: number,
		readonly code: ApiErrorCode | "NETWORK_ERROR" | "BAD_RESPONSE",
		message: string,
	) {
		super(message);
		this.name = "ApiError";
	}
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
