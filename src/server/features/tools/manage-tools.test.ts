import sharp from "sharp";
import { expect, test } from "vitest";
import { ApiErrorBodySchema } from "../../../shared/api-error.ts";
import { ToolPageSchema, ToolSchema } from "../../../shared/tools.schemas.ts";
import {
	authHeaders,
	signUp,
	signUpAdmin,
} from "../../test-support/accounts.ts";
import {
	createTestApp,
	listStoredImages,
	type TestApp,
} from "../../test-support/test-app.ts";
import {
	makePng,
	sendToolForm,
	VALID_TOOL_FIELDS,
} from "../../test-support/tools.ts";

async function listTools(t: TestApp) {
	const response = await t.app.inject({ url: "/api/tools" });
	expect(response.statusCode).toBe(200);
	return ToolPageSchema.parse(response.json());
}

async function addTool(
	t: TestApp,
	cookie: string,
	fields: Record<string, string>,
	photo?: Buffer,
) {
	return sendToolForm(
		t.app,
		{ method: "POST", url: "/api/tools", cookie },
		fields,
		[["image", photo ?? (await makePng()), "tool.png", "image/png"]],
	);
}

async function readImage(t: TestApp, url: string) {
	const response = await t.app.inject({ url });
	expect(response.statusCode).toBe(200);
	expect(response.headers["content-type"]).toBe("image/webp");
	return sharp(response.rawPayload).metadata();
}

test("an admin adds a tool: it is listed first, readable, supplied by the admin and priced in cents", async () => {
	const t = await createTestApp();
	const admin = await signUpAdmin(t.app, t.db, { name: "Ada Supplier" });
	const first = await addTool(t, admin.cookie, {
		...VALID_TOOL_FIELDS,
		tool_name: "Older Tool",
	});
	expect(first.statusCode, first.body).toBe(201);

	const response = await addTool(t, admin.cookie, VALID_TOOL_FIELDS);
	expect(response.statusCode, response.body).toBe(201);
	const tool = ToolSchema.parse(response.json());
	expect(tool).toMatchObject({
		tool_name: "Cordless Impact Driver",
		description: "Brushless, 18 V, two batteries.",
		price_cents: 12950,
		available_quantity: 40,
		minimum_quantity: 2,
		supplier_name: "Ada Supplier",
		version: 1,
	});

	const page = await listTools(t);
	expect(page.total).toBe(2);
	expect(page.items[0]).toEqual(tool);
	const read = await t.app.inject({ url: `/api/tools/${tool.id}` });
	expect(read.statusCode).toBe(200);
	expect(read.json()).toEqual(tool);
});

test("an added tool's photo is served as WebP at 800 × 600 for cards and 1600 × 1200 at most for its page", async () => {
	const t = await createTestApp();
	const admin = await signUpAdmin(t.app, t.db);
	const response = await addTool(
		t,
		admin.cookie,
		VALID_TOOL_FIELDS,
		await makePng(2400, 1800),
	);
	expect(response.statusCode, response.body).toBe(201);
	const tool = ToolSchema.parse(response.json());
	expect(tool.img).toMatch(/^\/images\/tool-[0-9a-f]+\.webp$/);
	expect(tool.img_large).toMatch(/^\/images\/tool-[0-9a-f]+\.webp$/);
	expect(tool.img_large).not.toBe(tool.img);

	const card = await readImage(t, tool.img);
	expect([card.format, card.width, card.height]).toEqual(["webp", 800, 600]);
	const large = await readImage(t, tool.img_large);
	expect([large.format, large.width, large.height]).toEqual([
		"webp",
		1600,
		1200,
	]);
});

test("an empty form is a 400 that names every required field, and nothing is stored", async () => {
	const t = await createTestApp();
	const admin = await signUpAdmin(t.app, t.db);
	const response = await sendToolForm(
		t.app,
		{ method: "POST", url: "/api/tools", cookie: admin.cookie },
		{},
	);
	expect(response.statusCode).toBe(400);
	const body = ApiErrorBodySchema.parse(response.json());
	expect(body.error.code).toBe("VALIDATION_FAILED");
	expect(body.error.details?.map((detail) => detail.message).sort()).toEqual(
		[
			"Product Name is required",
			"Description is required",
			"Price is required",
			"Quantity is required",
			"Minimum order quantity is required",
			"Image is required",
		].sort(),
	);
	expect(body.error.details).toContainEqual({
		field: "image",
		message: "Image is required",
	});
	expect((await listTools(t)).total).toBe(0);
	expect(await listStoredImages(t.db)).toEqual([]);
});

test.each([
	["price", "0", "Price must be more than 0"],
	["price", "-1", "Price must be a number with at most two decimals"],
	["price", "1.999", "Price must be a number with at most two decimals"],
	["price", "abc", "Price must be a number with at most two decimals"],
	["price", "100000.01", "Price must be $100,000 or less"],
	["available_quantity", "-1", "Quantity must be a whole number, 0 or more"],
	["available_quantity", "2.5", "Quantity must be a whole number, 0 or more"],
	["available_quantity", "1e3", "Quantity must be a whole number, 0 or more"],
	["available_quantity", "1000001", "Quantity must be 1,000,000 or less"],
	[
		"minimum_quantity",
		"0",
		"Minimum order quantity must be a whole number, 1 or more",
	],
	[
		"tool_name",
		"N".repeat(121),
		"Product Name must be 120 characters or fewer",
	],
])(
	"%s %j is refused with its message and nothing is stored",
	async (field, value, message) => {
		const t = await createTestApp();
		const admin = await signUpAdmin(t.app, t.db);
		const response = await addTool(t, admin.cookie, {
			...VALID_TOOL_FIELDS,
			[field]: value,
		});
		expect(response.statusCode).toBe(400);
		expect(ApiErrorBodySchema.parse(response.json()).error).toMatchObject({
			code: "VALIDATION_FAILED",
			details: [{ field, message }],
		});
		expect((await listTools(t)).total).toBe(0);
		expect(await listStoredImages(t.db)).toEqual([]);
	},
);

test("values at the limits are accepted", async () => {
	const t = await createTestApp();
	const admin = await signUpAdmin(t.app, t.db);
	const response = await addTool(t, admin.cookie, {
		tool_name: "N".repeat(120),
		description: "At the limits.",
		price: "100000.00",
		available_quantity: "1000000",
		minimum_quantity: "1",
	});
	expect(response.statusCode, response.body).toBe(201);
	expect(ToolSchema.parse(response.json())).toMatchObject({
		price_cents: 10_000_000,
		available_quantity: 1_000_000,
		minimum_quantity: 1,
	});
	const zeroStock = await addTool(t, admin.cookie, {
		...VALID_TOOL_FIELDS,
		price: "0.01",
		available_quantity: "0",
	});
	expect(zeroStock.statusCode, zeroStock.body).toBe(201);
	expect(zeroStock.json()).toMatchObject({
		price_cents: 1,
		available_quantity: 0,
	});
});

test("fields outside the form (supplier, id, timestamps, version, deletion, cents) are ignored", async () => {
	const t = await createTestApp();
	const admin = await signUpAdmin(t.app, t.db, { name: "Real Admin" });
	const forged = {
		id: "0b5e4bb4-5a3e-4a55-9d4c-1f7d6c1f2e3a",
		supplier_name: "Forged Supplier",
		supplier_email: "forged@example.com",
		created_at: "2001-01-01T00:00:00.000Z",
		updated_at: "2001-01-01T00:00:00.000Z",
		deleted_at: "2001-01-01T00:00:00.000Z",
		version: "7",
		price_cents: "1",
	};
	// Two requests: the multipart limits allow 12 text fields, and the form has 5 of its own.
	const [firstHalf, secondHalf] = [
		Object.fromEntries(Object.entries(forged).slice(0, 4)),
		Object.fromEntries(Object.entries(forged).slice(4)),
	];
	for (const extra of [firstHalf, secondHalf]) {
		const response = await addTool(t, admin.cookie, {
			...VALID_TOOL_FIELDS,
			...extra,
		});
		expect(response.statusCode, response.body).toBe(201);
		const tool = ToolSchema.parse(response.json());
		expect(tool.id).not.toBe(forged.id);
		expect(tool.supplier_name).toBe("Real Admin");
		expect(tool.created_at).not.toBe(forged.created_at);
		expect(tool.version).toBe(1);
		expect(tool.price_cents).toBe(12950);
		const read = await t.app.inject({ url: `/api/tools/${tool.id}` });
		expect(read.statusCode).toBe(200);
		expect(read.json()).toEqual(tool);
	}

	const rows = await t.db
		.selectFrom("tools")
		.select(["id", "supplier_email", "deleted_at", "updated_at"])
		.execute();
	expect(rows).toHaveLength(2);
	for (const row of rows) {
		expect(row.id).not.toBe(forged.id);
		expect(row.supplier_email).toBe(admin.email);
		expect(row.deleted_at).toBeNull();
		expect(row.updated_at).not.toBe(forged.updated_at);
	}
	expect((await listTools(t)).total).toBe(2);
});

test("a customer gets a 403 and a visitor a 401 when adding, editing or deleting, and nothing changes", async () => {
	const t = await createTestApp();
	const admin = await signUpAdmin(t.app, t.db);
	const tool = ToolSchema.parse(
		(await addTool(t, admin.cookie, VALID_TOOL_FIELDS)).json(),
	);
	const imagesBefore = await listStoredImages(t.db);
	const customer = await signUp(t.app);
	const edit = {
		...VALID_TOOL_FIELDS,
		price: "1.00",
		version: "1",
		available_quantity_seen: VALID_TOOL_FIELDS.available_quantity,
	};
	const photo = await makePng(64, 48);

	for (const [cookie, status, code] of [
		[customer.cookie, 403, "FORBIDDEN"],
		[undefined, 401, "UNAUTHORIZED"],
	] as const) {
		const added = await sendToolForm(
			t.app,
			{ method: "POST", url: "/api/tools", cookie },
			{ ...VALID_TOOL_FIELDS, tool_name: "Intruder" },
			[["image", await makePng(32, 32), "x.png", "image/png"]],
		);
		const edited = await sendToolForm(
			t.app,
			{ method: "PUT", url: `/api/tools/${tool.id}`, cookie },
			edit,
			[["image", photo, "x.png", "image/png"]],
		);
		const deleted = await t.app.inject({
			method: "DELETE",
			url: `/api/tools/${tool.id}`,
			headers: authHeaders(cookie),
		});
		for (const response of [added, edited, deleted]) {
			expect(response.statusCode).toBe(status);
			expect(ApiErrorBodySchema.parse(response.json()).error.code).toBe(code);
		}
	}

	const page = await listTools(t);
	expect(page.items).toEqual([tool]);
	expect(page.total).toBe(1);
	expect((await t.app.inject({ url: `/api/tools/${tool.id}` })).json()).toEqual(
		tool,
	);
	expect(await listStoredImages(t.db)).toEqual(imagesBefore);
});
