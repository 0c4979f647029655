import type {
	ShopCurrency,
	ShopSettings,
	ShopSettingsInput,
} from "../../../shared/shop-settings.schemas.ts";
import { compiledOnce } from "../../platform/db/compiled-once.ts";
import type { Db } from "../../platform/db/database.ts";

/** The settings are one row; the migration writes it, and a save writes it back if it went missing. */
const SETTINGS_ID = 1;

const settingsColumns = [
	"shop_name",
	"legal_address",
	"tax_id",
	"contact_email",
	"logo_url",
	"currency",
	"updated_at",
] as const;

/** Compiled once: an order's mail reads the shop's name. */
const settingsStatement = compiledOnce((db) =>
	db
		.selectFrom("shop_settings")
		.select(settingsColumns)
		.where("id", "=", SETTINGS_ID),
);

export async function findShopSettings(
	db: Db,
): Promise<ShopSettings | undefined> {
	const [row] = (await settingsStatement(db)).rows;
	// Only this feature writes the currency, and only one the contract allows.
	return row && { ...row, currency: row.currency as ShopCurrency };
}

export async function saveShopDetails(
	db: Db,
	input: ShopSettingsInput,
	change: { at: string; byEmail: string },
): Promise<void> {
	const values = {
		...input,
		updated_at: change.at,
		updated_by_email: change.byEmail,
	};
	await db
		.insertInto("shop_settings")
		.values({ id: SETTINGS_ID, ...values })
		.onConflict((conflict) => conflict.column("id").doUpdateSet(values))
		.execute();
}

/** Sets or clears the logo; `defaults` fill the row should it have gone missing. */
export async function saveShopLogo(
	db: Db,
	logoUrl: string | null,
	change: { at: string; byEmail: string },
	defaults: ShopSettingsInput,
): Promise<void> {
	const values = {
		logo_url: logoUrl,
		updated_at: change.at,
		updated_by_email: change.byEmail,
	};
	await db
		.insertInto("shop_settings")
		.values({ id: SETTINGS_ID, ...defaults, ...values })
		.onConflict((conflict) => conflict.column("id").doUpdateSet(values))
		.execute();
}
