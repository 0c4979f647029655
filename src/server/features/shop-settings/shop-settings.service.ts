import {
	DEFAULT_SHOP_NAME,
	type ShopSettings,
	type ShopSettingsInput,
} from "../../../shared/shop-settings.schemas.ts";
import type { Viewer } from "../../platform/auth/session-guard.ts";
import type { Db } from "../../platform/db/database.ts";
import type { ImageStore } from "../../platform/images/image-store.ts";
import { processUploadedImage } from "../../platform/images/process-upload.ts";
import { logoSizeOf } from "./shop-logo.ts";
import {
	findShopSettings,
	saveShopDetails,
	saveShopLogo,
} from "./shop-settings.repository.ts";

/** What the shop shows until an admin changes it. */
export const DEFAULT_SHOP_SETTINGS: ShopSettings = {
	shop_name: DEFAULT_SHOP_NAME,
	legal_address: "",
	tax_id: "",
	contact_email: "",
	logo_url: null,
	currency: "USD",
	updated_at: null,
};

const DEFAULT_SHOP_DETAILS: ShopSettingsInput = {
	shop_name: DEFAULT_SHOP_SETTINGS.shop_name,
	legal_address: DEFAULT_SHOP_SETTINGS.legal_address,
	tax_id: DEFAULT_SHOP_SETTINGS.tax_id,
	contact_email: DEFAULT_SHOP_SETTINGS.contact_email,
	currency: DEFAULT_SHOP_SETTINGS.currency,
};

/**
 * The seller's details as the footer shows them and invoices print them. Other features (mails,
 * invoices) read them here, inside their own transaction when they pass one.
 */
export async function getShopSettings(db: Db): Promise<ShopSettings> {
	return (await findShopSettings(db)) ?? DEFAULT_SHOP_SETTINGS;
}

export type ShopSettingsDeps = { db: Db; images: ImageStore };

async function saveShopSettings(
	db: Db,
	viewer: Viewer,
	input: ShopSettingsInput,
): Promise<ShopSettings> {
	await saveShopDetails(db, input, {
		at: new Date().toISOString(),
		byEmail: viewer.email,
	});
	return getShopSettings(db);
}

/**
 * Keeps a new logo. The one it replaces stays in the image store: invoices issued under it print
 * it for as long as they are downloaded, so no logo is ever removed.
 */
async function replaceShopLogo(
	{ db, images }: ShopSettingsDeps,
	viewer: Viewer,
	bytes: Buffer,
): Promise<ShopSettings> {
	const [webp] = await processUploadedImage(bytes, [await logoSizeOf(bytes)]);
	if (!webp) throw new Error("no logo was encoded");
	const url = await images.putWebp("logo", webp);
	await saveShopLogo(
		db,
		url,
		{ at: new Date().toISOString(), byEmail: viewer.email },
		DEFAULT_SHOP_DETAILS,
	);
	return getShopSettings(db);
}

/** The shop shows no logo from now on; invoices issued with one keep printing it. */
async function removeShopLogo(db: Db, viewer: Viewer): Promise<ShopSettings> {
	await saveShopLogo(
		db,
		null,
		{ at: new Date().toISOString(), byEmail: viewer.email },
		DEFAULT_SHOP_DETAILS,
	);
	return getShopSettings(db);
}

export function createShopSettingsUseCases(deps: ShopSettingsDeps) {
	return {
		readShopSettings: () => getShopSettings(deps.db),
		saveShopSettings: (viewer: Viewer, input: ShopSettingsInput) =>
			saveShopSettings(deps.db, viewer, input),
		replaceShopLogo: (viewer: Viewer, bytes: Buffer) =>
			replaceShopLogo(deps, viewer, bytes),
		removeShopLogo: (viewer: Viewer) => removeShopLogo(deps.db, viewer),
	};
}

export type ShopSettingsUseCases = ReturnType<
	typeof createShopSettingsUseCases
>;
