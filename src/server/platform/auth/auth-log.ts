import type { BetterAuthOptions } from "better-auth";
import { APIError } from "better-auth/api";
import { boundLogText, boundLogValue } from "../bounded-log.ts";

type LevelLog = {
	error(object: object, message: string): void;
	warn(object: object, message: string): void;
	info(object: object, message: string): void;
	debug(object: object, message: string): void;
};

/**
 * Lines better-auth writes at error level about what a client sent (a callback URL or origin it
 * does not trust, an unknown provider, a cross-site sign-in): the client's doing, so a warning.
 */
const CLIENT_CAUSED_MESSAGES = [
	/^Invalid /,
	/^Blocked cross-site/,
	/^Provider not found/,
	/^Provider does not support/,
	/^Error parsing JSON/,
];

function isClientCaused(message: string): boolean {
	return CLIENT_CAUSED_MESSAGES.some((pattern) => pattern.test(message));
}

/**
 * better-auth's logger, into ours (LOG_LEVEL, JSON lines) instead of the console. Its messages and
 * arguments quote client input whole ("Invalid callbackURL: " and a megabyte of URL), so both are
 * bounded before they reach a line.
 */
export function createAuthLogger(
	log: LevelLog,
): NonNullable<BetterAuthOptions["logger"]> {
	return {
		level: "warn",
		log: (level, message, ...args) => {
			const text = String(message);
			const lineLevel =
				level === "error" && isClientCaused(text) ? "warn" : level;
			log[lineLevel](
				{ source: "better-auth", details: boundLogValue(args) },
				boundLogText(text),
			);
		},
	};
}

/**
 * A refusal (a wrong password, a hook saying no) is an answer, not a failure: without this the
 * library prints each one to the console, outside our logger.
 */
export function logAuthApiError(log: LevelLog): (error: unknown) => void {
	return (error) => {
		const err = boundLogValue(error);
		const isRefusal =
			error instanceof APIError && error.status !== "INTERNAL_SERVER_ERROR";
		if (isRefusal)
			log.debug({ source: "better-auth", err }, "auth request refused");
		else log.error({ source: "better-auth", err }, "auth request failed");
	};
}
