import * as z from "zod/mini";

/**
 * A text field that must not be blank once trimmed: "{name} is required" when it is, and
 * "{name} must be {max} characters or fewer" when it is too long. Forms and the server share it.
 */
export function requiredText(name: string, max: number) {
	const required = `${name} is required`;
	return z
		.string(required)
		.check(
			z.trim(),
			z.minLength(1, { error: required, abort: true }),
			z.maxLength(max, `${name} must be ${max} characters or fewer`),
		);
}

/** The largest version a record can reach: versions are 32-bit integers on PostgreSQL. */
export const RECORD_VERSION_MAX = 2_147_483_647;

/**
 * The version an edit form was opened at, as text: a whole number from 1 to RECORD_VERSION_MAX
 * (a larger one cannot exist, and PostgreSQL refuses to compare with it). `required` when it is
 * missing, `invalid` (by default the same) when it is anything else.
 */
export function versionText(required: string, invalid = required) {
	return z.string(required).check(
		z.trim(),
		z.regex(/^[1-9]\d{0,9}$/, { error: invalid, abort: true }),
		z.refine((text) => Number(text) <= RECORD_VERSION_MAX, invalid),
	);
}

/** "Ten Ways to Keep a Chisel Sharp!" → "ten-ways-to-keep-a-chisel-sharp", at most `maxLength` long. */
export function slugify(text: string, maxLength: number): string {
	return text
		.normalize("NFKD")
		.replace(/[\u0300-\u036f]/g, "")
		.toLowerCase()
		.replace(/[^a-z0-9]+/g, "-")
		.replace(/^-+|-+$/g, "")
		.slice(0, maxLength)
		.replace(/-+$/g, "");
}
