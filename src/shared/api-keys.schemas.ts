import * as z from "zod/mini";
import { groupThousands } from "./money.ts";
import { pageSchemaOf } from "./paging.schemas.ts";
import { requiredText } from "./text.schemas.ts";
import { TOOL_QUANTITY_MAX } from "./tools.schemas.ts";

/**
 * What an API key may do, each scope naming the routes it opens (docs/api.md): another system
 * (an ERP, an accounting tool) reads the catalog or the orders, or sets the stock.
 */
export const API_KEY_SCOPES = [
	"catalog:read",
	"orders:read",
	"stock:write",
] as const;
export const ApiKeyScopeSchema = z.enum(
	API_KEY_SCOPES,
	`scope must be one of ${API_KEY_SCOPES.join(", ")}`,
);
export type ApiKeyScope = z.infer<typeof ApiKeyScopeSchema>;

/** The scopes in the admin's words. */
export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = {
	"catalog:read": "Read the catalog",
	"orders:read": "Read orders",
	"stock:write": "Set stock",
};

/** The header that carries an API key. */
export const API_KEY_HEADER = "x-api-key";
/** Every key starts with this, so a leaked one is recognised for what it is. */
export const API_KEY_PREFIX = "tgk_";
export const API_KEY_NAME_MAX = 80;
/** How many keys a shop holds that are not revoked: each is a door to close one day. */
export const API_KEYS_ACTIVE_MAX = 20;
export const API_KEYS_PAGE_SIZE = 20;

export const ApiKeyIdSchema = z.uuid("API key id must be a UUID");
export const ApiKeyParamsSchema = z.object({ keyId: ApiKeyIdSchema });

/** What the admin enters to make a key: a name to know it by, and what it may do. */
export const NewApiKeyInputSchema = z.object({
	name: requiredText("Name", API_KEY_NAME_MAX),
	scopes: z.array(ApiKeyScopeSchema).check(
		z.minLength(1, "Choose at least one scope"),
		z.refine(
			(scopes) => new Set(scopes).size === scopes.length,
			"Each scope is named once",
		),
	),
});
export type NewApiKeyInput = z.infer<typeof NewApiKeyInputSchema>;

/** A key as the admins see it: never its secret, only the first characters to recognise it. */
export const ApiKeySchema = z.object({
	id: ApiKeyIdSchema,
	name: z.string(),
	scopes: z.array(ApiKeyScopeSchema),
	/** The secret's first characters ("tgk_Ab3dE7"), to tell keys apart. */
	prefix: z.string(),
	created_at: z.iso.datetime(),
	/** The email of the admin who made it. */
	created_by_email: z.nullable(z.string()),
	/** To the minute: when the key last opened a route. */
	last_used_at: z.nullable(z.iso.datetime()),
	revoked_at: z.nullable(z.iso.datetime()),
});
export type ApiKey = z.infer<typeof ApiKeySchema>;

/** The answer to making a key: the one time its secret is shown. */
export const CreatedApiKeySchema = z.object({
	key: ApiKeySchema,
	secret: z.string(),
});
export type CreatedApiKey = z.infer<typeof CreatedApiKeySchema>;

export const ApiKeyPageSchema = pageSchemaOf(ApiKeySchema);
export type ApiKeyPage = z.infer<typeof ApiKeyPageSchema>;

/** What an integration sends to set a tool's stock. */
export const StockInputSchema = z.object({
	available_quantity: z
		.int("available_quantity must be a whole number")
		.check(
			z.minimum(0, "available_quantity must be 0 or more"),
			z.maximum(
				TOOL_QUANTITY_MAX,
				`available_quantity must be ${groupThousands(TOOL_QUANTITY_MAX)} or less`,
			),
		),
});
export type StockInput = z.infer<typeof StockInputSchema>;
