import type { FastifyInstance } from "fastify";
import { ValidationError } from "./errors.ts";
import { hasNulCharacter, NUL_MESSAGE } from "./nul-characters.ts";

/** Far deeper than any body the API takes, far shallower than what overflows a recursive walk. */
export const MAX_JSON_DEPTH = 32;

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** Whether the quote at `index` is escaped: an odd run of backslashes stands before it. */
function isEscaped(text: string, index: number): boolean {
	let backslashes = 0;
	while (text.charCodeAt(index - 1 - backslashes) === BACKSLASH) backslashes++;
	return backslashes % 2 === 1;
}

/** Where the string opened by the quote at `start` ends, or -1 if it never does. */
function findStringEnd(text: string, start: number): number {
	let end = start;
	do end = text.indexOf('"', end + 1);
	while (end !== -1 && isEscaped(text, end));
	return end;
}

/**
 * Whether some object or array of the text lies deeper than `maxDepth`, counted on the raw text
 * without recursion: brackets inside strings (escaped quotes included) do not count, and strings
 * are skipped whole. Malformed text is left to the parser to refuse.
 */
export function isNestedDeeperThan(text: string, maxDepth: number): boolean {
	let depth = 0;
	for (let index = 0; index < text.length; index++) {
		const char = text.charCodeAt(index);
		if (char === QUOTE) {
			index = findStringEnd(text, index);
			if (index === -1) return false;
		} else if (char === OPEN_BRACE || char === OPEN_BRACKET) {
			depth++;
			if (depth > maxDepth) return true;
		} else if (char === CLOSE_BRACE || char === CLOSE_BRACKET) depth--;
	}
	return false;
}

/**
 * Replaces Fastify's JSON body parser with one that first refuses bodies nested deeper than
 * MAX_JSON_DEPTH: parsing, validating and re-serialising such a body (the auth bridge hands
 * better-auth a JSON.stringify of it) recurse once per level, and 100,000 levels overflow the
 * stack. Then Fastify's own parser: the instance's body limit, a 400 for an empty or malformed
 * body, and `__proto__` and `constructor.prototype` keys refused. Last, a string holding U+0000
 * is refused (nul-characters.ts); JSON can only spell one as the escape `\u0000`.
 */
export function registerJsonBody(app: FastifyInstance): void {
	const parseJson = app.getDefaultJsonParser("error", "error");
	app.removeContentTypeParser("application/json");
	app.addContentTypeParser(
		"application/json",
		{ parseAs: "string" },
		(request, body: string, done) => {
			if (isNestedDeeperThan(body, MAX_JSON_DEPTH)) {
				done(
					new ValidationError(
						`The JSON body is nested more than ${MAX_JSON_DEPTH} levels deep`,
					),
					undefined,
				);
				return;
			}
			parseJson(request, body, (error, value) => {
				if (error) done(error, undefined);
				else if (body.includes("\\u0000") && hasNulCharacter(value))
					done(new ValidationError(NUL_MESSAGE), undefined);
				else done(null, value);
			});
		},
	);
}
