import { expect, test } from "vitest";
import { ToolPageSchema, ToolSchema } from "../../../shared/tools.schemas.ts";
import { authHeaders, signUpAdmin } from "../../test-support/accounts.ts";
import { createTestApp } from "../../test-support/test-app.ts";
import {
	addToolAsAdmin,
	sendToolForm,
	VALID_TOOL_FIELDS,
} from "../../test-support/tools.ts";

/** A moment later than anything stored so far: times are kept to the millisecond. */
async function nextMillisecond(): Promise<string> {
	const at = new Date().toISOString();
	await new Promise((resolve) => setTimeout(resolve, 5));
	return at;
}

test("updated_since lists the tools edited or added since then, oldest change first, and leaves out the deleted", async () => {
	const t = await createTestApp({ seed: false });
	const admin = await signUpAdmin(t.app, t.db);
	const addNamed = (tool_name: string) =>
		addToolAsAdmin(t.app, admin.cookie, { ...VALID_TOOL_FIELDS, tool_name });
	const plane = await addNamed("Jack Plane");
	await addNamed("Spokeshave");
	const scraper = await addNamed("Card Scraper");
	const since = await nextMillisecond();

	const edited = await sendToolForm(
		t.app,
		{ method: "PUT", url: `/api/tools/${plane.id}`, cookie: admin.cookie },
		{
			...VALID_TOOL_FIELDS,
			tool_name: "Jack Plane No. 5",
			version: String(plane.version),
			available_quantity_seen: String(plane.available_quantity),
		},
	);
	expect(edited.statusCode).toBe(200);
	await nextMillisecond();
	const deleted = await t.app.inject({
		method: "DELETE",
		url: `/api/tools/${scraper.id}`,
		headers: authHeaders(admin.cookie),
	});
	expect(deleted.statusCode).toBe(204);
	await nextMillisecond();
	const added = await addNamed("Mortise Chisel");

	const response = await t.app.inject({
		url: `/api/tools?updated_since=${since}`,
	});
	expect(response.statusCode).toBe(200);
	const page = ToolPageSchema.parse(response.json());
	expect(page.items.map((tool) => tool.tool_name)).toEqual([
		"Jack Plane No. 5",
		"Mortise Chisel",
	]);
	expect(page.total).toBe(2);
	expect(page.items[1]).toEqual(ToolSchema.parse(added));
	const [first, second] = page.items;
	expect(first && second && first.updated_at < second.updated_at).toBe(true);
	expect(first && first.updated_at >= since).toBe(true);
	expect(first?.created_at).toBe(plane.created_at);

	// Paged in the same order.
	const secondPage = ToolPageSchema.parse(
		(
			await t.app.inject({
				url: `/api/tools?updated_since=${since}&page=2&page_size=1`,
			})
		).json(),
	);
	expect(secondPage.items.map((tool) => tool.tool_name)).toEqual([
		"Mortise Chisel",
	]);
});

test("updated_since beside a search, or malformed, is a 400 naming the field; the plain list is unchanged", async () => {
	const t = await createTestApp({ seed: false });
	const admin = await signUpAdmin(t.app, t.db);
	await addToolAsAdmin(t.app, admin.cookie);

	const withSearch = await t.app.inject({
		url: "/api/tools?updated_since=2026-01-01T00:00:00Z&q=driver",
	});
	expect(withSearch.statusCode).toBe(400);
	expect(withSearch.json()).toEqual({
		error: {
			code: "VALIDATION_FAILED",
			message: "Invalid querystring: q",
			details: [{ field: "q", message: "q cannot be used with updated_since" }],
		},
	});

	const malformed = await t.app.inject({
		url: "/api/tools?updated_since=2026-13-45",
	});
	expect(malformed.statusCode).toBe(400);
	expect(malformed.json().error.details).toEqual([
		{
			field: "updated_since",
			message:
				"updated_since must be an ISO-8601 date and time, such as 2026-12-01T09:00:00Z",
		},
	]);

	const plain = ToolPageSchema.parse(
		(await t.app.inject({ url: "/api/tools" })).json(),
	);
	expect(plain.items.map((tool) => tool.tool_name)).toEqual([
		VALID_TOOL_FIELDS.tool_name,
	]);
});
