import { randomUUID } from "node:crypto";
import type { Readable } from "node:stream";
import { parse } from "csv-parse/sync";
import { expect, test } from "vitest";
import {
	authHeaders,
	type SignedIn,
	signUp,
	signUpAdmin,
} from "../../test-support/accounts.ts";
import {
	postCheckout,
	postOrder,
	postOrderAction,
	TEST_DELIVERY,
} from "../../test-support/orders.ts";
import {
	createTestApp,
	insertTestTool,
	type TestApp,
} from "../../test-support/test-app.ts";

function download(t: TestApp, cookie: string | undefined, url: string) {
	return t.app.inject({ url, headers: authHeaders(cookie) });
}

/** The rows of a CSV answer, header first; the byte order mark is checked and read past. */
function readCsv(body: string): string[][] {
	expect(body.startsWith("\uFEFF")).toBe(true);
	return parse(body.slice(1));
}

test("the tools export is a spreadsheet-safe CSV attachment, by part number, with a byte order mark", async () => {
	const t = await createTestApp();
	const admin = await signUpAdmin(t.app, t.db);
	await insertTestTool(t.db, {
		sku: "B-2",
		tool_name: '=HYPERLINK("http://evil.example","Click")',
		description: 'Ground steel, 12" long,\nwith a guard',
		price_cents: 2450,
		available_quantity: 7,
		minimum_quantity: 2,
		pack_size: 2,
		price_breaks: [
			{ min_quantity: 50, price_cents: 2250 },
			{ min_quantity: 200, price_cents: 1990 },
		],
		supplier_name: "@Supplier",
		updated_at: "2026-11-02T10:00:00.000Z",
	});
	await insertTestTool(t.db, {
		sku: "A-1",
		tool_name: "Scie égoïne",
		description: "-10% off",
		price_cents: 1000,
		supplier_name: "Forge & Co",
		updated_at: "2026-11-01T09:00:00.000Z",
	});
	const deleted = await insertTestTool(t.db, { sku: "C-3" });
	await t.db
		.updateTable("tools")
		.set({ deleted_at: new Date().toISOString() })
		.where("id", "=", deleted.id)
		.execute();

	const response = await download(
		t,
		admin.cookie,
		"/api/admin/exports/tools.csv",
	);
	expect(response.statusCode).toBe(200);
	expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
	expect(response.headers["content-disposition"]).toMatch(
		/^attachment; filename="tools-\d{4}-\d{2}-\d{2}\.csv"$/,
	);
	expect(response.headers["cache-control"]).toBe("no-store");
	// The formula is written as text, quoted, its own quotes doubled (RFC 4180).
	expect(response.body).toContain(
		`"'=HYPERLINK(""http://evil.example"",""Click"")"`,
	);
	expect(readCsv(response.body)).toEqual([
		[
			"sku",
			"tool_name",
			"description",
			"price",
			"available_quantity",
			"minimum_quantity",
			"pack_size",
			"price_breaks",
			"supplier_name",
			"updated_at",
		],
		[
			"A-1",
			"Scie égoïne",
			"'-10% off",
			"10.00",
			"100",
			"10",
			"1",
			"",
			"Forge & Co",
			"2026-11-01T09:00:00.000Z",
		],
		[
			"B-2",
			`'=HYPERLINK("http://evil.example","Click")`,
			'Ground steel, 12" long,\nwith a guard',
			"24.50",
			"7",
			"2",
			"2",
			"50:22.50; 200:19.90",
			"'@Supplier",
			"2026-11-02T10:00:00.000Z",
		],
	]);
	// Every line ends with CRLF, as RFC 4180 has it (the newline inside the description is data).
	expect(response.body.split("\r\n")).toHaveLength(4);
});

test("only an admin exports: a customer is refused, a visitor asked to sign in", async () => {
	const t = await createTestApp();
	const customer = await signUp(t.app);
	for (const url of [
		"/api/admin/exports/tools.csv",
		"/api/admin/exports/orders.csv",
	]) {
		expect((await download(t, customer.cookie, url)).statusCode).toBe(403);
		expect((await download(t, undefined, url)).statusCode).toBe(401);
	}
});

async function placeOrderAt(
	t: TestApp,
	customer: SignedIn,
	lines: { tool_id: string; quantity: number }[],
	placedAt: string,
): Promise<string> {
	const placed =
		lines.length === 1 && lines[0]
			? await postOrder(t.app, customer.cookie, {
					tool_id: lines[0].tool_id,
					order_quantity: lines[0].quantity,
				})
			: await postCheckout(t.app, customer.cookie, {
					lines,
					fulfilment: TEST_DELIVERY,
				});
	expect(placed.statusCode, placed.body).toBe(201);
	const orderId: string = placed.json().id;
	await t.db
		.updateTable("orders")
		.set({ created_at: placedAt })
		.where("id", "=", orderId)
		.execute();
	return orderId;
}

test("the orders export has a row per order line, with its invoice and the tool's part number, for the days asked", async () => {
	const t = await createTestApp();
	const admin = await signUpAdmin(t.app, t.db);
	const customer = await signUp(t.app, { name: "+Cora Customer" });
	const saw = await insertTestTool(t.db, {
		sku: "SAW-1",
		tool_name: "Saw",
		price_cents: 1500,
		minimum_quantity: 1,
	});
	const drill = await insertTestTool(t.db, {
		sku: "DRL-1",
		tool_name: "Drill",
		price_cents: 9900,
		minimum_quantity: 1,
	});
	const early = await placeOrderAt(
		t,
		customer,
		[{ tool_id: saw.id, quantity: 2 }],
		"2026-11-01T08:00:00.000Z",
	);
	const paid = await placeOrderAt(
		t,
		customer,
		[
			{ tool_id: saw.id, quantity: 3 },
			{ tool_id: drill.id, quantity: 1 },
		],
		"2026-11-02T23:59:00.000Z",
	);
	const paying = await postOrderAction(t.app, customer.cookie, paid, "payment");
	expect(paying.statusCode, paying.body).toBe(200);
	await placeOrderAt(
		t,
		customer,
		[{ tool_id: drill.id, quantity: 1 }],
		"2026-11-03T00:00:00.000Z",
	);
	const invoice = await t.db
		.selectFrom("invoices")
		.select("number")
		.where("order_id", "=", paid)
		.executeTakeFirstOrThrow();

	const response = await download(
		t,
		admin.cookie,
		"/api/admin/exports/orders.csv?from=2026-11-01&to=2026-11-02",
	);
	expect(response.statusCode).toBe(200);
	expect(response.headers["content-disposition"]).toBe(
		'attachment; filename="orders-2026-11-01-to-2026-11-02.csv"',
	);
	const [header, ...rows] = readCsv(response.body);
	expect(header).toEqual([
		"order_id",
		"placed_at",
		"paid_at",
		"status",
		"payment_method",
		"customer_email",
		"customer_name",
		"invoice_number",
		"line",
		"sku",
		"tool_name",
		"quantity",
		"unit_price",
		"line_total",
		"order_total",
	]);
	const lineOf = (row: string[] | undefined) => [
		row?.[0],
		row?.[3],
		row?.[6],
		row?.[7],
		row?.[8],
		row?.[9],
		row?.[11],
		row?.[12],
		row?.[13],
		row?.[14],
	];
	expect(rows.map(lineOf)).toEqual([
		[
			early,
			"unpaid",
			"'+Cora Customer",
			"",
			"1",
			"SAW-1",
			"2",
			"15.00",
			"30.00",
			"30.00",
		],
		[
			paid,
			"paid",
			"'+Cora Customer",
			invoice.number,
			"1",
			"SAW-1",
			"3",
			"15.00",
			"45.00",
			"144.00",
		],
		[
			paid,
			"paid",
			"'+Cora Customer",
			invoice.number,
			"2",
			"DRL-1",
			"1",
			"99.00",
			"99.00",
			"144.00",
		],
	]);
	expect(rows[0]?.[5]).toBe(customer.email);

	const all = await download(t, admin.cookie, "/api/admin/exports/orders.csv");
	expect(readCsv(all.body)).toHaveLength(5);
	const backwards = await download(
		t,
		admin.cookie,
		"/api/admin/exports/orders.csv?from=2026-11-03&to=2026-11-01",
	);
	expect(backwards.statusCode).toBe(400);
	const notADay = await download(
		t,
		admin.cookie,
		"/api/admin/exports/orders.csv?from=2026-02-30",
	);
	expect(notADay.statusCode).toBe(400);
	expect(notADay.json().error.details).toEqual([
		{ field: "from", message: "from is not a real day" },
	]);
});

/** Reads a streamed answer, counting the chunks it came in. */
async function readStream(
	stream: Readable,
): Promise<{ text: string; chunks: number }> {
	let text = "";
	let chunks = 0;
	for await (const chunk of stream) {
		chunks++;
		text += String(chunk);
	}
	return { text, chunks };
}

test("an export of 10,000 tools is written as it is read, a batch at a time, and lists every tool", async () => {
	const t = await createTestApp();
	const admin = await signUpAdmin(t.app, t.db);
	const tools = Array.from({ length: 10_000 }, (_, index) => {
		const sku = `BULK-${String(index).padStart(5, "0")}`;
		const at = new Date(Date.UTC(2026, 0, 1, 0, 0, index)).toISOString();
		return {
			id: randomUUID(),
			tool_name: `Bulk Tool ${index}`,
			description: "One of many.",
			price_cents: 1000 + index,
			available_quantity: 10,
			minimum_quantity: 1,
			img: "/images/test-tool.webp",
			img_large: "/images/test-tool.webp",
			supplier_name: "Bulk Supplier",
			supplier_email: null,
			sku,
			slug: sku.toLowerCase(),
			pack_size: 1,
			price_breaks: "[]",
			created_at: at,
			updated_at: at,
			deleted_at: null,
			version: 1,
		};
	});
	for (let start = 0; start < tools.length; start += 1000)
		await t.db
			.insertInto("tools")
			.values(tools.slice(start, start + 1000))
			.execute();

	const response = await t.app.inject({
		url: "/api/admin/exports/tools.csv",
		headers: authHeaders(admin.cookie),
		payloadAsStream: true,
	});
	expect(response.statusCode).toBe(200);
	// No length known up front: the answer is sent before the last rows are read.
	expect(response.headers["content-length"]).toBeUndefined();
	expect(response.headers["transfer-encoding"]).toBe("chunked");
	const { text, chunks } = await readStream(response.stream());
	// A batch of 500 tools at a time (the transport may join neighbours), never the file in one piece.
	expect(chunks).toBeGreaterThanOrEqual(10);
	const rows = readCsv(text);
	expect(rows).toHaveLength(10_001);
	expect(rows[1]?.[0]).toBe("BULK-00000");
	expect(rows.at(-1)?.[0]).toBe("BULK-09999");
});
