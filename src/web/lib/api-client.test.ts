import { expect, test, vi } from "vitest";
import { ToolPageSchema } from "../../shared/tools.schemas.ts";
import {
	createFakeApi,
	errorResponse,
	jsonResponse,
} from "../test-support/fake-api.ts";
import {
	ApiError,
	apiGet,
	apiSend,
	isAnswerLost,
	NETWORK_ERROR_MESSAGE,
	TIMEOUT_MESSAGE,
} from "./api-client.ts";

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

/** A shop that never answers: the request only ends when its signal aborts. */
function answerNever() {
	vi.stubGlobal(
		"fetch",
		(_input: RequestInfo | URL, init?: RequestInit) =>
			new Promise<Response>((_resolve, reject) => {
				init?.signal?.addEventListener("abort", () =>
					reject(init.signal?.reason),
				);
			}),
	);
}

test("a request the shop does not answer within 15 seconds fails with a clear time-out", async () => {
	vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
	try {
		answerNever();
		const reading = apiGet("/api/tools", ToolPageSchema).catch(
			(caught: unknown) => caught,
		);
		const sending = apiSend("POST", "/api/orders", { tool_id: "t" }).catch(
			(caught: unknown) => caught,
		);
		let hasEnded = false;
		void Promise.race([reading, sending]).then(() => {
			hasEnded = true;
		});
		await vi.advanceTimersByTimeAsync(14_999);
		expect(hasEnded).toBe(false);
		await vi.advanceTimersByTimeAsync(1);
		for (const error of [await reading, await sending]) {
			expect(error).toEqual(new ApiError(0, "TIMEOUT", TIMEOUT_MESSAGE));
			expect(isAnswerLost(error)).toBe(true);
		}
		expect(TIMEOUT_MESSAGE).toBe(
			"The shop did not answer in time. Check your connection and try again.",
		);
	} finally {
		vi.useRealTimers();
	}
});

test("a request its caller abandons ends with the caller's reason, not a time-out", async () => {
	answerNever();
	const controller = new AbortController();
	const reading = apiGet("/api/tools", ToolPageSchema, controller.signal).catch(
		(caught: unknown) => caught,
	);
	const reason = new DOMException("no longer needed", "AbortError");
	controller.abort(reason);
	expect(await reading).toBe(reason);
});

test("only a failure with no answer from the shop counts as a lost answer", () => {
	expect(
		isAnswerLost(new ApiError(0, "NETWORK_ERROR", NETWORK_ERROR_MESSAGE)),
	).toBe(true);
	expect(
		isAnswerLost(
			new ApiError(
				502,
				"BAD_RESPONSE",
				"The shop answered with an error (502).",
			),
		),
	).toBe(true);
	expect(
		isAnswerLost(new ApiError(500, "INTERNAL_ERROR", "Something went wrong.")),
	).toBe(false);
	expect(isAnswerLost(new ApiError(409, "CONFLICT", "Stock out"))).toBe(false);
	expect(isAnswerLost(new Error("not ours"))).toBe(false);
});

test("a schema given as a loader is loaded beside the request and parses the answer", async () => {
	answerWith(() => jsonResponse({ total: 3 }));
	let isLoaded = false;
	const loadSchema = async () => {
		const { ReceivingPointCountSchema } = await import(
			"../../shared/receiving-points.schemas.ts"
		);
		isLoaded = true;
		return ReceivingPointCountSchema;
	};
	expect(await apiGet("/api/receiving-points/count", loadSchema)).toEqual({
		total: 3,
	});
	expect(isLoaded).toBe(true);

	answerWith(() => jsonResponse({ total: "three" }));
	await expect(
		apiGet("/api/receiving-points/count", loadSchema),
	).rejects.toMatchObject({ status: 200, code: "BAD_RESPONSE" });
});

test("a schema whose code cannot be downloaded fails like an unreachable shop", async () => {
	answerWith(() => jsonResponse({ total: 3 }));
	const error = await apiGet("/api/receiving-points/count", () =>
		Promise.reject(
			new TypeError("Failed to fetch dynamically imported module"),
		),
	).catch((caught: unknown) => caught);
	expect(error).toEqual(
		new ApiError(0, "NETWORK_ERROR", NETWORK_ERROR_MESSAGE),
	);
});
