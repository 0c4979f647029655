import * as z from "zod/mini";
import { EmailSchema } from "./accounts.schemas.ts";
import { requiredText } from "./text.schemas.ts";

/** The shop's name until an admin gives it another. */
export const DEFAULT_SHOP_NAME = "Tools Gallery";

export const SHOP_NAME_MAX = 120;
export const LEGAL_ADDRESS_MAX = 400;
/** The seller block of an invoice has room for this many address lines. */
export const LEGAL_ADDRESS_LINES_MAX = 6;
export const TAX_ID_MAX = 40;
export const CONTACT_EMAIL_MAX = 254;

/**
 * The currencies the shop may show. Payments are taken in US dollars (the payment gateway's
 * currency), so that is the only choice for now; invoices print the one chosen.
 */
export const SHOP_CURRENCIES = ["USD"] as const;
export const ShopCurrencySchema = z.enum(SHOP_CURRENCIES, {
	error: "Currency must be USD: the shop takes payments in US dollars",
});
export type ShopCurrency = z.infer<typeof ShopCurrencySchema>;

/** The multipart field the logo upload sends its image in. */
export const SHOP_LOGO_FIELD = "logo";

const ONE_LINE = /^[^\r\n]*$/;

/**
 * The legal address as the invoice prints it: one line per line typed, each trimmed, blank lines
 * dropped and Windows line ends made plain.
 */
export function normaliseAddress(text: string): string {
	return text
		.split(/\r\n|\r|\n/)
		.map((line) => line.trim())
		.filter((line) => line !== "")
		.join("\n");
}

/** What the admin saves on the Shop Settings page; the form and the route check the same. */
export const ShopSettingsInputSchema = z.strictObject({
	shop_name: requiredText("Shop name", SHOP_NAME_MAX).check(
		z.regex(ONE_LINE, "Shop name must be one line"),
	),
	legal_address: z.string("Legal address must be text").check(
		z.overwrite(normaliseAddress),
		z.maxLength(
			LEGAL_ADDRESS_MAX,
			`Legal address must be ${LEGAL_ADDRESS_MAX} characters or fewer`,
		),
		z.refine(
			(text) => text.split("\n").length <= LEGAL_ADDRESS_LINES_MAX,
			`Legal address must be ${LEGAL_ADDRESS_LINES_MAX} lines or fewer`,
		),
	),
	tax_id: z
		.string("Tax id must be text")
		.check(
			z.trim(),
			z.maxLength(
				TAX_ID_MAX,
				`Tax id must be ${TAX_ID_MAX} characters or fewer`,
			),
			z.regex(ONE_LINE, "Tax id must be one line"),
		),
	/** Empty: the shop shows no contact address. */
	contact_email: z.string("Contact email must be text").check(
		z.trim(),
		z.maxLength(
			CONTACT_EMAIL_MAX,
			`Contact email must be ${CONTACT_EMAIL_MAX} characters or fewer`,
		),
		z.refine(
			(text) => text === "" || EmailSchema.safeParse(text).success,
			"Contact email must be an email address, such as sales@example.com",
		),
	),
	currency: ShopCurrencySchema,
});
export type ShopSettingsInput = z.infer<typeof ShopSettingsInputSchema>;

/**
 * The shop's own details, as the footer shows them and invoices print them. Public: every invoice
 * carries them anyway.
 */
export const ShopSettingsSchema = z.object({
	shop_name: z.string(),
	/** Lines separated by "\n"; empty until an admin enters it. */
	legal_address: z.string(),
	tax_id: z.string(),
	contact_email: z.string(),
	/** The logo's image path (/images/…), or null for none. */
	logo_url: z.nullable(z.string()),
	currency: ShopCurrencySchema,
	/** When an admin last changed them; null while they are the defaults. */
	updated_at: z.nullable(z.iso.datetime()),
});
export type ShopSettings = z.infer<typeof ShopSettingsSchema>;
