import sharp from "sharp";
import { expect, test } from "vitest";
import type { ShopSettingsInput } from "../../../shared/shop-settings.schemas.ts";
import type { Viewer } from "../../platform/auth/session-guard.ts";
import { IMAGE_URL_PREFIX } from "../../platform/images/image-store.ts";
import { createTestApp } from "../../test-support/test-app.ts";
import { makePng } from "../../test-support/tools.ts";
import { LOGO_MAX_HEIGHT, LOGO_MAX_WIDTH } from "./shop-logo.ts";
import {
	createShopNameCache,
	createShopSettingsUseCases,
	DEFAULT_SHOP_SETTINGS,
	getShopSettings,
	SHOP_NAME_TTL_MS,
} from "./shop-settings.service.ts";

const ADMIN: Viewer = {
	id: "admin-id",
	name: "Ada Admin",
	email: "ada@example.com",
	emailVerified: true,
	image: null,
	isAdmin: true,
	twoFactorEnabled: false,
};

const DETAILS: ShopSettingsInput = {
	shop_name: "Forge & Anvil Tools Ltd",
	legal_address: "7 Anvil Yard\nRotherham S60 1AA",
	tax_id: "GB 123 4567 89",
	contact_email: "accounts@forge.example",
	currency: "USD",
};

async function createShop() {
	const t = await createTestApp();
	return {
		t,
		settings: createShopSettingsUseCases({ db: t.db, images: t.images }),
	};
}

async function storedSize(
	t: { images: { open(name: string): Promise<Buffer | null> } },
	url: string,
) {
	const bytes = await t.images.open(url.slice(IMAGE_URL_PREFIX.length));
	if (!bytes) throw new Error(`no image at ${url}`);
	const { width, height, format } = await sharp(bytes).metadata();
	return { width, height, format };
}

test("a new shop is called Tools Gallery, in US dollars, with nothing else set", async () => {
	const { t } = await createShop();

	expect(await getShopSettings(t.db)).toEqual(DEFAULT_SHOP_SETTINGS);
	expect(DEFAULT_SHOP_SETTINGS).toMatchObject({
		shop_name: "Tools Gallery",
		currency: "USD",
		logo_url: null,
		updated_at: null,
	});
});

test("saved details are what other features read, with when they changed", async () => {
	const { t, settings } = await createShop();

	const saved = await settings.saveShopSettings(ADMIN, DETAILS);

	expect(saved).toEqual({
		...DETAILS,
		logo_url: null,
		updated_at: expect.any(String),
	});
	expect(await getShopSettings(t.db)).toEqual(saved);
	expect(await settings.readShopSettings()).toEqual(saved);
});

test("a logo is kept at its own proportions, within 800 × 400 and never blown up, as WebP", async () => {
	const { t, settings } = await createShop();

	const wide = await settings.replaceShopLogo(ADMIN, await makePng(2_000, 500));
	const tall = await settings.replaceShopLogo(ADMIN, await makePng(300, 900));
	const small = await settings.replaceShopLogo(ADMIN, await makePng(120, 40));

	expect(wide.logo_url).toMatch(/^\/images\/logo-[0-9a-f]{16}\.webp$/);
	expect(await storedSize(t, wide.logo_url ?? "")).toEqual({
		width: LOGO_MAX_WIDTH,
		height: 200,
		format: "webp",
	});
	expect(await storedSize(t, tall.logo_url ?? "")).toEqual({
		width: 133,
		height: LOGO_MAX_HEIGHT,
		format: "webp",
	});
	expect(await storedSize(t, small.logo_url ?? "")).toEqual({
		width: 120,
		height: 40,
		format: "webp",
	});
});

test("a replaced or removed logo stays in the image store: invoices issued under it still print it", async () => {
	const { t, settings } = await createShop();
	const first = await settings.replaceShopLogo(ADMIN, await makePng(400, 100));

	await settings.replaceShopLogo(ADMIN, await makePng(300, 100));
	const removed = await settings.removeShopLogo(ADMIN);

	expect(removed.logo_url).toBeNull();
	expect(await storedSize(t, first.logo_url ?? "")).toMatchObject({
		width: 400,
		height: 100,
	});
});

test("what is not an image is refused with the pipeline's reason, and the logo stays", async () => {
	const { settings } = await createShop();
	const kept = await settings.replaceShopLogo(ADMIN, await makePng(400, 100));

	await expect(
		settings.replaceShopLogo(ADMIN, Buffer.from("%PDF-1.4 not a picture")),
	).rejects.toThrow("Only JPEG, PNG and WebP images are accepted");
	expect((await settings.readShopSettings()).logo_url).toBe(kept.logo_url);
});

test("the shop name order mails are signed with is read again once SHOP_NAME_TTL_MS has passed, so another instance's save shows within it, and at once after a save here", async () => {
	const { t } = await createShop();
	let now = 0;
	const shopName = createShopNameCache(() => now);
	// Another instance of the shop saves through its own use cases, on the same database.
	const elsewhere = createShopSettingsUseCases({ db: t.db, images: t.images });
	const here = createShopSettingsUseCases({
		db: t.db,
		images: t.images,
		onSaved: shopName.forget,
	});

	expect(await shopName.read(t.db)).toBe("Tools Gallery");
	await elsewhere.saveShopSettings(ADMIN, DETAILS);
	now = SHOP_NAME_TTL_MS - 1;
	expect(await shopName.read(t.db)).toBe("Tools Gallery");
	now = SHOP_NAME_TTL_MS;
	expect(await shopName.read(t.db)).toBe("Forge & Anvil Tools Ltd");

	await here.saveShopSettings(ADMIN, { ...DETAILS, shop_name: "Anvil & Co" });
	expect(await shopName.read(t.db)).toBe("Anvil & Co");
});
