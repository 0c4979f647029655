import * as z from "zod/mini";
import { groupThousands } from "./money.ts";
import {
	PageQuerySchema,
	pageSchemaOf,
	UpdatedSinceSchema,
} from "./paging.schemas.ts";
import type { PriceBreak } from "./purchase-rule.ts";
import { requiredText, slugify, versionText } from "./text.schemas.ts";

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
	/**
	 * When the tool's own fields last changed (an edit, an import, its photo); the stock moves with
	 * orders, which the orders list follows, without changing it.
	 */
	updated_at: z.iso.datetime(),
	/** Goes up by one at every edit; an edit names the version it started from. */
	version: z.int().check(z.positive()),
	/** The part number, unique in the catalog. */
	sku: z.string(),
	/** The tool's public page is /tools/{slug}. */
	slug: z.string(),
	/** Orders come in multiples of this many pieces. */
	pack_size: z.int().check(z.positive()),
	/** Lower unit prices from larger quantities, increasing quantities at decreasing prices. */
	price_breaks: z.array(
		z.object({
			min_quantity: z.int().check(z.positive()),
			price_cents: z.int().check(z.positive()),
		}),
	),
});
export type Tool = z.infer<typeof ToolSchema>;

/**
 * A search counts its matches up to this many past the end of the page asked for, not all of
 * them: enough to say there is more, without counting 25,000 matches of a short word.
 */
export const SEARCH_COUNT_AHEAD = 50;

export const ToolPageSchema = z.extend(pageSchemaOf(ToolSchema), {
	/**
	 * True when a search stopped counting SEARCH_COUNT_AHEAD matches past the end of the page:
	 * at least `total` tools match. False when `total` is the exact count. The server always
	 * sends it; a page without it (from an older server) has an exact total.
	 */
	total_is_capped: z.optional(z.boolean()),
});
export type ToolPage = z.infer<typeof ToolPageSchema>;

export const ToolParamsSchema = z.object({ toolId: ToolIdSchema });

/** Manage Products shows this many tools a page. */
export const MANAGE_TOOLS_PAGE_SIZE = 24;

export const TOOL_NAME_MAX_LENGTH = 120;
export const TOOL_DESCRIPTION_MAX_LENGTH = 2000;
/** $100,000.00: no tool of a small manufacturer costs more; a typo with extra zeros does. */
export const TOOL_PRICE_MAX_CENTS = 10_000_000;
export const TOOL_QUANTITY_MAX = 1_000_000;
export const SKU_MAX_LENGTH = 40;
/** Letters and digits in groups joined by single hyphens, upper case: "TG-000123", "DR18V-2". */
export const SKU_PATTERN = /^[A-Z0-9]+(?:-[A-Z0-9]+)*$/;
export const PACK_SIZE_MAX = 10_000;
export const PRICE_BREAKS_MAX = 10;
/** A search of more words than this is cut to its first ones. */
export const SEARCH_TERMS_MAX = 8;
export const SEARCH_QUERY_MAX_LENGTH = 100;

const WHOLE_NUMBER = /^\d+$/;

/**
 * "Cordless Drill 18V", "TG-000012" → "cordless-drill-18v-tg-000012": a tool's public address,
 * made once when it is added (the part number keeps it unique) and never changed after.
 */
export function toolSlug(toolName: string, sku: string): string {
	const words = slugify(toolName, 80);
	const part = sku.toLowerCase();
	return words ? `${words}-${part}` : part;
}
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

/**
 * "50:22.50; 200:19.90" → [{50, 2250}, {200, 1990}]: the volume prices as a form field, a CSV
 * cell and a multipart field all write them. Undefined when the text is not in that form; blank
 * pairs (a row left empty) are skipped.
 */
export function parsePriceBreaks(text: string): PriceBreak[] | undefined {
	const breaks: PriceBreak[] = [];
	for (const pair of text.split(/[;\n]/)) {
		const trimmed = pair.trim();
		if (trimmed === "" || /^:\s*$/.test(trimmed)) continue;
		const match = /^(\d{1,7})\s*:\s*\$?\s*(\d+(?:\.\d{1,2})?)$/.exec(trimmed);
		if (!match) return undefined;
		breaks.push({
			min_quantity: Number(match[1]),
			price_cents: dollarsToCents(match[2] ?? ""),
		});
	}
	return breaks;
}

/** [{50, 2250}] → "50:22.50": how stored volume prices are written into a form or a CSV cell. */
export function formatPriceBreaks(breaks: readonly PriceBreak[]): string {
	return breaks
		.map((step) => `${step.min_quantity}:${centsToDollars(step.price_cents)}`)
		.join("; ");
}

/** Why a list of volume prices cannot stand on its own, or undefined when it can. */
function priceBreaksProblem(breaks: readonly PriceBreak[]): string | undefined {
	if (breaks.length > PRICE_BREAKS_MAX)
		return `At most ${PRICE_BREAKS_MAX} volume prices`;
	for (const [index, step] of breaks.entries()) {
		if (step.min_quantity < 2 || step.min_quantity > TOOL_QUANTITY_MAX)
			return `Volume price quantities must be from 2 to ${groupThousands(TOOL_QUANTITY_MAX)}`;
		if (step.price_cents <= 0) return "Volume prices must be more than 0";
		const before = breaks[index - 1];
		if (before && step.min_quantity <= before.min_quantity)
			return "Volume price quantities must increase";
		if (before && step.price_cents >= before.price_cents)
			return "Volume prices must fall as quantities rise";
	}
	return undefined;
}

/**
 * Why the terms of a tool do not fit together, as field errors: the minimum order in whole packs,
 * volume prices above the minimum order and below the price. Undefined values are not checked
 * (their own field already failed).
 */
export function toolTermsProblems(terms: {
	price_cents: number | undefined;
	minimum_quantity: number | undefined;
	pack_size: number | undefined;
	price_breaks: readonly PriceBreak[] | undefined;
}): { field: "minimum_quantity" | "price_breaks"; message: string }[] {
	const problems: {
		field: "minimum_quantity" | "price_breaks";
		message: string;
	}[] = [];
	const { price_cents, minimum_quantity, pack_size, price_breaks } = terms;
	if (
		minimum_quantity !== undefined &&
		pack_size !== undefined &&
		minimum_quantity % pack_size !== 0
	)
		problems.push({
			field: "minimum_quantity",
			message: "Minimum order quantity must be a whole number of packs",
		});
	const first = price_breaks?.[0];
	if (
		first &&
		minimum_quantity !== undefined &&
		first.min_quantity <= minimum_quantity
	)
		problems.push({
			field: "price_breaks",
			message: "Volume prices must start above the minimum order quantity",
		});
	else if (
		first &&
		price_cents !== undefined &&
		first.price_cents >= price_cents
	)
		problems.push({
			field: "price_breaks",
			message: "Volume prices must be below the Price",
		});
	return problems;
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
			`${name} must be ${groupThousands(TOOL_QUANTITY_MAX)} or less`,
		),
	);
}

/** The Part Number field; blank is allowed only where the shop gives one (`isRequired` false). */
function skuText(isRequired: boolean) {
	return z.string("Part Number is required").check(
		z.trim(),
		z.toUpperCase(),
		z.refine((text) => !isRequired || text !== "", {
			error: "Part Number is required",
			abort: true,
		}),
		z.maxLength(
			SKU_MAX_LENGTH,
			`Part Number must be ${SKU_MAX_LENGTH} characters or fewer`,
		),
		z.refine(
			(text) => text === "" || SKU_PATTERN.test(text),
			"Part Number must be letters and digits, in groups joined by single hyphens",
		),
	);
}

function packSizeText() {
	return z.string("Pack size is required").check(
		z.trim(),
		z.regex(WHOLE_NUMBER, {
			error: "Pack size must be a whole number, 1 or more",
			abort: true,
		}),
		z.refine(
			(text) => Number(text) >= 1,
			"Pack size must be a whole number, 1 or more",
		),
		z.refine(
			(text) => Number(text) <= PACK_SIZE_MAX,
			`Pack size must be ${groupThousands(PACK_SIZE_MAX)} or less`,
		),
	);
}

function priceBreaksText() {
	return z.string("Volume prices must be text").check(
		z.trim(),
		z.maxLength(400, "Volume prices must be 400 characters or fewer"),
		z.superRefine((text, context) => {
			const breaks = parsePriceBreaks(text);
			const problem = breaks
				? priceBreaksProblem(breaks)
				: "Volume prices must be quantity:price pairs, like 50:22.50; 200:19.90";
			if (problem) context.addIssue({ code: "custom", message: problem });
		}),
	);
}

/** The cross-field checks of the tool forms (toolTermsProblems), on the forms' text. */
function checkTermsTogether(
	form: {
		price: string;
		minimum_quantity: string;
		pack_size?: string;
		price_breaks?: string;
	},
	context: z.core.$RefinementCtx<unknown>,
) {
	const whole = (text: string | undefined) =>
		text !== undefined && WHOLE_NUMBER.test(text) && Number(text) >= 1
			? Number(text)
			: undefined;
	const problems = toolTermsProblems({
		price_cents: MONEY.test(form.price)
			? dollarsToCents(form.price)
			: undefined,
		minimum_quantity: whole(form.minimum_quantity),
		pack_size: whole(form.pack_size),
		price_breaks:
			form.price_breaks === undefined
				? undefined
				: parsePriceBreaks(form.price_breaks),
	});
	for (const problem of problems)
		context.addIssue({
			code: "custom",
			message: problem.message,
			path: [problem.field],
			input: form,
		});
}

const toolFormFields = {
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
	/** Blank when adding: the shop gives the tool the next free TG- number. */
	sku: z._default(skuText(false), ""),
	pack_size: z._default(packSizeText(), "1"),
	/** "50:22.50; 200:19.90" (formatPriceBreaks); blank: one price for every quantity. */
	price_breaks: z._default(priceBreaksText(), ""),
};

/**
 * The Add A Product and edit forms, as the browser and a multipart request send them: every value
 * is text. The web form and the server parse with this one schema, so each message is written
 * once. Anything else a request sends (supplier, id, timestamps, a deleted flag) is dropped.
 */
export const ToolFormSchema = z
	.object(toolFormFields)
	.check(z.superRefine(checkTermsTogether));
export type ToolForm = z.infer<typeof ToolFormSchema>;

/**
 * An edit also names the version of the tool it was made on, and the stock the form showed when it
 * was opened: the stock moves by the difference between the two quantities, so pieces ordered
 * (or put back by a cancel) while the form was open are not undone by saving it.
 */
export const ToolEditFormSchema = z
	.object({
		...toolFormFields,
		version: versionText(
			"version is required",
			"version must be the tool's version number",
		),
		available_quantity_seen: wholeNumberText(
			"available_quantity_seen is required",
			"available_quantity_seen",
			0,
		),
		// Left out by a client that predates them: the tool keeps what it has.
		sku: z.optional(skuText(true)),
		pack_size: z.optional(packSizeText()),
		price_breaks: z.optional(priceBreaksText()),
	})
	.check(z.superRefine(checkTermsTogether));
export type ToolEditForm = z.infer<typeof ToolEditFormSchema>;

/** The multipart field that carries the photo of a tool. */
export const TOOL_IMAGE_FIELD = "image";

export const ToolListQuerySchema = z.object({
	...PageQuerySchema.shape,
	/** Only tools changed at or after this time, oldest change first; not with q. */
	updated_since: UpdatedSinceSchema,
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
