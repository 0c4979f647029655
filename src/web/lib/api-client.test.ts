import { expect, test, vi } from "vitest";
import { ToolPageSchema } from "../../shared/tools.schemas.ts";
import {
	createFakeApi,
	errorResponse,
	jsonResponse,
} from "../test-support/fake-api.ts";
import { ApiError, apiGet } from "./api-client.ts";

function answerWith(answer: () => Response) {
	vi.stubGlobal("fetch", createFakeApi(answer).fetch);
}

test("an answer is parsed with the shared schema", async () => {
	answerWith(() =>
		jsonResponse({ items: [], page: 1, page_size: 12, total: 0 }),
	);
	expect(await apiGet("/api/tools", ToolPageSchema)).toEqual({
		items: [],
		page: 1,
		page_size: 12,
		total: 0,
	});
});

test("an error answer becomes an ApiError with the server's code and message", async () => {
	answerWith(() => errorResponse(404, "NOT_FOUND", "Tool not found"));
	await expect(apiGet("/api/tools/x", ToolPageSchema)).rejects.toEqual(
		new ApiError(404, "NOT_FOUND", "Tool not found"),
	);
});

test("an answer that does not match the contract is reported, not passed on", async () => {
	answerWith(() => jsonResponse({ items: "nope" }));
	const error = await apiGet("/api/tools", ToolPageSchema).catch(
		(caught: unknown) => caught,
	);
	expect(error).toBeInstanceOf(ApiError);
	expect(error).toMatchObject({ status: 200, code: "BAD_RESPONSE" });
});

test("an error page that is not JSON still gives a clear error", async () => {
	answerWith(
		() =>
			new Response("<h1>Bad gateway</h1>", {
				status: 502,
				headers: { "content-type": "text/html" },
			}),
	);
	const error = await apiGet("/api/tools", ToolPageSchema).catch(
		(caught: unknown) => caught,
	);
	expect(error).toMatchObject({
		status: 502,
		code: "BAD_RESPONSE",
		message: "The shop answered with an error (502).",
	});
});

test("an unreachable server is a network error the page can show", async () => {
	answerWith(() => {
		throw new TypeError("Failed to fetch");
	});
	const error = await apiGet("/api/tools", ToolPageSchema).catch(
		(caught: unknown) => caught,
	);
	expect(error).toMatchObject({ status: 0, code: "NETWORK_ERROR" });
});
