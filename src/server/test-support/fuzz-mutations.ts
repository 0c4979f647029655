import {
	anyJson,
	nested,
	ODD_NUMBERS,
	oddString,
	plainText,
} from "./fuzz-edge-values.ts";
import type { Random } from "./fuzz-random.ts";
import {
	type JsonSchema,
	type KnownValues,
	validValue,
} from "./fuzz-values.ts";

/** What the generators need: the choices, the shop's known values and the document's $refs. */
export type FuzzContext = {
	random: Random;
	known: KnownValues;
	resolve: (ref: string) => JsonSchema;
};

function resolved(schema: JsonSchema, context: FuzzContext): JsonSchema {
	return schema.$ref ? resolved(context.resolve(schema.$ref), context) : schema;
}

function badString(schema: JsonSchema, context: FuzzContext): unknown {
	const { random, known } = context;
	const max = schema.maxLength;
	return random.pick([
		() => "",
		() => plainText(random, (max ?? 200) + 1),
		() => plainText(random, Math.max(0, (schema.minLength ?? 1) - 1)),
		() => oddString(random, known),
		() => oddString(random, known),
		() => random.pick(ODD_NUMBERS),
		() => [validValue(schema, random, known, context.resolve)],
		() => ` ${validValue(schema, random, known, context.resolve)} `,
		() => `${validValue(schema, random, known, context.resolve)}\u0000`,
	])();
}

function badNumber(schema: JsonSchema, context: FuzzContext): unknown {
	const { random } = context;
	const min = schema.minimum ?? schema.exclusiveMinimum ?? 0;
	const max = schema.maximum ?? schema.exclusiveMaximum ?? 1000;
	return random.pick([
		min - 1,
		max + 1,
		min + 0.5,
		-max,
		max * 1000,
		String(min),
		`${max}`,
		"1e3",
		...ODD_NUMBERS,
	]);
}

function badArray(schema: JsonSchema, context: FuzzContext): unknown {
	const { random, known } = context;
	const item = () =>
		validValue(schema.items ?? {}, random, known, context.resolve);
	return random.pick([
		() => [],
		() => Array.from({ length: (schema.maxItems ?? 100) + 1 }, item),
		() => [badValue(schema.items ?? {}, context)],
		() => [item(), item(), badValue(schema.items ?? {}, context)],
		() => item(),
		() => ({ 0: item() }),
	])();
}

/** A value the schema refuses, or one on its very edge. */
export function badValue(schema: JsonSchema, context: FuzzContext): unknown {
	const { random, known } = context;
	const target = resolved(schema, context);
	const roll = random.next();
	if (roll < 0.2) return anyJson(random, known);
	if (roll < 0.27) return nested(random, random.int(2, 40));
	if (target.enum || target.const !== undefined)
		return random.pick([oddString(random, known), "ADMIN", 1, null]);
	const type = Array.isArray(target.type) ? target.type[0] : target.type;
	if (type === "string") return badString(target, context);
	if (type === "integer" || type === "number")
		return badNumber(target, context);
	if (type === "array") return badArray(target, context);
	if (type === "boolean") return random.pick(["true", 1, 0, "yes", null]);
	if (type === "object" || target.properties) {
		const valid = validValue(target, random, known, context.resolve);
		return mutateObject(target, valid, context);
	}
	return anyJson(random, known);
}

const EXTRA_KEYS = [
	"id",
	"role",
	"isAdmin",
	"user_id",
	"version",
	"deleted_at",
	"price_cents",
	"__proto__x",
	"",
	"😀",
	"a".repeat(300),
];

/** A valid object with one to three things wrong: a field gone, a field added, a field bad. */
export function mutateObject(
	schema: JsonSchema,
	value: unknown,
	context: FuzzContext,
): unknown {
	const { random, known } = context;
	if (typeof value !== "object" || value === null || Array.isArray(value))
		return badValue(schema, context);
	const object: Record<string, unknown> = { ...value };
	const properties = resolved(schema, context).properties ?? {};
	const names = Object.keys(properties);
	for (let count = random.int(1, 3); count > 0; count--) {
		const roll = random.next();
		const present = Object.keys(object);
		if (roll < 0.2 && present.length > 0) delete object[random.pick(present)];
		else if (roll < 0.35)
			object[random.pick(EXTRA_KEYS)] = anyJson(random, known);
		else if (names.length > 0) {
			const name = random.pick(names);
			const property = properties[name] ?? {};
			object[name] =
				random.chance(0.3) && typeof object[name] === "object"
					? mutateObject(property, object[name], context)
					: badValue(property, context);
		}
	}
	return object;
}
