import { expect, test } from "vitest";
import { PageQuerySchema } from "./paging.schemas.ts";

/** The messages a query string's page and page_size get, as a client would read them. */
function messagesFor(query: Record<string, string>): string[] {
	const result = PageQuerySchema.safeParse(query);
	return result.success
		? []
		: result.error.issues.map((issue) => issue.message);
}

test.each([
	["0x10"],
	["1e2"],
	["1.0"],
	["+1"],
	[" 1"],
	["1 "],
	[""],
	["one"],
	// Past Number.MAX_SAFE_INTEGER: it would be read as a different number than was sent.
	["99999999999999999999"],
])("page %j is refused as not a whole number", (page) => {
	expect(messagesFor({ page })).toEqual(["page must be a whole number"]);
	expect(messagesFor({ page_size: page })).toContain(
		"page_size must be a whole number",
	);
});

test.each([
	["1", 1],
	["7", 7],
	["01", 1],
	["9007199254740991", Number.MAX_SAFE_INTEGER],
])("page %j is read as %d", (page, expected) => {
	expect(PageQuerySchema.parse({ page })).toEqual({
		page: expected,
		page_size: 12,
	});
});

test.each([
	["1", 1],
	["012", 12],
	["100", 100],
])("page_size %j is read as %d", (pageSize, expected) => {
	expect(PageQuerySchema.parse({ page_size: pageSize })).toEqual({
		page: 1,
		page_size: expected,
	});
});

test("out of range values keep their own messages", () => {
	expect(messagesFor({ page: "0" })).toEqual(["page must be 1 or more"]);
	expect(messagesFor({ page: "-1" })).toEqual(["page must be 1 or more"]);
	expect(messagesFor({ page_size: "-1" })).toEqual([
		"page_size must be 1 or more",
	]);
	expect(messagesFor({ page_size: "0" })).toEqual([
		"page_size must be 1 or more",
	]);
	expect(messagesFor({ page_size: "101" })).toEqual([
		"page_size must be 100 or less",
	]);
});

test("a query with neither is the first page of the default size", () => {
	expect(PageQuerySchema.parse({})).toEqual({ page: 1, page_size: 12 });
});
