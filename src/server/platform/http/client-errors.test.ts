import type { AddressInfo } from "node:net";
import { expect, test } from "vitest";
import { connectRaw } from "../../test-support/raw-socket.ts";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";

async function listen(t: TestApp): Promise<number> {
	await t.app.listen({ port: 0, host: "127.0.0.1" });
	return (t.app.server.address() as AddressInfo).port;
}

/** Sends raw bytes and reads the answer up to the server closing the connection. */
async function sendRaw(port: number, request: string) {
	const client = await connectRaw(port);
	client.socket.write(request);
	await client.closed;
	return parseAnswer(client.received());
}

function parseAnswer(raw: string) {
	const [head = "", body = ""] = raw.split("\r\n\r\n");
	const [statusLine = "", ...headerLines] = head.split("\r\n");
	const headers = Object.fromEntries(
		headerLines.map((line) => {
			const colon = line.indexOf(":");
			return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
		}),
	);
	return { status: Number(statusLine.split(" ")[1]), headers, body };
}

function expectEnvelopeWithSecurityHeaders(
	answer: ReturnType<typeof parseAnswer>,
	code: string,
) {
	expect(answer.headers["content-type"]).toMatch(/^application\/json/);
	expect(JSON.parse(answer.body)).toEqual({
		error: { code, message: expect.any(String) },
	});
	expect(answer.headers["content-security-policy"]).toContain(
		"frame-ancestors 'none'",
	);
	expect(answer.headers["x-content-type-options"]).toBe("nosniff");
	expect(answer.headers["x-frame-options"]).toBe("DENY");
	expect(answer.headers.connection).toBe("close");
	expect(answer.headers["cache-control"]).toBe("no-store");
}

test("headers too large are a 431 in the error envelope, with the security headers", async () => {
	const port = await listen(await createTestApp());
	const answer = await sendRaw(
		port,
		`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`,
	);
	expect(answer.status).toBe(431);
	expectEnvelopeWithSecurityHeaders(answer, "BAD_REQUEST");
});

test("a request the HTTP parser rejects is a 400 in the error envelope, with the security headers", async () => {
	const port = await listen(await createTestApp());
	const answer = await sendRaw(
		port,
		"POST /api/tools HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n",
	);
	expect(answer.status).toBe(400);
	expectEnvelopeWithSecurityHeaders(answer, "BAD_REQUEST");
});

test("an HTTP/1.1 request without a Host header is a 400 in the error envelope, with the security headers", async () => {
	const port = await listen(await createTestApp());
	const answer = await sendRaw(port, "GET /api/health HTTP/1.1\r\n\r\n");
	expect(answer.status).toBe(400);
	expectEnvelopeWithSecurityHeaders(answer, "BAD_REQUEST");
	expect(JSON.parse(answer.body).error.message).toContain("Host");
});

test("a request arriving while the server shuts down is a 503 in the error envelope, with the security headers", async () => {
	const t = await createTestApp();
	const port = await listen(t);
	const client = await connectRaw(port);
	// Headers not yet finished: the connection is busy, so the server waits for this request.
	client.socket.write("GET /api/health HTTP/1.1\r\nHost: x\r\n");
	await new Promise((resolve) => setTimeout(resolve, 100));

	const closing = t.close();
	client.socket.write("\r\n");
	await client.closed;
	await closing;

	const answer = parseAnswer(client.received());
	expect(answer.status).toBe(503);
	expectEnvelopeWithSecurityHeaders(answer, "SERVICE_UNAVAILABLE");
});
