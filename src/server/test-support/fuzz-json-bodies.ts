import { anyJson, anyText } from "./fuzz-edge-values.ts";
import { type FuzzContext, mutateObject } from "./fuzz-mutations.ts";
import type { Random } from "./fuzz-random.ts";
import { type JsonSchema, validValue } from "./fuzz-values.ts";

export type FuzzBody = { payload?: string | Buffer; contentType?: string };

const ODD_CONTENT_TYPES = [
	undefined,
	"text/plain",
	"application/x-www-form-urlencoded",
	"multipart/form-data; boundary=fuzz",
	"application/octet-stream",
	"application/json; charset=latin1",
	"application/json; charset=utf-16",
	"APPLICATION/JSON",
	"application/vnd.api+json",
	"application/json, text/plain",
	"*/*",
	"",
	"application/json;;;",
];

/** JSON text with something wrong that only shows in the text itself. */
function mutateJsonText(text: string, random: Random): string | Buffer {
	const insertAfterBrace = (extra: string) =>
		text.startsWith("{")
			? `{${extra}${text.length > 2 ? "," : ""}${text.slice(1)}`
			: text;
	return random.pick([
		() => text.slice(0, random.int(0, Math.max(0, text.length - 1))),
		() => `\ufeff${text}`,
		() => `${text}x`,
		() => `${text}}`,
		() => `/*c*/${text}`,
		() => text.replaceAll('"', "'"),
		() => insertAfterBrace('"__proto__":{"role":"admin","isAdmin":true}'),
		() => insertAfterBrace('"constructor":{"prototype":{"role":"admin"}}'),
		() => insertAfterBrace('"a":1,"a":{"b":2}'),
		() =>
			text.replace(
				/\d+/,
				random.pick(["1e999", "-0", "1E400", "NaN", "0x10", "01"]),
			),
		() =>
			`${"[".repeat(random.pick([33, 1000, 100_000]))}${text}${"]".repeat(random.pick([33, 1000, 100_000]))}`,
		() => `${'{"a":'.repeat(random.pick([33, 5000]))}1${"}".repeat(5000)}`,
		() =>
			Buffer.concat([
				Buffer.from(text.slice(0, 3)),
				Buffer.from([0xff, 0xfe, 0xc3]),
				Buffer.from(text.slice(3)),
			]),
		() => text.replace(/"[^"]*"/, `"${"\\u0000\\ud800\\\\".repeat(3)}"`),
		() => text.replace(/"[^"]*"/, `"${"y".repeat(1024 * 1024 + 10)}"`),
		() => anyText(random, random.int(1, 30)),
		() => "",
		() => "null",
		() => " ",
	])();
}

/** A body for a route that takes JSON: mostly a valid body with things wrong, sometimes as is. */
export function jsonBody(schema: JsonSchema, context: FuzzContext): FuzzBody {
	const { random, known } = context;
	const valid = validValue(schema, random, known, context.resolve);
	const roll = random.next();
	let value: unknown = valid;
	if (roll < 0.6) value = mutateObject(schema, valid, context);
	else if (roll < 0.7) value = anyJson(random, known);
	const text = JSON.stringify(value) ?? "null";
	const contentType = random.chance(0.07)
		? random.pick(ODD_CONTENT_TYPES)
		: random.pick(["application/json", "application/json; charset=utf-8"]);
	const payload = random.chance(0.2) ? mutateJsonText(text, random) : text;
	return { payload, contentType };
}

/** A body for a route that takes none (an action, a delete, a webhook): mostly none. */
export function strayBody(context: FuzzContext): FuzzBody {
	const { random, known } = context;
	if (random.chance(0.7)) return {};
	const text = JSON.stringify(anyJson(random, known)) ?? "null";
	return {
		payload: random.chance(0.3) ? mutateJsonText(text, random) : text,
		contentType: random.chance(0.8)
			? "application/json"
			: random.pick(ODD_CONTENT_TYPES),
	};
}
