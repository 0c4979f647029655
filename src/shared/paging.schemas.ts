import * as z from "zod/mini";

export const PAGE_SIZE_DEFAULT = 12;
export const PAGE_SIZE_MAX = 100;

/**
 * Digits only: no exponent, hex, decimal point, whitespace or "+", which `Number()` would all
 * accept. A "-" is read so that a negative number is refused as below the minimum, not as text.
 * Leading zeros pass: the digits are read as decimal, so "01" can only mean 1.
 */
const DECIMAL_INTEGER = /^-?\d+$/;

/**
 * A query parameter that must be a plain decimal whole number. Anything else stays text and fails
 * the integer check (so does a number past the safe-integer range). The OpenAPI document sees
 * the integer, not the text it is read from.
 */
function wholeNumberParam(name: string, ...checks: z.core.$ZodCheck<number>[]) {
	return z.pipe(
		z.transform((value: unknown) =>
			typeof value === "string" && DECIMAL_INTEGER.test(value)
				? Number(value)
				: value,
		),
		z.int(`${name} must be a whole number`).check(...checks),
	);
}

export const PageQuerySchema = z.object({
	page: z._default(
		wholeNumberParam("page", z.minimum(1, "page must be 1 or more")),
		1,
	),
	page_size: z._default(
		wholeNumberParam(
			"page_size",
			z.minimum(1, "page_size must be 1 or more"),
			z.maximum(PAGE_SIZE_MAX, `page_size must be ${PAGE_SIZE_MAX} or less`),
		),
		PAGE_SIZE_DEFAULT,
	),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

export function pageSchemaOf<T extends z.ZodMiniType>(item: T) {
	return z.object({
		items: z.array(item),
		page: z.int(),
		page_size: z.int(),
		total: z.int(),
	});
}

export type Page<T> = {
	items: T[];
	page: number;
	page_size: number;
	total: number;
};

/**
 * `updated_since`, for keeping another system in step with a list: only what changed at or after
 * this time, oldest change first. An ISO-8601 date and time, with Z or an offset.
 */
export const UpdatedSinceSchema = z.optional(
	z.iso.datetime({
		offset: true,
		message:
			"updated_since must be an ISO-8601 date and time, such as 2026-12-01T09:00:00Z",
	}),
);

/**
 * A time as the databases keep them (toISOString's form, UTC to the millisecond), in which text
 * order is time order: "…T09:00:00Z" from a client would sort after "…T09:00:00.500Z".
 */
export function toStoredTime(iso: string): string {
	return new Date(iso).toISOString();
}
