/**
 * Log lines carry values that came from clients (a URL, a callback address, an error message that
 * quotes them) and a client may send a megabyte of anything: these cut every such value to a size
 * that keeps one line readable and stops anyone from filling the log through a single request.
 */

/** The most characters of one text a log line keeps. */
export const LOG_TEXT_MAX = 200;
const LOG_ITEMS_MAX = 20;
const LOG_DEPTH_MAX = 4;
const STACK_FRAMES_MAX = 10;

export function boundLogText(text: string, max = LOG_TEXT_MAX): string {
	if (text.length <= max) return text;
	return `${text.slice(0, max)}… (${text.length - max} more characters)`;
}

/** A copy of `value` small enough to log: texts cut, lists and objects shortened, depth capped. */
export function boundLogValue(value: unknown, depth = 0): unknown {
	if (typeof value === "string") return boundLogText(value);
	if (value instanceof Error) return boundLogError(value, depth);
	if (typeof value !== "object" || value === null) return value;
	if (value instanceof Date) return value;
	if (ArrayBuffer.isView(value)) return `[${value.byteLength} bytes]`;
	if (depth >= LOG_DEPTH_MAX) return "[nested too deep to log]";
	if (Array.isArray(value)) {
		const items = value
			.slice(0, LOG_ITEMS_MAX)
			.map((item) => boundLogValue(item, depth + 1));
		if (value.length > LOG_ITEMS_MAX)
			items.push(`… (${value.length - LOG_ITEMS_MAX} more items)`);
		return items;
	}
	const entries = Object.entries(value);
	const kept = entries
		.slice(0, LOG_ITEMS_MAX)
		.map(([key, item]) => [boundLogText(key), boundLogValue(item, depth + 1)]);
	if (entries.length > LOG_ITEMS_MAX)
		kept.push(["…", `${entries.length - LOG_ITEMS_MAX} more keys`]);
	return Object.fromEntries(kept);
}

/**
 * An error as the logger should see it: its message cut, its stack rebuilt from that cut message
 * (the first line of a stack repeats the whole message) and its own properties bounded. Still an
 * Error, so the logger's error serializer keeps its usual shape.
 */
export function boundLogError(error: Error, depth = 0): Error {
	const bounded = new Error(boundLogText(error.message));
	const frames = (error.stack ?? "")
		.split("\n")
		.filter((line) => line.trimStart().startsWith("at "))
		.slice(0, STACK_FRAMES_MAX)
		.map((line) => boundLogText(line));
	bounded.stack = [`${error.name}: ${bounded.message}`, ...frames].join("\n");
	if (depth < LOG_DEPTH_MAX) {
		Object.assign(bounded, boundLogValue({ ...error }, depth + 1) as object);
		if (error.cause !== undefined)
			bounded.cause = boundLogValue(error.cause, depth + 1);
	}
	bounded.name = error.name;
	return bounded;
}
