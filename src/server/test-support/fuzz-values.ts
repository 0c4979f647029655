import { plainText } from "./fuzz-edge-values.ts";
import type { Random } from "./fuzz-random.ts";

/** The part of JSON Schema the API's OpenAPI document uses. */
export type JsonSchema = {
	type?: string | string[];
	properties?: Record<string, JsonSchema>;
	required?: string[];
	additionalProperties?: boolean | JsonSchema;
	items?: JsonSchema;
	enum?: unknown[];
	const?: unknown;
	anyOf?: JsonSchema[];
	oneOf?: JsonSchema[];
	allOf?: JsonSchema[];
	$ref?: string;
	format?: string;
	minimum?: number;
	maximum?: number;
	exclusiveMinimum?: number;
	exclusiveMaximum?: number;
	minLength?: number;
	maxLength?: number;
	minItems?: number;
	maxItems?: number;
};

/** Values that exist in the shop under test, so some requests reach past "not found". */
export type KnownValues = {
	ids: string[];
	slugs: string[];
	emails: string[];
	passwords: string[];
};

function stringOfSchema(
	schema: JsonSchema,
	random: Random,
	known: KnownValues,
): string {
	if (schema.format === "uuid")
		return random.chance(0.8) ? random.pick(known.ids) : random.uuid();
	if (schema.format === "email")
		return random.chance(0.5)
			? random.pick(known.emails)
			: `fuzz-${random.int(0, 1e6)}@example.com`;
	if (schema.format === "password" && random.chance(0.5))
		return random.pick(known.passwords);
	if (schema.format === "date-time") return "2026-11-01T09:30:00.000Z";
	if (schema.format === "date") return "2026-11-01";
	if (schema.format === "uri") return "https://example.com/page";
	const min = schema.minLength ?? 0;
	const max = Math.min(schema.maxLength ?? 24, min + 24);
	return plainText(random, random.int(Math.max(min, 1), Math.max(max, 1)));
}

function numberOfSchema(schema: JsonSchema, random: Random): number {
	const min = schema.minimum ?? (schema.exclusiveMinimum ?? -1000) + 1;
	const max = Math.min(
		schema.maximum ?? (schema.exclusiveMaximum ?? 1000) - 1,
		min + 1000,
	);
	const value = random.int(Math.ceil(min), Math.floor(Math.max(min, max)));
	return schema.type === "number" && random.chance(0.3) ? value + 0.25 : value;
}

/** A value the schema accepts, as far as this subset of JSON Schema can tell. */
export function validValue(
	schema: JsonSchema,
	random: Random,
	known: KnownValues,
	resolve: (ref: string) => JsonSchema,
	depth = 0,
): unknown {
	if (schema.$ref)
		return validValue(resolve(schema.$ref), random, known, resolve, depth);
	const choices = schema.anyOf ?? schema.oneOf;
	if (choices)
		return validValue(random.pick(choices), random, known, resolve, depth);
	if (schema.allOf?.[0])
		return validValue(schema.allOf[0], random, known, resolve, depth);
	if (schema.const !== undefined) return schema.const;
	if (schema.enum) return random.pick(schema.enum);
	const types = Array.isArray(schema.type) ? schema.type : [schema.type];
	const nonNull = types.filter((type) => type !== "null");
	const type = nonNull.length > 0 ? random.pick(nonNull) : "null";
	switch (type) {
		case "string":
			return stringOfSchema(schema, random, known);
		case "integer":
		case "number":
			return numberOfSchema(schema, random);
		case "boolean":
			return random.chance(0.5);
		case "array": {
			const length = random.int(
				schema.minItems ?? 0,
				Math.min(schema.maxItems ?? 3, (schema.minItems ?? 0) + 2),
			);
			return Array.from({ length }, () =>
				validValue(schema.items ?? {}, random, known, resolve, depth + 1),
			);
		}
		case "object":
		case undefined: {
			if (!schema.properties)
				return type === "object" ? {} : random.pick(["x", 1, true]);
			const required = new Set(schema.required ?? []);
			return Object.fromEntries(
				Object.entries(schema.properties)
					.filter(([name]) => required.has(name) || random.chance(0.6))
					.map(([name, property]) => [
						name,
						validValue(property, random, known, resolve, depth + 1),
					]),
			);
		}
		default:
			return null;
	}
}
