import sharp from "sharp";
import { expect, test } from "vitest";
import { ApiErrorBodySchema } from "../../../shared/api-error.ts";
import {
	type Tool,
	ToolPageSchema,
	ToolSchema,
} from "../../../shared/tools.schemas.ts";
import {
	authHeaders,
	signUp,
	signUpAdmin,
} from "../../test-support/accounts.ts";
import { postOrder } from "../../test-support/orders.ts";
import {
	createTestApp,
	listStoredImages,
	type TestApp,
} from "../../test-support/test-app.ts";
import {
	addToolAsAdmin,
	sendToolForm,
	VALID_TOOL_FIELDS,
} from "../../test-support/tools.ts";
import { getToolSnapshot } from "./tools.service.ts";

const MISSING_ID = "0b5e4bb4-5a3e-4a55-9d4c-1f7d6c1f2e3a";

/** A photo of one colour: a different colour is a different stored image. */
function solidPng(color: string, width: number, height: number) {
	return sharp({ create: { width, height, channels: 3, background: color } })
		.png()
		.toBuffer();
}

function editTool(
	t: TestApp,
	cookie: string,
	id: string,
	fields: Record<string, string>,
	photo?: Buffer,
) {
	return sendToolForm(
		t.app,
		{ method: "PUT", url: `/api/tools/${id}`, cookie },
		fields,
		photo ? [["image", photo, "new.png", "image/png"]] : [],
	);
}

function deleteTool(t: TestApp, cookie: string, id: string) {
	return t.app.inject({
		method: "DELETE",
		url: `/api/tools/${id}`,
		headers: authHeaders(cookie),
	});
}

async function readTool(t: TestApp, id: string): Promise<Tool> {
	const response = await t.app.inject({ url: `/api/tools/${id}` });
	expect(response.statusCode).toBe(200);
	return ToolSchema.parse(response.json());
}

async function listTools(t: TestApp, query = "") {
	const response = await t.app.inject({ url: `/api/tools${query}` });
	expect(response.statusCode).toBe(200);
	return ToolPageSchema.parse(response.json());
}

test("an edit made on the current version restocks and reprices the tool and moves it to the next version", async () => {
	const t = await createTestApp();
	const admin = await signUpAdmin(t.app, t.db);
	const added = await addToolAsAdmin(t.app, admin.cookie);
	const opened = await readTool(t, added.id);
	expect(opened.version).toBe(1);

	const response = await editTool(t, admin.cookie, added.id, {
		...VALID_TOOL_FIELDS,
		price: "99.95",
		available_quantity: "250",
		version: String(opened.version),
		available_quantity_seen: VALID_TOOL_FIELDS.available_quantity,
	});
	expect(response.statusCode, response.body).toBe(200);
	const edited = ToolSchema.parse(response.json());
	expect(edited).toEqual({
		...added,
		price_cents: 9995,
		available_quantity: 250,
		version: 2,
		updated_at: edited.updated_at,
	});
	expect(edited.updated_at > added.updated_at).toBe(true);
	expect(await readTool(t, added.id)).toEqual(edited);
	expect((await listTools(t)).items).toEqual([edited]);
});

test("a second edit still naming the version it was opened at is a 409 and changes nothing", async () => {
	const t = await createTestApp();
	const admin = await signUpAdmin(t.app, t.db);
	const added = await addToolAsAdmin(t.app, admin.cookie);
	const first = await editTool(t, admin.cookie, added.id, {
		...VALID_TOOL_FIELDS,
		available_quantity: "75",
		version: "1",
		available_quantity_seen: VALID_TOOL_FIELDS.available_quantity,
	});
	expect(first.statusCode, first.body).toBe(200);
	const imagesBefore = await listStoredImages(t.db);

	const stale = await editTool(
		t,
		admin.cookie,
		added.id,
		{
			...VALID_TOOL_FIELDS,
			tool_name: "Lost Update",
			price: "1.00",
			available_quantity: "1",
			version: "1",
			available_quantity_seen: VALID_TOOL_FIELDS.available_quantity,
		},
		await solidPng("#30a050", 80, 60),
	);
	expect(stale.statusCode).toBe(409);
	expect(ApiErrorBodySchema.parse(stale.json()).error.code).toBe("CONFLICT");
	expect(await readTool(t, added.id)).toEqual(first.json());
	expect(await readTool(t, added.id)).toMatchObject({
		tool_name: VALID_TOOL_FIELDS.tool_name,
		price_cents: 12950,
		available_quantity: 75,
		version: 2,
	});
	expect(await listStoredImages(t.db)).toEqual(imagesBefore);
});

test("an edit with a new photo replaces both sizes; an edit without one keeps them", async () => {
	const t = await createTestApp();
	const admin = await signUpAdmin(t.app, t.db);
	const added = await addToolAsAdmin(t.app, admin.cookie);

	const withPhoto = await editTool(
		t,
		admin.cookie,
		added.id,
		{
			...VALID_TOOL_FIELDS,
			version: "1",
			available_quantity_seen: VALID_TOOL_FIELDS.available_quantity,
		},
		await solidPng("#2050a0", 1200, 900),
	);
	expect(withPhoto.statusCode, withPhoto.body).toBe(200);
	const replaced = ToolSchema.parse(withPhoto.json());
	expect(replaced.img).not.toBe(added.img);
	expect(replaced.img_large).not.toBe(added.img_large);
	for (const url of [replaced.img, replaced.img_large])
		expect((await t.app.inject({ url })).statusCode).toBe(200);

	const withoutPhoto = await editTool(t, admin.cookie, added.id, {
		...VALID_TOOL_FIELDS,
		description: "Now with a belt clip.",
		version: "2",
		available_quantity_seen: VALID_TOOL_FIELDS.available_quantity,
	});
	expect(withoutPhoto.statusCode, withoutPhoto.body).toBe(200);
	expect(withoutPhoto.json()).toMatchObject({
		description: "Now with a belt clip.",
		img: replaced.img,
		img_large: replaced.img_large,
		version: 3,
	});
});

/** A tool with 40 in stock (minimum 2), of which a customer then orders 30. */
async function toolWithAnOrderPlacedMeanwhile() {
	const t = await createTestApp();
	const admin = await signUpAdmin(t.app, t.db);
	const added = await addToolAsAdmin(t.app, admin.cookie);
	expect(added.available_quantity).toBe(40);
	const customer = await signUp(t.app);
	const ordered = await postOrder(t.app, customer.cookie, {
		tool_id: added.id,
		order_quantity: 30,
	});
	expect(ordered.statusCode, ordered.body).toBe(201);
	return { t, admin, added };
}

test("saving a form opened before an order keeps the order's pieces out of stock; a restock adds to what is left", async () => {
	const { t, admin, added } = await toolWithAnOrderPlacedMeanwhile();
	// The form still shows the 40 it was opened with; only the price changes.
	const repriced = await editTool(t, admin.cookie, added.id, {
		...VALID_TOOL_FIELDS,
		price: "99.00",
		version: "1",
		available_quantity_seen: "40",
	});
	expect(repriced.statusCode, repriced.body).toBe(200);
	expect(ToolSchema.parse(repriced.json())).toMatchObject({
		price_cents: 9900,
		available_quantity: 10,
		version: 2,
	});

	// Opened at 40 as well, the next form adds 60 pieces: 10 left + 60.
	const restocked = await editTool(t, admin.cookie, added.id, {
		...VALID_TOOL_FIELDS,
		available_quantity: "100",
		version: "2",
		available_quantity_seen: "40",
	});
	expect(restocked.statusCode, restocked.body).toBe(200);
	expect((await readTool(t, added.id)).available_quantity).toBe(70);
});

test("an edit that takes away more pieces than orders left is a 409 naming the stock, and changes nothing", async () => {
	const { t, admin, added } = await toolWithAnOrderPlacedMeanwhile();
	const before = await readTool(t, added.id);
	const response = await editTool(t, admin.cookie, added.id, {
		...VALID_TOOL_FIELDS,
		tool_name: "Renamed Driver",
		available_quantity: "20",
		version: "1",
		available_quantity_seen: "40",
	});
	expect(response.statusCode).toBe(409);
	const message =
		"Only 10 pieces are in stock now: orders took some after the form was opened. Reload and try again.";
	expect(ApiErrorBodySchema.parse(response.json()).error).toMatchObject({
		code: "CONFLICT",
		message,
		details: [{ field: "available_quantity", message }],
	});
	expect(await readTool(t, added.id)).toEqual(before);
});

test("an edit that would take the stock above 1,000,000, after cancels put pieces back, is a 409 naming the stock, and changes nothing", async () => {
	const t = await createTestApp();
	const admin = await signUpAdmin(t.app, t.db);
	const added = await addToolAsAdmin(t.app, admin.cookie);
	const customer = await signUp(t.app);
	const ordered = await postOrder(t.app, customer.cookie, {
		tool_id: added.id,
		order_quantity: 30,
	});
	// The form is opened with 10 in stock; then the order is cancelled: 40 again.
	const cancelled = await t.app.inject({
		method: "POST",
		url: `/api/orders/${ordered.json().id}/cancel`,
		headers: authHeaders(customer.cookie),
	});
	expect(cancelled.statusCode).toBe(200);
	const before = await readTool(t, added.id);
	const response = await editTool(t, admin.cookie, added.id, {
		...VALID_TOOL_FIELDS,
		available_quantity: "1000000",
		version: "1",
		available_quantity_seen: "10",
	});
	expect(response.statusCode).toBe(409);
	expect(ApiErrorBodySchema.parse(response.json()).error.details).toEqual([
		{
			field: "available_quantity",
			message:
				"40 pieces are in stock now: orders were cancelled after the form was opened, and this change would take the stock above 1,000,000. Reload and try again.",
		},
	]);
	expect(await readTool(t, added.id)).toEqual(before);
});

test("an edit must say which stock its form showed, and name a version that can exist", async () => {
	const t = await createTestApp();
	const admin = await signUpAdmin(t.app, t.db);
	const added = await addToolAsAdmin(t.app, admin.cookie);
	for (const [fields, field, message] of [
		[
			{ ...VALID_TOOL_FIELDS, version: "1" },
			"available_quantity_seen",
			"available_quantity_seen is required",
		],
		[
			{
				...VALID_TOOL_FIELDS,
				version: "2147483648",
				available_quantity_seen: "40",
			},
			"version",
			"version must be the tool's version number",
		],
	] as const) {
		const response = await editTool(t, admin.cookie, added.id, fields);
		expect(response.statusCode).toBe(400);
		expect(ApiErrorBodySchema.parse(response.json()).error.details).toEqual([
			{ field, message },
		]);
	}
	expect(await readTool(t, added.id)).toEqual(added);
});

test("editing a deleted tool is a 404", async () => {
	const t = await createTestApp();
	const admin = await signUpAdmin(t.app, t.db);
	const added = await addToolAsAdmin(t.app, admin.cookie);
	expect((await deleteTool(t, admin.cookie, added.id)).statusCode).toBe(204);

	const response = await editTool(t, admin.cookie, added.id, {
		...VALID_TOOL_FIELDS,
		version: "1",
		available_quantity_seen: VALID_TOOL_FIELDS.available_quantity,
	});
	expect(response.statusCode).toBe(404);
	expect(ApiErrorBodySchema.parse(response.json()).error.code).toBe(
		"NOT_FOUND",
	);
	expect(await getToolSnapshot(t.db, added.id)).toMatchObject({
		tool_name: added.tool_name,
		version: 1,
	});
});

test("a deleted tool leaves the list, search and its page, yet its snapshot stays for orders", async () => {
	const t = await createTestApp();
	const admin = await signUpAdmin(t.app, t.db);
	const kept = await addToolAsAdmin(t.app, admin.cookie, {
		...VALID_TOOL_FIELDS,
		tool_name: "Claw Hammer",
	});
	const doomed = await addToolAsAdmin(t.app, admin.cookie, {
		...VALID_TOOL_FIELDS,
		tool_name: "Pipe Wrench",
		price: "34.10",
	});
	expect(
		(await listTools(t, "?q=wrench")).items.map((tool) => tool.id),
	).toEqual([doomed.id]);

	const response = await deleteTool(t, admin.cookie, doomed.id);
	expect(response.statusCode).toBe(204);
	expect(response.body).toBe("");

	const page = await listTools(t);
	expect(page.items.map((tool) => tool.id)).toEqual([kept.id]);
	expect(page.total).toBe(1);
	expect(await listTools(t, "?q=wrench")).toMatchObject({
		items: [],
		total: 0,
	});
	expect(
		(await t.app.inject({ url: `/api/tools/${doomed.id}` })).statusCode,
	).toBe(404);
	expect((await deleteTool(t, admin.cookie, doomed.id)).statusCode).toBe(404);

	const snapshot = await getToolSnapshot(t.db, doomed.id);
	expect(snapshot).toMatchObject({
		id: doomed.id,
		tool_name: "Pipe Wrench",
		price_cents: 3410,
	});
	expect(snapshot?.deleted_at).toEqual(expect.any(String));
	expect(await getToolSnapshot(t.db, kept.id)).toMatchObject({
		deleted_at: null,
	});
});

test("deleting a tool that never existed is a 404", async () => {
	const t = await createTestApp();
	const admin = await signUpAdmin(t.app, t.db);
	const response = await deleteTool(t, admin.cookie, MISSING_ID);
	expect(response.statusCode).toBe(404);
	expect(await getToolSnapshot(t.db, MISSING_ID)).toBeUndefined();
});

test("a malformed tool id is a 400 on edit and delete", async () => {
	const t = await createTestApp();
	const admin = await signUpAdmin(t.app, t.db);
	const added = await addToolAsAdmin(t.app, admin.cookie);
	const edited = await editTool(t, admin.cookie, "not-a-uuid", {
		...VALID_TOOL_FIELDS,
		version: "1",
		available_quantity_seen: VALID_TOOL_FIELDS.available_quantity,
	});
	const deleted = await deleteTool(t, admin.cookie, "not-a-uuid");
	for (const response of [edited, deleted]) {
		expect(response.statusCode).toBe(400);
		expect(ApiErrorBodySchema.parse(response.json()).error).toMatchObject({
			code: "VALIDATION_FAILED",
			details: [{ field: "toolId", message: "Tool id must be a UUID" }],
		});
	}
	expect(await readTool(t, added.id)).toEqual(added);
});
