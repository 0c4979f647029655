import { expect, test } from "vitest";
import {
	SHOP_LOGO_FIELD,
	type ShopSettingsInput,
	ShopSettingsSchema,
} from "../../../shared/shop-settings.schemas.ts";
import {
	authHeaders,
	signUp,
	signUpAdmin,
} from "../../test-support/accounts.ts";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";
import { makePng, toolFormBody } from "../../test-support/tools.ts";

const DETAILS: ShopSettingsInput = {
	shop_name: "Forge & Anvil Tools Ltd",
	legal_address: "7 Anvil Yard\nRotherham S60 1AA\nUnited Kingdom",
	tax_id: "GB 123 4567 89",
	contact_email: "accounts@forge.example",
	currency: "USD",
};

function putSettings(t: TestApp, cookie: string | undefined, payload: object) {
	return t.app.inject({
		method: "PUT",
		url: "/api/admin/shop-settings",
		headers: authHeaders(cookie),
		payload,
	});
}

async function readPublic(t: TestApp) {
	const response = await t.app.inject({ url: "/api/shop-settings" });
	expect(response.statusCode, response.body).toBe(200);
	return ShopSettingsSchema.parse(response.json());
}

test("anyone reads the shop's settings: at first its name, in US dollars, and nothing else", async () => {
	const t = await createTestApp();

	expect(await readPublic(t)).toEqual({
		shop_name: "Tools Gallery",
		legal_address: "",
		tax_id: "",
		contact_email: "",
		logo_url: null,
		currency: "USD",
		updated_at: null,
	});
});

test("an admin saves the shop's details, tidied, and the public read shows them", async () => {
	const t = await createTestApp();
	const admin = await signUpAdmin(t.app, t.db);

	const response = await putSettings(t, admin.cookie, {
		...DETAILS,
		shop_name: "  Forge & Anvil Tools Ltd ",
		legal_address:
			"7 Anvil Yard  \r\n\r\n Rotherham S60 1AA\r\nUnited Kingdom\n",
		contact_email: " accounts@forge.example ",
	});

	expect(response.statusCode, response.body).toBe(200);
	const expected = {
		...DETAILS,
		logo_url: null,
		updated_at: expect.any(String),
	};
	expect(response.json()).toEqual(expected);
	expect(await readPublic(t)).toEqual(expected);
});

test("bad details are refused with a 400 naming each field, and nothing is saved", async () => {
	const t = await createTestApp();
	const admin = await signUpAdmin(t.app, t.db);
	const refusals: [object, string, string][] = [
		[{ shop_name: "   " }, "shop_name", "Shop name is required"],
		[
			{ shop_name: "x".repeat(121) },
			"shop_name",
			"Shop name must be 120 characters or fewer",
		],
		[
			{ legal_address: "1\n2\n3\n4\n5\n6\n7" },
			"legal_address",
			"Legal address must be 6 lines or fewer",
		],
		[{ tax_id: "GB 123\n456" }, "tax_id", "Tax id must be one line"],
		[
			{ contact_email: "not an address" },
			"contact_email",
			"Contact email must be an email address, such as sales@example.com",
		],
		[
			{ currency: "EUR" },
			"currency",
			"Currency must be USD: the shop takes payments in US dollars",
		],
	];

	for (const [change, field, message] of refusals) {
		const response = await putSettings(t, admin.cookie, {
			...DETAILS,
			...change,
		});
		expect(response.statusCode, JSON.stringify(change)).toBe(400);
		expect(response.json().error).toMatchObject({
			code: "VALIDATION_FAILED",
			details: [{ field, message }],
		});
	}
	const unknownField = await putSettings(t, admin.cookie, {
		...DETAILS,
		logo_url: "/images/elsewhere.webp",
	});
	const missingField = await putSettings(t, admin.cookie, {
		shop_name: "Only A Name",
	});

	expect(unknownField.statusCode).toBe(400);
	expect(missingField.statusCode).toBe(400);
	expect((await readPublic(t)).shop_name).toBe("Tools Gallery");
});

test("only admins change the settings: a customer gets a 403, a visitor a 401", async () => {
	const t = await createTestApp();
	const customer = await signUp(t.app, { name: "Cora Customer" });
	const logo = await toolFormBody({}, [
		[SHOP_LOGO_FIELD, await makePng(300, 100), "logo.png", "image/png"],
	]);

	const asCustomer = await putSettings(t, customer.cookie, DETAILS);
	const asVisitor = await putSettings(t, undefined, DETAILS);
	const logoAsCustomer = await t.app.inject({
		method: "PUT",
		url: "/api/admin/shop-settings/logo",
		headers: { ...authHeaders(customer.cookie), ...logo.headers },
		payload: logo.payload,
	});
	const removalAsCustomer = await t.app.inject({
		method: "DELETE",
		url: "/api/admin/shop-settings/logo",
		headers: authHeaders(customer.cookie),
	});

	expect(asCustomer.statusCode).toBe(403);
	expect(asVisitor.statusCode).toBe(401);
	expect(logoAsCustomer.statusCode).toBe(403);
	expect(removalAsCustomer.statusCode).toBe(403);
	expect((await readPublic(t)).shop_name).toBe("Tools Gallery");
});

test("an admin uploads a logo, which is served as an image, and removes it again", async () => {
	const t = await createTestApp();
	const admin = await signUpAdmin(t.app, t.db);
	const logo = await toolFormBody({}, [
		[SHOP_LOGO_FIELD, await makePng(1_600, 400), "logo.png", "image/png"],
	]);

	const upload = await t.app.inject({
		method: "PUT",
		url: "/api/admin/shop-settings/logo",
		headers: { ...authHeaders(admin.cookie), ...logo.headers },
		payload: logo.payload,
	});
	expect(upload.statusCode, upload.body).toBe(200);
	const logoUrl = String(upload.json().logo_url);
	const served = await t.app.inject({ url: logoUrl });
	expect(served.statusCode).toBe(200);
	expect(served.headers["content-type"]).toBe("image/webp");
	expect((await readPublic(t)).logo_url).toBe(logoUrl);

	const removal = await t.app.inject({
		method: "DELETE",
		url: "/api/admin/shop-settings/logo",
		headers: authHeaders(admin.cookie),
	});
	expect(removal.statusCode, removal.body).toBe(200);
	expect((await readPublic(t)).logo_url).toBeNull();
});

test("a logo upload without an image, or with something else, is a 400", async () => {
	const t = await createTestApp();
	const admin = await signUpAdmin(t.app, t.db);
	const upload = async (files: Parameters<typeof toolFormBody>[1]) => {
		const body = await toolFormBody({}, files);
		return t.app.inject({
			method: "PUT",
			url: "/api/admin/shop-settings/logo",
			headers: { ...authHeaders(admin.cookie), ...body.headers },
			payload: body.payload,
		});
	};

	const none = await upload([]);
	const text = await upload([
		[SHOP_LOGO_FIELD, Buffer.from("hello"), "logo.png", "image/png"],
	]);

	expect(none.statusCode).toBe(400);
	expect(none.json().error.message).toBe("Image is required");
	expect(text.statusCode).toBe(400);
	expect(text.json().error.message).toBe(
		"Only JPEG, PNG and WebP images are accepted",
	);
});
