import { randomUUID } from "node:crypto";
import { expect, test } from "vitest";
import {
	authHeaders,
	signUp,
	signUpAdmin,
} from "../../test-support/accounts.ts";
import {
	createTestApp,
	insertTestTool,
	type TestApp,
} from "../../test-support/test-app.ts";
import { insertImportJob } from "./catalog-csv.repository.ts";
import {
	getJob,
	postImport,
	runImport,
	toolRow,
	toolsCsv,
} from "./catalog-csv-test-support.ts";

async function listedTools(t: TestApp) {
	return t.db
		.selectFrom("tools")
		.select([
			"sku",
			"tool_name",
			"price_cents",
			"available_quantity",
			"minimum_quantity",
			"pack_size",
			"price_breaks",
			"version",
			"img",
			"supplier_name",
		])
		.where("deleted_at", "is", null)
		.orderBy("sku")
		.execute();
}

test("a dry run reports every row's errors with its CSV line, in the form's words, and writes nothing", async () => {
	const t = await createTestApp();
	const admin = await signUpAdmin(t.app, t.db);
	const csv = toolsCsv([
		toolRow("OK-1"),
		// Starts on line 3 and runs over two lines: the rows after it are one line further on.
		toolRow("OK-2", { description: "Two\nlines" }),
		toolRow("BAD-PRICE", { price: "12.345" }),
		toolRow("BAD-NAME", { tool_name: " " }),
		toolRow("", {}),
		toolRow("OK-1", { tool_name: "Same part number again" }),
		toolRow("BAD-PACK", { minimum_quantity: "7" }),
		toolRow("BAD-BREAKS", { price_breaks: "50:30" }),
	]);
	const job = await runImport(t.app, admin.cookie, csv, "dry_run");
	expect(job.status).toBe("done");
	expect(job.processed_rows).toBe(8);
	expect(job.total_rows).toBe(8);
	expect(job.report?.applied).toBe(false);
	expect(
		job.report?.rows.map((row) => [row.line, row.sku, row.result, row.errors]),
	).toEqual([
		[2, "OK-1", "create", []],
		[3, "OK-2", "create", []],
		[
			5,
			"BAD-PRICE",
			"error",
			[
				{
					column: "price",
					message: "Price must be a number with at most two decimals",
				},
			],
		],
		[
			6,
			"BAD-NAME",
			"error",
			[{ column: "tool_name", message: "Product Name is required" }],
		],
		[7, "", "error", [{ column: "sku", message: "Part Number is required" }]],
		[
			8,
			"OK-1",
			"error",
			[{ column: "sku", message: "Part Number OK-1 is already on line 2" }],
		],
		[
			9,
			"BAD-PACK",
			"error",
			[
				{
					column: "minimum_quantity",
					message: "Minimum order quantity must be a whole number of packs",
				},
			],
		],
		[
			10,
			"BAD-BREAKS",
			"error",
			[
				{
					column: "price_breaks",
					message: "Volume prices must be below the Price",
				},
			],
		],
	]);
	expect(job.report?.message).toBe(
		"6 rows have errors: fix them and check the file again. The other rows: 2 tools to add, 0 to change, 0 unchanged.",
	);
	expect(await listedTools(t)).toEqual([]);
});

test("a row with more or fewer cells than the header is an error on its line; the others are judged", async () => {
	const t = await createTestApp();
	const admin = await signUpAdmin(t.app, t.db);
	const csv = [
		"sku,tool_name,description,price,available_quantity,minimum_quantity",
		"SHORT-1,Short row,Only five cells,10.00,5",
		"LONG-1,Long row,Seven cells,10.00,5,1,extra",
		"FINE-1,Fine row,Six cells,10.00,5,1",
		"",
	].join("\r\n");
	const job = await runImport(t.app, admin.cookie, csv, "dry_run");
	expect(
		job.report?.rows.map((row) => [row.line, row.sku, row.result, row.errors]),
	).toEqual([
		[
			2,
			"SHORT-1",
			"error",
			[{ column: "", message: "This row has 5 cells; the header has 6." }],
		],
		[
			3,
			"LONG-1",
			"error",
			[{ column: "", message: "This row has 7 cells; the header has 6." }],
		],
		[4, "FINE-1", "create", []],
	]);
});

test.each([
	[
		"an unbalanced quote",
		'sku,tool_name,description,price,available_quantity,minimum_quantity\r\nA-1,Saw,Sharp,10.00,5,1\r\n\r\nA-2,"Saw,Sharp,10.00,5,1\r\nA-3,Saw,Sharp,10.00,5,1\r\n',
		'Line 4: a quoted cell starts here and is never closed: a quote (") is missing.',
	],
	[
		"a stray quote inside a cell",
		'sku,tool_name,description,price,available_quantity,minimum_quantity\r\nA-1,12" Saw,Sharp,10.00,5,1\r\n',
		'Line 2: a cell has a quote (") in it but does not start with one: quote the whole cell and write the quote as two ("").',
	],
	[
		"no header",
		"A-1,Saw,Sharp,10.00,5,1\r\n",
		"Line 1 must be the header, naming the columns: sku, tool_name, description, price, available_quantity, minimum_quantity, pack_size, price_breaks, supplier_name, updated_at.",
	],
	[
		"an unknown column",
		"sku,tool_name,description,prcie,available_quantity,minimum_quantity\r\nA-1,Saw,Sharp,10.00,5,1\r\n",
		"Unknown columns: prcie. The columns are: sku, tool_name, description, price, available_quantity, minimum_quantity, pack_size, price_breaks, supplier_name, updated_at.",
	],
	[
		"a required column missing",
		"sku,tool_name,description,available_quantity,minimum_quantity\r\nA-1,Saw,Sharp,5,1\r\n",
		"The header has no price column: every row needs sku, tool_name, description, price, available_quantity, minimum_quantity.",
	],
	[
		"an empty file",
		"",
		"The file is empty. Line 1 must be the header, naming the columns: sku, tool_name, description, price, available_quantity, minimum_quantity, pack_size, price_breaks, supplier_name, updated_at.",
	],
	[
		"a header without rows",
		"sku,tool_name,description,price,available_quantity,minimum_quantity\r\n",
		"The file has a header but no rows: add a row per tool.",
	],
])(
	"a file with %s is refused whole with a 400 that says where",
	async (_case, csv, message) => {
		const t = await createTestApp();
		const admin = await signUpAdmin(t.app, t.db);
		const response = await postImport(t.app, admin.cookie, csv, "dry_run");
		expect(response.statusCode, response.body).toBe(400);
		expect(response.json().error.message).toBe(message);
		const jobs = await t.db.selectFrom("import_jobs").selectAll().execute();
		expect(jobs).toEqual([]);
	},
);

test("a file that is not UTF-8 is refused, and a byte order mark is read past", async () => {
	const t = await createTestApp();
	const admin = await signUpAdmin(t.app, t.db);
	const latin1 = Buffer.from(
		toolsCsv([toolRow("A-1", { tool_name: "Scie égoïne" })]),
		"latin1",
	);
	const refused = await postImport(t.app, admin.cookie, latin1, "dry_run");
	expect(refused.statusCode).toBe(400);
	expect(refused.json().error.message).toBe(
		'The file is not UTF-8 text. Save it as "CSV UTF-8" and try again.',
	);
	const withBom = `\uFEFF${toolsCsv([toolRow("A-1", { tool_name: "Scie égoïne" })])}`;
	const job = await runImport(t.app, admin.cookie, withBom, "apply");
	expect(job.report?.created).toBe(1);
	const [tool] = await listedTools(t);
	expect(tool?.tool_name).toBe("Scie égoïne");
});

test("a file over 5 MB or 20,000 rows is refused with a 413, and a bad mode or no file with a 400", async () => {
	const t = await createTestApp();
	const admin = await signUpAdmin(t.app, t.db);
	const header =
		"sku,tool_name,description,price,available_quantity,minimum_quantity\r\n";
	const huge = header + "X".repeat(5 * 1024 * 1024);
	const tooBig = await postImport(t.app, admin.cookie, huge, "dry_run");
	expect(tooBig.statusCode).toBe(413);
	expect(tooBig.json().error).toEqual({
		code: "PAYLOAD_TOO_LARGE",
		message: "The file is larger than 5 MB: split it into smaller files.",
	});
	const manyRows =
		header +
		Array.from(
			{ length: 20_001 },
			(_, index) => `R-${index},n,d,1.00,1,1\r\n`,
		).join("");
	const tooMany = await postImport(t.app, admin.cookie, manyRows, "dry_run");
	expect(tooMany.statusCode).toBe(413);
	expect(tooMany.json().error.message).toBe(
		"The file has more than 20,000 rows: split it into smaller files.",
	);
	const badMode = await postImport(
		t.app,
		admin.cookie,
		toolsCsv([toolRow("A-1")]),
		"now",
	);
	expect(badMode.statusCode).toBe(400);
	expect(badMode.json().error.details).toEqual([
		{
			field: "mode",
			message: "mode must be dry_run (check the file) or apply (import it)",
		},
	]);
	const noFile = await t.app.inject({
		method: "POST",
		url: "/api/admin/imports/tools",
		headers: authHeaders(admin.cookie),
		payload: { mode: "apply" },
	});
	expect(noFile.statusCode).toBe(400);
});

test("apply adds new tools and changes existing ones by part number, and the catalog list shows them at once", async () => {
	const now = 0;
	const t = await createTestApp({ clock: () => now });
	const admin = await signUpAdmin(t.app, t.db, { name: "Ada Admin" });
	const existing = await insertTestTool(t.db, {
		sku: "OLD-1",
		tool_name: "Old Saw",
		price_cents: 1000,
		available_quantity: 4,
		minimum_quantity: 1,
	});
	// The list is read, and cached, before the import: the clock never moves on, so only the
	// import forgetting the catalog's version shows its tools.
	const before = await t.app.inject({ url: "/api/tools" });
	expect(before.json().total).toBe(1);
	const csv = toolsCsv([
		toolRow("old-1", {
			tool_name: "Old Saw, Sharpened",
			price: "12.00",
			available_quantity: "40",
			minimum_quantity: "5",
			pack_size: "5",
			price_breaks: "",
		}),
		toolRow("NEW-1"),
	]);
	const job = await runImport(t.app, admin.cookie, csv, "apply");
	expect(job.status).toBe("done");
	expect(job.report).toMatchObject({
		applied: true,
		created: 1,
		updated: 1,
		unchanged: 0,
		failed: 0,
		message: "Imported: 1 tool added, 1 changed, 0 unchanged.",
	});
	const tools = await listedTools(t);
	expect(tools.map(({ img: _img, ...tool }) => tool)).toEqual([
		{
			sku: "NEW-1",
			tool_name: "Imported Tool NEW-1",
			price_cents: 2450,
			available_quantity: 100,
			minimum_quantity: 10,
			pack_size: 5,
			price_breaks: JSON.stringify([
				{ min_quantity: 50, price_cents: 2250 },
				{ min_quantity: 200, price_cents: 1990 },
			]),
			version: 1,
			supplier_name: "Ada Admin",
		},
		{
			sku: "OLD-1",
			tool_name: "Old Saw, Sharpened",
			price_cents: 1200,
			available_quantity: 40,
			minimum_quantity: 5,
			pack_size: 5,
			price_breaks: "[]",
			version: 2,
			supplier_name: existing.supplier_name,
		},
	]);
	// A new tool shows the shop's placeholder photo, stored like any other image.
	const newTool = tools.find((tool) => tool.sku === "NEW-1");
	const photo = await t.app.inject({ url: newTool?.img ?? "" });
	expect(photo.statusCode).toBe(200);
	expect(photo.headers["content-type"]).toBe("image/webp");
	const after = await t.app.inject({ url: "/api/tools" });
	expect(
		after
			.json()
			.items.map((tool: { sku: string }) => tool.sku)
			.sort(),
	).toEqual(["NEW-1", "OLD-1"]);
});

test("a column left out keeps each tool's own pack size and volume prices, and is checked with them", async () => {
	const t = await createTestApp();
	const admin = await signUpAdmin(t.app, t.db);
	await insertTestTool(t.db, {
		sku: "PACKED-1",
		price_cents: 3000,
		minimum_quantity: 6,
		pack_size: 6,
		price_breaks: [{ min_quantity: 60, price_cents: 2500 }],
	});
	const columns = [
		"sku",
		"tool_name",
		"description",
		"price",
		"available_quantity",
		"minimum_quantity",
	];
	const csv = toolsCsv(
		[
			toolRow("PACKED-1", { price: "31.00", minimum_quantity: "12" }),
			toolRow("PACKED-1B", { minimum_quantity: "3" }),
			// Not a whole number of the tool's packs of 6.
			toolRow("PACKED-1", { price: "31.00", minimum_quantity: "8" }),
		],
		columns,
	);
	const job = await runImport(t.app, admin.cookie, csv, "dry_run");
	expect(
		job.report?.rows.map((row) => [row.line, row.result, row.errors]),
	).toEqual([
		[2, "update", []],
		[3, "create", []],
		[
			4,
			"error",
			[
				{
					column: "minimum_quantity",
					message: "Minimum order quantity must be a whole number of packs",
				},
				{ column: "sku", message: "Part Number PACKED-1 is already on line 2" },
			],
		],
	]);
});

test("importing the same file again changes nothing: no tool created or updated, no version moved", async () => {
	const t = await createTestApp();
	const admin = await signUpAdmin(t.app, t.db);
	const csv = toolsCsv([
		toolRow("SAME-1"),
		toolRow("SAME-2", { tool_name: '=HYPERLINK("http://x")' }),
	]);
	const first = await runImport(t.app, admin.cookie, csv, "apply");
	expect(first.report).toMatchObject({ created: 2, updated: 0 });
	const before = await listedTools(t);
	const second = await runImport(t.app, admin.cookie, csv, "apply");
	expect(second.status).toBe("done");
	expect(second.report).toMatchObject({
		applied: true,
		created: 0,
		updated: 0,
		unchanged: 2,
		message: "Imported: 0 tools added, 0 changed, 2 unchanged.",
	});
	expect(await listedTools(t)).toEqual(before);
});

test("an apply with one bad row writes nothing, and its report says why", async () => {
	const t = await createTestApp();
	const admin = await signUpAdmin(t.app, t.db);
	await insertTestTool(t.db, { sku: "KEEP-1", tool_name: "Kept As Is" });
	const before = await listedTools(t);
	const csv = toolsCsv([
		toolRow("KEEP-1", { tool_name: "Renamed" }),
		toolRow("NEW-2"),
		toolRow("NEW-3", { available_quantity: "-1" }),
	]);
	const job = await runImport(t.app, admin.cookie, csv, "apply");
	expect(job.status).toBe("failed");
	expect(job.report).toMatchObject({
		applied: false,
		failed: 1,
		message:
			"Nothing was imported: 1 row has errors. An import writes every row or none; fix them and import the file again.",
	});
	expect(job.report?.rows.at(-1)).toEqual({
		line: 4,
		sku: "NEW-3",
		result: "error",
		errors: [
			{
				column: "available_quantity",
				message: "Quantity must be a whole number, 0 or more",
			},
		],
	});
	expect(await listedTools(t)).toEqual(before);
});

test("an exported catalog imports back unchanged, formula-like names included", async () => {
	const t = await createTestApp();
	const admin = await signUpAdmin(t.app, t.db);
	await insertTestTool(t.db, {
		sku: "RT-1",
		tool_name: '=HYPERLINK("http://evil")',
	});
	await insertTestTool(t.db, {
		sku: "RT-2",
		tool_name: "'+quoted",
		description: 'Line one\nLine "two", with a comma',
		pack_size: 2,
		minimum_quantity: 2,
		price_breaks: [{ min_quantity: 10, price_cents: 1500 }],
	});
	const exported = await t.app.inject({
		url: "/api/admin/exports/tools.csv",
		headers: authHeaders(admin.cookie),
	});
	expect(exported.statusCode).toBe(200);
	const job = await runImport(
		t.app,
		admin.cookie,
		exported.rawPayload,
		"apply",
	);
	expect(job.report).toMatchObject({
		created: 0,
		updated: 0,
		unchanged: 2,
		failed: 0,
	});
});

test("an admin runs one import at a time; a job abandoned by a stopped server frees them and reads as failed", async () => {
	const t = await createTestApp();
	const admin = await signUpAdmin(t.app, t.db);
	const csv = toolsCsv([toolRow("ONE-1")]);
	const startedAt = new Date(Date.now() - 60_000).toISOString();
	// A job of theirs that another instance is running now.
	await insertImportJob(t.db, {
		id: randomUUID(),
		admin_user_id: admin.userId,
		mode: "apply",
		total_rows: 10,
		created_at: startedAt,
	});
	const refused = await postImport(t.app, admin.cookie, csv, "dry_run");
	expect(refused.statusCode).toBe(409);
	expect(refused.json().error.message).toBe(
		"An import of yours is still running: wait for it to finish before starting another.",
	);
	// Its instance stops: after ten minutes without progress the job is given up.
	const abandonedId = randomUUID();
	await t.db.deleteFrom("import_jobs").execute();
	await insertImportJob(t.db, {
		id: abandonedId,
		admin_user_id: admin.userId,
		mode: "apply",
		total_rows: 10,
		created_at: new Date(Date.now() - 11 * 60_000).toISOString(),
	});
	const abandoned = await getJob(t.app, admin.cookie, abandonedId);
	expect(abandoned.json()).toMatchObject({
		status: "failed",
		report: {
			applied: false,
			message:
				"The import stopped before it finished (the server stopped). An import writes every row or none: check the file again to see where the catalog stands.",
		},
	});
	const job = await runImport(t.app, admin.cookie, csv, "dry_run");
	expect(job.status).toBe("done");
});

test("an admin sees only their own jobs; a customer none", async () => {
	const t = await createTestApp();
	const admin = await signUpAdmin(t.app, t.db);
	const otherAdmin = await signUpAdmin(t.app, t.db);
	const customer = await signUp(t.app);
	const job = await runImport(
		t.app,
		admin.cookie,
		toolsCsv([toolRow("MINE-1")]),
		"dry_run",
	);
	expect((await getJob(t.app, otherAdmin.cookie, job.job_id)).statusCode).toBe(
		404,
	);
	expect((await getJob(t.app, customer.cookie, job.job_id)).statusCode).toBe(
		403,
	);
	expect((await getJob(t.app, undefined, job.job_id)).statusCode).toBe(401);
	const started = await postImport(
		t.app,
		customer.cookie,
		toolsCsv([toolRow("MINE-2")]),
		"apply",
	);
	expect(started.statusCode).toBe(403);
	expect((await getJob(t.app, admin.cookie, job.job_id)).statusCode).toBe(200);
});
