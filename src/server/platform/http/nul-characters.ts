import type { FastifyInstance } from "fastify";
import { ValidationError } from "./errors.ts";

/**
 * No address, query or field of the shop takes U+0000, and PostgreSQL cannot store it in text at
 * all: a NUL that reached a query would fail there, as a 500, while SQLite would store it. So it is
 * refused where it comes in, the same on both databases.
 */
export const NUL_MESSAGE =
	"Text may not contain the NUL character (U+0000, %00 in a URL)";

/** Whether a string of `value`, or a key of one of its objects, holds U+0000. */
export function hasNulCharacter(value: unknown): boolean {
	if (typeof value === "string") return value.includes("\0");
	if (typeof value !== "object" || value === null) return false;
	// Request bodies are at most MAX_JSON_DEPTH levels deep by now: the recursion is bounded.
	if (Array.isArray(value)) return value.some(hasNulCharacter);
	return Object.entries(value).some(
		([key, item]) => key.includes("\0") || hasNulCharacter(item),
	);
}

/** Refuses a URL whose path or query decodes to a NUL, before any route reads it. */
export function registerNulUrlCheck(app: FastifyInstance): void {
	app.addHook("onRequest", (request, _reply, done) => {
		done(
			request.url.includes("%00")
				? new ValidationError(NUL_MESSAGE)
				: undefined,
		);
	});
}
