import { OWN_ORIGIN, SESSION_COOKIE } from "./accounts.ts";
import { anyText } from "./fuzz-edge-values.ts";
import { type FuzzBody, jsonBody, strayBody } from "./fuzz-json-bodies.ts";
import { multipartBody } from "./fuzz-multipart-bodies.ts";
import { badValue, type FuzzContext } from "./fuzz-mutations.ts";
import type { FuzzOperation } from "./fuzz-operations.ts";
import type { Random } from "./fuzz-random.ts";
import { type JsonSchema, validValue } from "./fuzz-values.ts";

/** Who sends a request: a visitor, or an account by its session cookie and bearer token. */
export type FuzzActor = {
	role: "anonymous" | "customer" | "admin";
	cookie?: string;
	token?: string;
	userId?: string;
};

export type FuzzRequest = {
	method: string;
	url: string;
	headers: Record<string, string>;
	payload?: string | Buffer;
};

const OTHER_METHODS = [
	"GET",
	"POST",
	"PUT",
	"PATCH",
	"DELETE",
	"HEAD",
	"OPTIONS",
];

/**
 * As a URL carries it: percent-encoded, a lone surrogate as bytes that are not UTF-8, and now and
 * then as typed, unencoded (only what would end the path or the URL itself taken out).
 */
function encodeForUrl(value: string, random: Random): string {
	if (random.chance(0.05)) return value.replace(/[\s#?]/g, "");
	try {
		return encodeURIComponent(value);
	} catch {
		// A lone surrogate somewhere: encoded one character at a time below.
	}
	let encoded = "";
	for (const char of value) {
		try {
			encoded += encodeURIComponent(char);
		} catch {
			encoded += "%ED%A0%80";
		}
	}
	return encoded;
}

function asText(value: unknown): string {
	if (typeof value === "string") return value;
	return JSON.stringify(value) ?? String(value);
}

/** What an HTTP client can put in a header: Latin-1 without control characters. */
function asHeaderValue(value: string): string {
	return value.replace(/[^\t\x20-\x7e\x80-\xff]/g, "?");
}

function paramValue(
	name: string,
	schema: JsonSchema,
	context: FuzzContext,
): string {
	const { random, known } = context;
	const roll = random.next();
	if (roll < 0.45 && name === "slug" && known.slugs.length > 0)
		return random.pick(known.slugs);
	if (roll < 0.5)
		return asText(validValue(schema, random, known, context.resolve));
	if (roll < 0.6) return random.pick(known.ids);
	return asText(badValue(schema, context));
}

function buildPath(operation: FuzzOperation, context: FuzzContext): string {
	return operation.path.replace(/\{(\w+)\}/g, (_match, name: string) =>
		encodeForUrl(
			paramValue(name, operation.pathParams[name] ?? {}, context),
			context.random,
		),
	);
}

function buildQuery(operation: FuzzOperation, context: FuzzContext): string {
	const { random } = context;
	const pairs: string[] = [];
	const add = (name: string, value: unknown) => {
		const values = Array.isArray(value) ? value : [value];
		for (const item of values)
			pairs.push(
				`${encodeForUrl(name, random)}=${encodeForUrl(asText(item), random)}`,
			);
	};
	for (const [name, schema] of Object.entries(operation.query)) {
		const roll = random.next();
		if (roll < 0.35) continue;
		if (roll < 0.65)
			add(name, validValue(schema, random, context.known, context.resolve));
		else add(name, badValue(schema, context));
	}
	if (random.chance(0.08))
		add(random.pick(["x", "id", "sort", "limit", "offset"]), "1");
	if (random.chance(0.04))
		pairs.push(
			random.pick([
				"__proto__[role]=admin",
				"constructor[prototype][x]=1",
				"page[]=1",
				"page",
				"&&=&==",
			]),
		);
	if (random.chance(0.02)) pairs.push(`q=${"%41".repeat(3000)}`);
	for (let index = pairs.length - 1; index > 0; index--)
		if (random.chance(0.2)) {
			const other = random.int(0, index);
			[pairs[index], pairs[other]] = [
				pairs[other] as string,
				pairs[index] as string,
			];
		}
	return pairs.length > 0
		? `?${pairs.join("&")}`
		: random.chance(0.02)
			? "?"
			: "";
}

function buildBody(
	operation: FuzzOperation,
	method: string,
	png: Buffer,
	context: FuzzContext,
): FuzzBody {
	if (method === "GET" || method === "HEAD")
		return context.random.chance(0.05) ? strayBody(context) : {};
	if (operation.body.kind === "json")
		return jsonBody(operation.body.schema, context);
	if (operation.body.kind === "multipart")
		return multipartBody(operation.body.form, png, context);
	return strayBody(context);
}

function actorHeaders(
	actor: FuzzActor,
	random: Random,
): Record<string, string> {
	const headers: Record<string, string> = {};
	if (actor.cookie && actor.token) {
		if (random.chance(0.85)) headers.cookie = actor.cookie;
		else headers.authorization = `Bearer ${actor.token}`;
	}
	const roll = random.next();
	if (roll < 0.03)
		headers.cookie = asHeaderValue(
			`${SESSION_COOKIE}=${anyText(random, random.int(1, 200))}`,
		);
	else if (roll < 0.06)
		headers.authorization = random.pick([
			"Bearer",
			"Bearer ",
			`Bearer ${"a".repeat(5000)}`,
			"Basic eDp5",
			`Bearer ${asHeaderValue(anyText(random, 40))}`,
		]);
	if (random.chance(0.88)) headers.origin = OWN_ORIGIN;
	else if (random.chance(0.7))
		headers.origin = random.pick([
			"null",
			"http://evil.example",
			"http://localhost:3000.evil.example",
			"http://localhost:3000/",
			"file://",
		]);
	if (random.chance(0.02))
		headers.accept = random.pick([
			"text/html",
			"application/xml",
			"*/*;q=0",
			"",
		]);
	return headers;
}

function headerParams(
	operation: FuzzOperation,
	context: FuzzContext,
): Record<string, string> {
	const { random } = context;
	const headers: Record<string, string> = {};
	for (const [name, schema] of Object.entries(operation.headers)) {
		const roll = random.next();
		if (roll < 0.5) continue;
		const value =
			roll < 0.8
				? validValue(schema, random, context.known, context.resolve)
				: badValue(schema, context);
		headers[name] = asHeaderValue(asText(value)).slice(0, 8000);
	}
	return headers;
}

/** One request to `operation` as `actor`, with something likely wrong in it. */
export function buildRequest(
	operation: FuzzOperation,
	actor: FuzzActor,
	png: Buffer,
	context: FuzzContext,
): FuzzRequest {
	const { random } = context;
	const method = random.chance(0.02)
		? random.pick(OTHER_METHODS)
		: operation.method;
	const body = buildBody(operation, method, png, context);
	const headers = {
		...actorHeaders(actor, random),
		...headerParams(operation, context),
	};
	if (body.contentType !== undefined)
		headers["content-type"] = body.contentType;
	return {
		method,
		url: `${buildPath(operation, context)}${buildQuery(operation, context)}`,
		headers,
		...(body.payload !== undefined ? { payload: body.payload } : {}),
	};
}
