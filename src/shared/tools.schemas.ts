import * as z from "zod/mini";
import { PageQuerySchema, pageSchemaOf } from "./paging.schemas.ts";
import { requiredText, versionText } from "./text.schemas.ts";

export const ToolIdSchema = z.uuid("Tool id must be a UUID");

export const ToolSchema = z.object({
	id: ToolIdSchema,
	tool_name: z.string(),
	description: z.string(),
	price_cents: z.int().check(z.nonnegative()),
	available_quantity: z.int().check(z.nonnegative()),
	minimum_quantity: z.int().check(z.positive()),
	/** The photo at card size (800 × 600). */
	img: z.string(),
	/** The same photo at purchase-page size (1600 × 1200). */
	img_large: z.string(),
	supplier_name: z.string(),
	created_at: z.iso.datetime(),
	/** Goes up by one at every edit; an edit names the version it started from. */
	version: z.int().check(z.positive()),
});
export type Tool = z.infer<typeof ToolSchema>;

export const ToolPageSchema = pageSchemaOf(ToolSchema);
export type ToolPage = z.infer<typeof ToolPageSchema>;

export const ToolParamsSchema = z.object({ toolId: ToolIdSchema });

/** Manage Products shows this many tools a page. */
export const MANAGE_TOOLS_PAGE_SIZE = 24;

export const TOOL_NAME_MAX_LENGTH = 120;
export const TOOL_DESCRIPTION_MAX_LENGTH = 2000;
/** $100,000.00: no tool of a small manufacturer costs more; a typo with extra zeros does. */
export const TOOL_PRICE_MAX_CENTS = 10_000_000;
export const TOOL_QUANTITY_MAX = 1_000_000;
/** A search of more words than this is cut to its first ones. */
export const SEARCH_TERMS_MAX = 8;
export const SEARCH_QUERY_MAX_LENGTH = 100;

const WHOLE_NUMBER = /^\d+$/;
const MONEY = /^\d+(\.\d{1,2})?$/;

/** "24.99" → 2499; the text is checked by MONEY first, so no float rounding is involved. */
export function dollarsToCents(text: string): number {
	const [whole = "0", fraction = ""] = text.trim().split(".");
	return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** 2499 → "24.99": how a stored price is shown in the edit form. */
export function centsToDollars(cents: number): string {
	return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

function wholeNumberText(required: string, name: string, minimum: 0 | 1) {
	return z.string(required).check(
		z.trim(),
		z.minLength(1, { error: required, abort: true }),
		z.regex(WHOLE_NUMBER, {
			error:
				minimum === 0
					? `${name} must be a whole number, 0 or more`
					: `${name} must be a whole number, 1 or more`,
			abort: true,
		}),
		z.refine((text) => Number(text) >= minimum, {
			error: `${name} must be a whole number, 1 or more`,
			abort: true,
		}),
		z.refine(
			(text) => Number(text) <= TOOL_QUANTITY_MAX,
			`${name} must be ${TOOL_QUANTITY_MAX.toLocaleString("en-US")} or less`,
		),
	);
}

/**
 * The Add A Product and edit forms, as the browser and a multipart request send them: every value
 * is text. The web form and the server parse with this one schema, so each message is written
 * once. Anything else a request sends (supplier, id, timestamps, a deleted flag) is dropped.
 */
export const ToolFormSchema = z.object({
	tool_name: requiredText("Product Name", TOOL_NAME_MAX_LENGTH),
	description: requiredText("Description", TOOL_DESCRIPTION_MAX_LENGTH),
	price: z.string("Price is required").check(
		z.trim(),
		z.minLength(1, { error: "Price is required", abort: true }),
		z.regex(MONEY, {
			error: "Price must be a number with at most two decimals",
			abort: true,
		}),
		z.refine((text) => dollarsToCents(text) > 0, {
			error: "Price must be more than 0",
			abort: true,
		}),
		z.refine(
			(text) => dollarsToCents(text) <= TOOL_PRICE_MAX_CENTS,
			"Price must be $100,000 or less",
		),
	),
	available_quantity: wholeNumberText("Quantity is required", "Quantity", 0),
	minimum_quantity: wholeNumberText(
		"Minimum order quantity is required",
		"Minimum order quantity",
		1,
	),
});
export type ToolForm = z.infer<typeof ToolFormSchema>;

/**
 * An edit also names the version of the tool it was made on, and the stock the form showed when it
 * was opened: the stock moves by the difference between the two quantities, so pieces ordered
 * (or put back by a cancel) while the form was open are not undone by saving it.
 */
export const ToolEditFormSchema = z.object({
	...ToolFormSchema.shape,
	version: versionText(
		"version is required",
		"version must be the tool's version number",
	),
	available_quantity_seen: wholeNumberText(
		"available_quantity_seen is required",
		"available_quantity_seen",
		0,
	),
});
export type ToolEditForm = z.infer<typeof ToolEditFormSchema>;

/** The multipart field that carries the photo of a tool. */
export const TOOL_IMAGE_FIELD = "image";

export const ToolListQuerySchema = z.object({
	...PageQuerySchema.shape,
	q: z.optional(
		z
			.string()
			.check(
				z.maxLength(
					SEARCH_QUERY_MAX_LENGTH,
					`q must be ${SEARCH_QUERY_MAX_LENGTH} characters or fewer`,
				),
			),
	),
});

/**
 * The words of a search, as both databases' text search splits text: runs of letters and digits,
 * lower-cased. Each is matched as a whole word or the start of one.
 */
export function searchTerms(q: string): string[] {
	return (q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(
		0,
		SEARCH_TERMS_MAX,
	);
}
