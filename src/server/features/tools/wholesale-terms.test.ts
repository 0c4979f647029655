import { expect, test } from "vitest";
import { ApiErrorBodySchema } from "../../../shared/api-error.ts";
import { CartSchema } from "../../../shared/cart.schemas.ts";
import { OrderSchema } from "../../../shared/orders.schemas.ts";
import { ToolPageSchema, ToolSchema } from "../../../shared/tools.schemas.ts";
import {
	authHeaders,
	signUp,
	signUpAdmin,
} from "../../test-support/accounts.ts";
import {
	postCheckout,
	postOrder,
	readStock,
	TEST_DELIVERY,
} from "../../test-support/orders.ts";
import {
	createTestApp,
	insertTestTool,
	type TestApp,
} from "../../test-support/test-app.ts";
import {
	addToolAsAdmin,
	makePng,
	sendToolForm,
	VALID_TOOL_FIELDS,
} from "../../test-support/tools.ts";

const WHOLESALE_FIELDS = {
	...VALID_TOOL_FIELDS,
	tool_name: "Hex Bolt M8 x 40",
	price: "24.99",
	available_quantity: "1000",
	minimum_quantity: "10",
	sku: "hb-m8-40",
	pack_size: "10",
	price_breaks: "50:22.50; 200:19.90",
};

async function addTool(t: TestApp, cookie: string, fields: object) {
	return sendToolForm(
		t.app,
		{ method: "POST", url: "/api/tools", cookie },
		fields as Record<string, string>,
		[["image", await makePng(), "tool.png", "image/png"]],
	);
}

function fieldErrors(body: string) {
	return ApiErrorBodySchema.parse(JSON.parse(body)).error.details;
}

test("an admin adds a tool with a part number, a pack size and volume prices, and every reader sees them", async () => {
	const t = await createTestApp();
	const admin = await signUpAdmin(t.app, t.db);
	const response = await addTool(t, admin.cookie, WHOLESALE_FIELDS);
	expect(response.statusCode, response.body).toBe(201);
	const tool = ToolSchema.parse(response.json());
	expect(tool).toMatchObject({
		sku: "HB-M8-40",
		slug: "hex-bolt-m8-x-40-hb-m8-40",
		pack_size: 10,
		price_cents: 2499,
		price_breaks: [
			{ min_quantity: 50, price_cents: 2250 },
			{ min_quantity: 200, price_cents: 1990 },
		],
	});
	const read = await t.app.inject({ url: `/api/tools/${tool.id}` });
	expect(read.json()).toEqual(tool);
});

test("a tool added without a part number gets the next free TG- number", async () => {
	const t = await createTestApp();
	const admin = await signUpAdmin(t.app, t.db);
	await insertTestTool(t.db, { sku: "TG-000041" });
	const first = await addToolAsAdmin(t.app, admin.cookie);
	const second = await addToolAsAdmin(t.app, admin.cookie);
	expect([first.sku, second.sku]).toEqual(["TG-000042", "TG-000043"]);
	expect(first.pack_size).toBe(1);
	expect(first.price_breaks).toEqual([]);
});

test("a part number another tool has is a 409 on its field; a deleted tool's number is free again", async () => {
	const t = await createTestApp();
	const admin = await signUpAdmin(t.app, t.db);
	const taken = await insertTestTool(t.db, { sku: "HB-M8-40" });
	const refused = await addTool(t, admin.cookie, WHOLESALE_FIELDS);
	expect(refused.statusCode).toBe(409);
	expect(fieldErrors(refused.body)).toEqual([
		{
			field: "sku",
			message: "Part Number HB-M8-40 is already used by another tool",
		},
	]);
	const deleted = await t.app.inject({
		method: "DELETE",
		url: `/api/tools/${taken.id}`,
		headers: authHeaders(admin.cookie),
	});
	expect(deleted.statusCode).toBe(204);
	const added = await addTool(t, admin.cookie, WHOLESALE_FIELDS);
	expect(added.statusCode, added.body).toBe(201);
});

test("volume prices and packs that do not fit together are refused with the field's message, and nothing is added", async () => {
	const t = await createTestApp();
	const admin = await signUpAdmin(t.app, t.db);
	const cases: [Record<string, string>, string, string][] = [
		[
			{ price_breaks: "200:22.50; 50:19.90" },
			"price_breaks",
			"Volume price quantities must increase",
		],
		[
			{ price_breaks: "50:19.90; 200:22.50" },
			"price_breaks",
			"Volume prices must fall as quantities rise",
		],
		[
			{ price_breaks: "50:24.99" },
			"price_breaks",
			"Volume prices must be below the Price",
		],
		[
			{ price_breaks: "10:20.00" },
			"price_breaks",
			"Volume prices must start above the minimum order quantity",
		],
		[
			{ price_breaks: "fifty at 20" },
			"price_breaks",
			"Volume prices must be quantity:price pairs, like 50:22.50; 200:19.90",
		],
		[
			{ minimum_quantity: "15" },
			"minimum_quantity",
			"Minimum order quantity must be a whole number of packs",
		],
		[
			{ pack_size: "0" },
			"pack_size",
			"Pack size must be a whole number, 1 or more",
		],
		[
			{ sku: "HB M8/40" },
			"sku",
			"Part Number must be letters and digits, in groups joined by single hyphens",
		],
	];
	for (const [change, field, message] of cases) {
		const response = await addTool(t, admin.cookie, {
			...WHOLESALE_FIELDS,
			...change,
		});
		expect(response.statusCode, JSON.stringify(change)).toBe(400);
		expect(fieldErrors(response.body)).toContainEqual({ field, message });
	}
	const list = ToolPageSchema.parse(
		(await t.app.inject({ url: "/api/tools" })).json(),
	);
	expect(list.total).toBe(0);
});

test("an edit from a client that sends no terms keeps the part number, pack size and volume prices", async () => {
	const t = await createTestApp();
	const admin = await signUpAdmin(t.app, t.db);
	const tool = ToolSchema.parse(
		(await addTool(t, admin.cookie, WHOLESALE_FIELDS)).json(),
	);
	const {
		sku: _sku,
		pack_size: _pack,
		price_breaks: _breaks,
		...older
	} = WHOLESALE_FIELDS;
	const edited = await sendToolForm(
		t.app,
		{ method: "PUT", url: `/api/tools/${tool.id}`, cookie: admin.cookie },
		{
			...older,
			price: "25.99",
			version: "1",
			available_quantity_seen: "1000",
		},
	);
	expect(edited.statusCode, edited.body).toBe(200);
	expect(ToolSchema.parse(edited.json())).toMatchObject({
		price_cents: 2599,
		sku: "HB-M8-40",
		slug: tool.slug,
		pack_size: 10,
		price_breaks: tool.price_breaks,
	});

	// A new minimum that is not whole packs of the kept pack size is refused.
	const refused = await sendToolForm(
		t.app,
		{ method: "PUT", url: `/api/tools/${tool.id}`, cookie: admin.cookie },
		{
			...older,
			minimum_quantity: "15",
			version: "2",
			available_quantity_seen: "1000",
		},
	);
	expect(refused.statusCode).toBe(400);
	expect(fieldErrors(refused.body)).toEqual([
		{
			field: "minimum_quantity",
			message: "Minimum order quantity must be a whole number of packs",
		},
	]);
});

test("an edit changes the terms and clears the volume prices when sent empty; the address stays", async () => {
	const t = await createTestApp();
	const admin = await signUpAdmin(t.app, t.db);
	const tool = ToolSchema.parse(
		(await addTool(t, admin.cookie, WHOLESALE_FIELDS)).json(),
	);
	const edited = await sendToolForm(
		t.app,
		{ method: "PUT", url: `/api/tools/${tool.id}`, cookie: admin.cookie },
		{
			...WHOLESALE_FIELDS,
			tool_name: "Hex Bolt M8 x 45",
			sku: "HB-M8-45",
			pack_size: "5",
			price_breaks: "",
			version: "1",
			available_quantity_seen: "1000",
		},
	);
	expect(edited.statusCode, edited.body).toBe(200);
	expect(ToolSchema.parse(edited.json())).toMatchObject({
		tool_name: "Hex Bolt M8 x 45",
		sku: "HB-M8-45",
		slug: "hex-bolt-m8-x-40-hb-m8-40",
		pack_size: 5,
		price_breaks: [],
	});
});

test("a search for a part number finds its tool", async () => {
	const t = await createTestApp();
	await insertTestTool(t.db, { tool_name: "Bench Vice", sku: "BV-2201" });
	await insertTestTool(t.db, { tool_name: "Pipe Wrench", sku: "PW-1180" });
	for (const q of ["BV-2201", "bv 2201", "2201"]) {
		const page = ToolPageSchema.parse(
			(
				await t.app.inject({ url: `/api/tools?q=${encodeURIComponent(q)}` })
			).json(),
		);
		expect(
			page.items.map((tool) => tool.tool_name),
			q,
		).toEqual(["Bench Vice"]);
	}
});

test("an order is priced at the volume price its quantity reaches, one piece either side of each break", async () => {
	const t = await createTestApp();
	const customer = await signUp(t.app);
	const tool = await insertTestTool(t.db, {
		price_cents: 2499,
		available_quantity: 10_000,
		minimum_quantity: 1,
		price_breaks: [
			{ min_quantity: 50, price_cents: 2250 },
			{ min_quantity: 200, price_cents: 1990 },
		],
	});
	for (const [quantity, unit] of [
		[49, 2499],
		[50, 2250],
		[199, 2250],
		[200, 1990],
	] as const) {
		const response = await postOrder(t.app, customer.cookie, {
			tool_id: tool.id,
			order_quantity: quantity,
		});
		expect(response.statusCode, response.body).toBe(201);
		const order = OrderSchema.parse(response.json());
		expect(order.total_cents, `${quantity} pieces`).toBe(quantity * unit);
		expect(order.lines[0]).toMatchObject({
			price_cents: unit,
			quantity,
			line_total_cents: quantity * unit,
		});
		// Cancelled at once: the unpaid-order limit is not what this test is about.
		await t.app.inject({
			method: "POST",
			url: `/api/orders/${order.id}/cancel`,
			headers: authHeaders(customer.cookie),
		});
	}
});

test("a quantity that is not whole packs is refused with the pack message, and no stock is taken", async () => {
	const t = await createTestApp();
	const customer = await signUp(t.app);
	const tool = await insertTestTool(t.db, {
		available_quantity: 100,
		minimum_quantity: 10,
		pack_size: 10,
	});
	const refused = await postOrder(t.app, customer.cookie, {
		tool_id: tool.id,
		order_quantity: 25,
	});
	expect(refused.statusCode).toBe(409);
	expect(ApiErrorBodySchema.parse(refused.json()).error.message).toBe(
		"Order in packs of 10 pieces.",
	);
	const checkout = await postCheckout(t.app, customer.cookie, {
		lines: [{ tool_id: tool.id, quantity: 25 }],
		fulfilment: TEST_DELIVERY,
	});
	expect(checkout.statusCode).toBe(409);
	expect(fieldErrors(checkout.body)).toEqual([
		{
			field: `lines.${tool.id}`,
			message: `${tool.tool_name}: Order in packs of 10 pieces.`,
		},
	]);
	expect(await readStock(t.db, tool.id)).toBe(100);

	const ordered = await postOrder(t.app, customer.cookie, {
		tool_id: tool.id,
		order_quantity: 30,
	});
	expect(ordered.statusCode, ordered.body).toBe(201);
	expect(await readStock(t.db, tool.id)).toBe(70);
});

test("the cart and the checkout price each line at its volume price", async () => {
	const t = await createTestApp();
	const customer = await signUp(t.app);
	const bolts = await insertTestTool(t.db, {
		price_cents: 2499,
		available_quantity: 1000,
		minimum_quantity: 10,
		pack_size: 10,
		price_breaks: [{ min_quantity: 50, price_cents: 2250 }],
	});
	const preview = await t.app.inject({
		method: "POST",
		url: "/api/cart/preview",
		headers: authHeaders(),
		payload: {
			lines: [{ tool_id: bolts.id, quantity: 50 }],
		},
	});
	expect(CartSchema.parse(preview.json())).toMatchObject({
		lines: [
			{
				unit_price_cents: 2250,
				line_total_cents: 50 * 2250,
				problem: null,
				tool: { sku: bolts.sku, pack_size: 10 },
			},
		],
		total_cents: 50 * 2250,
	});
	const oddPreview = await t.app.inject({
		method: "POST",
		url: "/api/cart/preview",
		headers: authHeaders(),
		payload: { lines: [{ tool_id: bolts.id, quantity: 55 }] },
	});
	expect(CartSchema.parse(oddPreview.json()).lines[0]?.problem).toBe(
		"Order in packs of 10 pieces.",
	);

	const checkout = await postCheckout(t.app, customer.cookie, {
		lines: [{ tool_id: bolts.id, quantity: 60 }],
		fulfilment: TEST_DELIVERY,
	});
	expect(checkout.statusCode, checkout.body).toBe(201);
	expect(OrderSchema.parse(checkout.json()).total_cents).toBe(60 * 2250);
});
