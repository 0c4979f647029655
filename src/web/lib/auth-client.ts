import { describeAuthError } from "../../shared/auth-errors.ts";
import { REQUEST_TIMEOUT_MS, TIMEOUT_MESSAGE } from "./api-client.ts";
import { startRequestTimer } from "./request-timeout.ts";

/** A failed call to the sign-in layer, with the sentence the page shows after 'Error: '. */
export class AuthError extends Error {
	constructor(
		readonly status: number,
		readonly code: string,
		message: string,
	) {
		super(message);
		this.name = "AuthError";
	}
}

/**
 * POSTs JSON to an endpoint of the sign-in layer (`/api/auth/...`). The session lives in an
 * HttpOnly cookie the browser keeps; nothing is stored by the page.
 */
export async function postAuth<T = unknown>(
	path: string,
	body: Record<string, unknown> = {},
): Promise<T> {
	const timer = startRequestTimer(REQUEST_TIMEOUT_MS);
	const noAnswer = () =>
		timer.hasTimedOut()
			? new AuthError(0, "TIMEOUT", TIMEOUT_MESSAGE)
			: new AuthError(0, "NETWORK_ERROR", describeAuthError("NETWORK_ERROR"));
	let response: Response;
	let payload: unknown;
	try {
		response = await fetch(`/api/auth${path}`, {
			method: "POST",
			headers: {
				"content-type": "application/json",
				accept: "application/json",
			},
			credentials: "same-origin",
			body: JSON.stringify(body),
			signal: timer.signal,
		});
		payload = await response.json().catch(() => {
			if (timer.signal.aborted) throw noAnswer();
			return undefined;
		});
	} catch (error) {
		throw error instanceof AuthError ? error : noAnswer();
	} finally {
		timer.stop();
	}
	if (!response.ok) {
		const { code, message } = readErrorFields(payload);
		throw new AuthError(
			response.status,
			code ?? "UNEXPECTED",
			describeAuthError(code, message),
		);
	}
	return payload as T;
}

function readErrorFields(payload: unknown): {
	code?: string;
	message?: string;
} {
	if (typeof payload !== "object" || payload === null) return {};
	const record = payload as Record<string, unknown>;
	// Our own envelope ({ error: { code, message } }) or the auth library's ({ code, message }).
	const source =
		typeof record.error === "object" && record.error !== null
			? (record.error as Record<string, unknown>)
			: record;
	return {
		code: typeof source.code === "string" ? source.code : undefined,
		message: typeof source.message === "string" ? source.message : undefined,
	};
}
