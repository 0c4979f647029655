import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, test } from "vitest";
import { ToolPageSchema } from "../../shared/tools.schemas.ts";
import { ApiError, apiGet } from "./api-client.ts";

// A real loopback server stands in for the shop's API.
let baseUrl = "";
const server = http.createServer((request, response) => {
	const send = (status: number, body: string) => {
		response.writeHead(status, { "content-type": "application/json" });
		response.end(body);
	};
	if (request.url === "/ok")
		return send(
			200,
			JSON.stringify({ items: [], page: 1, page_size: 12, total: 0 }),
		);
	if (request.url === "/missing")
		return send(
			404,
			JSON.stringify({
				error: { code: "NOT_FOUND", message: "Tool not found" },
			}),
		);
	if (request.url === "/odd")
		return send(200, JSON.stringify({ items: "nope" }));
	if (request.url === "/html-error") {
		response.writeHead(502, { "content-type": "text/html" });
		return response.end("<h1>Bad gateway</h1>");
	}
	send(500, "{}");
});

beforeAll(async () => {
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

test("an answer is parsed with the shared schema", async () => {
	expect(await apiGet(`${baseUrl}/ok`, ToolPageSchema)).toEqual({
		items: [],
		page: 1,
		page_size: 12,
		total: 0,
	});
});

test("an error answer becomes an ApiError with the server's code and message", async () => {
	await expect(apiGet(`${baseUrl}/missing`, ToolPageSchema)).rejects.toEqual(
		new ApiError(404, "NOT_FOUND", "Tool not found"),
	);
});

test("an answer that does not match the contract is reported, not passed on", async () => {
	const error = await apiGet(`${baseUrl}/odd`, ToolPageSchema).catch(
		(caught: unknown) => caught,
	);
	expect(error).toBeInstanceOf(ApiError);
	expect(error).toMatchObject({ status: 200, code: "BAD_RESPONSE" });
});

test("an error page that is not JSON still gives a clear error", async () => {
	const error = await apiGet(`${baseUrl}/html-error`, ToolPageSchema).catch(
		(caught: unknown) => caught,
	);
	expect(error).toMatchObject({
		status: 502,
		code: "BAD_RESPONSE",
		message: "The shop answered with an error (502).",
	});
});

test("an unreachable server is a network error the page can show", async () => {
	const error = await apiGet(
		"http://127.0.0.1:1/api/tools",
		ToolPageSchema,
	).catch((caught: unknown) => caught);
	expect(error).toMatchObject({ status: 0, code: "NETWORK_ERROR" });
});
