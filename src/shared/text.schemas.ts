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
