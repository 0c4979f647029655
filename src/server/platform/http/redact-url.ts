import { boundLogText } from "../bounded-log.ts";

/** What a logged URL shows in place of a token. */
export const REDACTED = "[redacted]";

/**
 * Query parameters whose values may be secrets: tokens of email confirmation and password reset
 * links, OAuth's code and state, and anything named like a key or a password.
 */
const SECRET_PARAM =
	/token|code|state|secret|password|passwd|key|signature|otp|session|nonce|ticket|credential/i;

/** Path segments that come before a token: better-auth's `/reset-password/<token>`. */
const TOKEN_PATH_PARENTS = new Set(["reset-password"]);

/** URLs inside URLs are looked into this deep; a value nested deeper is redacted whole. */
const MAX_NESTING = 3;

/**
 * A URL (a request's path and query, or a whole address) as it may be logged: the values of
 * secret query parameters and the path segments that are tokens replaced by `[redacted]`, and
 * a fragment too. Everything else stays, so a log line still tells which page was asked for.
 */
/** A request's URL as every log line quotes it: tokens redacted, then cut to a log's length. */
export function urlForLog(url: string): string {
	return boundLogText(redactUrl(url));
}

export function redactUrl(url: string): string {
	return redactNestedUrl(url, 0);
}

function redactNestedUrl(url: string, depth: number): string {
	const hashStart = url.indexOf("#");
	const withoutHash = hashStart === -1 ? url : url.slice(0, hashStart);
	const fragment = hashStart === -1 ? "" : `#${REDACTED}`;
	const queryStart = withoutHash.indexOf("?");
	if (queryStart === -1) return `${redactPath(withoutHash)}${fragment}`;
	const query = withoutHash
		.slice(queryStart + 1)
		.split("&")
		.map((param) => redactParam(param, depth))
		.join("&");
	return `${redactPath(withoutHash.slice(0, queryStart))}?${query}${fragment}`;
}

function redactPath(pathPart: string): string {
	const segments = pathPart.split("/");
	return segments
		.map((segment, index) => {
			const parent = segments[index - 1];
			const isToken =
				segment !== "" &&
				parent !== undefined &&
				TOKEN_PATH_PARENTS.has(decodeLoosely(parent).toLowerCase());
			return isToken ? REDACTED : segment;
		})
		.join("/");
}

function redactParam(param: string, depth: number): string {
	const equals = param.indexOf("=");
	if (equals === -1) return param;
	const name = param.slice(0, equals);
	if (SECRET_PARAM.test(decodeLoosely(name)) || depth >= MAX_NESTING)
		return `${name}=${REDACTED}`;
	// A URL passed along (callbackURL, redirectTo) may carry a token of its own.
	const value = decodeLoosely(param.slice(equals + 1));
	const redacted = redactNestedUrl(value, depth + 1);
	return redacted === value ? param : `${name}=${encodeURIComponent(redacted)}`;
}

function decodeLoosely(text: string): string {
	try {
		return decodeURIComponent(text.replaceAll("+", " "));
	} catch {
		return text;
	}
}

/**
 * `text` with each copy of `url`, or of its path, redacted: some error messages quote the URL
 * they refused, and the log gets them with the URL's tokens hidden like everywhere else.
 */
export function redactUrlIn(text: string, url: string): string {
	const path = url.split("?", 1)[0] ?? url;
	return [url, path]
		.filter((quoted) => quoted !== "")
		.reduce(
			(redacted, quoted) => redacted.replaceAll(quoted, redactUrl(quoted)),
			text,
		);
}
