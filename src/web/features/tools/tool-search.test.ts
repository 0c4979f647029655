import { expect, test } from "vitest";
import { SEARCH_QUERY_MAX_LENGTH as API_LIMIT } from "../../../shared/tools.schemas.ts";
import { SEARCH_QUERY_MAX_LENGTH } from "./tool-search.ts";

test("the search box allows what the API takes, no more and no less", () => {
	expect(SEARCH_QUERY_MAX_LENGTH).toBe(API_LIMIT);
});
