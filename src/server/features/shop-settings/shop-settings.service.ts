import {
	DEFAULT_SHOP_NAME,
	type ShopSettings,
	type ShopSettingsInput,
} from "../../../shared/shop-settings.schemas.ts";
import type { Viewer } from "../../platform/auth/session-guard.ts";
import { type Clock, monotonicClock } from "../../platform/clock.ts";
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

/**
 * How long an instance signs the mails it writes with the shop name it last read: a name saved
 * through another instance shows in this one's mails within this time, one saved through this
 * instance at once (`forget`).
 */
export const SHOP_NAME_TTL_MS = 1_000;

/**
 * The shop name every order's mail is signed with, read at most every SHOP_NAME_TTL_MS instead
 * of once per order: on PostgreSQL, one round trip less inside each order's transaction
 * (decision 016). A read is made on the connection it is given (the caller's transaction).
 */
export type ShopNameCache = {
	read: (db: Db) => Promise<string>;
	/** A save through this instance: the next mail reads the name again. */
	forget: () => void;
};

export function createShopNameCache(
	clock: Clock = monotonicClock,
): ShopNameCache {
	let known: { name: string; readAt: number } | undefined;
	// Goes up at every save: a read that started before one never keeps its older name.
	let saves = 0;
	return {
		async read(db) {
			const now = clock();
			if (known && now - known.readAt < SHOP_NAME_TTL_MS) return known.name;
			const savesBefore = saves;
			const name = (await getShopSettings(db)).shop_name;
			if (saves === savesBefore) known = { name, readAt: now };
			return name;
		},
		forget() {
			saves++;
			known = undefined;
		},
	};
}

export type ShopSettingsDeps = {
	db: Db;
	images: ImageStore;
	/** Told after every save, once it is committed. */
	onSaved?: () => void;
};

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

async function afterSave(
	{ onSaved }: ShopSettingsDeps,
	saved: Promise<ShopSettings>,
): Promise<ShopSettings> {
	try {
		return await saved;
	} finally {
		// Told even when the save failed: whatever it left in the database is read again.
		onSaved?.();
	}
}

export function createShopSettingsUseCases(deps: ShopSettingsDeps) {
	return {
		readShopSettings: () => getShopSettings(deps.db),
		saveShopSettings: (viewer: Viewer, input: ShopSettingsInput) =>
			afterSave(deps, saveShopSettings(deps.db, viewer, input)),
		replaceShopLogo: (viewer: Viewer, bytes: Buffer) =>
			afterSave(deps, replaceShopLogo(deps, viewer, bytes)),
		removeShopLogo: (viewer: Viewer) =>
			afterSave(deps, removeShopLogo(deps.db, viewer)),
	};
}

export type ShopSettingsUseCases = ReturnType<
	typeof createShopSettingsUseCases
>;
