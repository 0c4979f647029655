import fs from "node:fs";
import path from "node:path";
import { afterEach, expect, test } from "vitest";
import { buildApp } from "../../app.ts";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";
import { createDb } from "../db/database.ts";

let t: TestApp | undefined;
afterEach(async () => {
	await t?.close();
	t = undefined;
});

function writeWebBuild(dataDir: string): string {
	// Installed under a folder named "assets": only the build's own assets folder is immutable.
	const webRoot = path.join(dataDir, "assets", "web");
	fs.mkdirSync(path.join(webRoot, "assets"), { recursive: true });
	fs.writeFileSync(
		path.join(webRoot, "index.html"),
		"<!doctype html><title>Tools Gallery</title>",
	);
	fs.writeFileSync(
		path.join(webRoot, "assets", "index-abc123.js"),
		"console.log('app')",
	);
	fs.writeFileSync(
		path.join(webRoot, "favicon.svg"),
		"<svg xmlns='http://www.w3.org/2000/svg'/>",
	);
	fs.writeFileSync(path.join(webRoot, ".env"), "SECRET=never-served");
	return webRoot;
}

async function createAppWithWebBuild(): Promise<TestApp> {
	const probe = await createTestApp();
	const webRoot = writeWebBuild(probe.dataDir);
	await probe.app.close();
	// Rebuild on the same data directory and database, now with the web build in place.
	const app = await buildApp({
		config: { ...probe.config, webRoot },
		db: probe.db,
		images: probe.images,
	});
	return { ...probe, app };
}

test("every response carries the security headers", async () => {
	t = await createTestApp();
	const response = await t.app.inject({ url: "/api/health" });
	const csp = String(response.headers["content-security-policy"]);
	expect(csp).toContain("script-src 'self'");
	expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
	expect(csp).toContain("frame-ancestors 'none'");
	expect(csp).toContain("style-src 'self';");
	expect(response.headers["x-frame-options"]).toBe("DENY");
	expect(response.headers["x-content-type-options"]).toBe("nosniff");
	expect(response.headers["referrer-policy"]).toBe(
		"strict-origin-when-cross-origin",
	);
	expect(response.headers["x-powered-by"]).toBeUndefined();
	expect(response.headers["strict-transport-security"]).toBeUndefined();
});

test("HSTS is sent when the shop's public URL is https", async () => {
	t = await createTestApp({
		config: { publicUrl: "https://shop.example.com" },
	});
	const response = await t.app.inject({ url: "/api/health" });
	expect(response.headers["strict-transport-security"]).toContain(
		"max-age=31536000",
	);
	expect(String(response.headers["content-security-policy"])).toContain(
		"upgrade-insecure-requests",
	);
});

test("an unknown API path is a JSON 404 in the error envelope", async () => {
	t = await createTestApp();
	const response = await t.app.inject({ url: "/api/no-such-thing?x=1" });
	expect(response.statusCode).toBe(404);
	expect(response.headers["content-type"]).toContain("application/json");
	expect(response.json()).toEqual({
		error: {
			code: "NOT_FOUND",
			message: "No route for GET /api/no-such-thing",
		},
	});
});

test("a method the API does not offer is a JSON 404", async () => {
	t = await createTestApp();
	const response = await t.app.inject({ method: "DELETE", url: "/api/tools" });
	expect(response.statusCode).toBe(404);
	expect(response.json().error.code).toBe("NOT_FOUND");
});

test("health answers while the process is up; ready answers while the database does", async () => {
	t = await createTestApp();
	expect((await t.app.inject({ url: "/api/health" })).json()).toEqual({
		status: "ok",
	});
	const ready = await t.app.inject({ url: "/api/ready" });
	expect(ready.statusCode).toBe(200);
	expect(ready.json()).toEqual({ status: "ready" });

	// Nothing listens on port 1: the database is unreachable.
	const lostDb = createDb({
		kind: "postgres",
		url: "postgres://shop@127.0.0.1:1/shop",
	});
	const app = await buildApp({
		config: t.config,
		db: lostDb,
		images: t.images,
	});
	try {
		const notReady = await app.inject({ url: "/api/ready" });
		expect(notReady.statusCode).toBe(503);
		expect(notReady.json()).toEqual({
			error: {
				code: "SERVICE_UNAVAILABLE",
				message: "The database is not reachable",
			},
		});
		expect((await app.inject({ url: "/api/health" })).statusCode).toBe(200);
	} finally {
		await app.close();
		await lostDb.destroy();
	}
});

test("the OpenAPI document describes every public route", async () => {
	t = await createTestApp();
	const response = await t.app.inject({ url: "/api/openapi.json" });
	expect(response.statusCode).toBe(200);
	const document = response.json();
	expect(document.openapi).toMatch(/^3\./);
	expect(Object.keys(document.paths).sort()).toEqual([
		"/api/blog-posts",
		"/api/blog-posts/{slug}",
		"/api/faqs",
		"/api/health",
		"/api/ready",
		"/api/reviews",
		"/api/tools",
		"/api/tools/{toolId}",
	]);
	const toolList = document.paths["/api/tools"].get;
	expect(
		toolList.parameters.map((parameter: { name: string }) => parameter.name),
	).toEqual(["page", "page_size"]);
	expect(
		toolList.responses["200"].content["application/json"].schema.properties
			.items,
	).toBeDefined();
});

test("the API reference is browsable and loads no inline script", async () => {
	t = await createTestApp();
	const page = await t.app.inject({ url: "/api/docs/" });
	expect(page.statusCode).toBe(200);
	expect(page.headers["content-type"]).toContain("text/html");
	const scriptTags = page.body.match(/<script\b[^>]*>/g) ?? [];
	expect(scriptTags.length).toBeGreaterThan(0);
	for (const tag of scriptTags) expect(tag).toMatch(/\ssrc="[^"]+"/);
	expect(page.headers["content-security-policy"]).toContain(
		"script-src 'self';",
	);
});

test("the web app is served with history fallback and cache headers", async () => {
	t = await createAppWithWebBuild();

	const home = await t.app.inject({ url: "/" });
	expect(home.statusCode).toBe(200);
	expect(home.body).toContain("<title>Tools Gallery</title>");
	expect(home.headers["cache-control"]).toBe("no-cache");

	const deepLink = await t.app.inject({ url: "/my-portfolio/education?tab=1" });
	expect(deepLink.statusCode).toBe(200);
	expect(deepLink.body).toContain("<title>Tools Gallery</title>");
	expect(deepLink.headers["cache-control"]).toBe("no-cache");

	const asset = await t.app.inject({ url: "/assets/index-abc123.js" });
	expect(asset.statusCode).toBe(200);
	expect(asset.headers["cache-control"]).toBe(
		"public, max-age=31536000, immutable",
	);
	expect(asset.headers["content-security-policy"]).toBeDefined();

	expect(
		(await t.app.inject({ url: "/favicon.svg" })).headers["cache-control"],
	).toBe("public, max-age=3600");
	expect((await t.app.inject({ url: "/missing-file.png" })).statusCode).toBe(
		404,
	);

	const api = await t.app.inject({ url: "/api/missing" });
	expect(api.statusCode).toBe(404);
	expect(api.json().error.code).toBe("NOT_FOUND");

	const post = await t.app.inject({ method: "POST", url: "/home" });
	expect(post.statusCode).toBe(404);

	expect((await t.app.inject({ url: "/.env" })).statusCode).toBe(404);

	const badRange = await t.app.inject({
		url: "/assets/index-abc123.js",
		headers: { range: "bytes=999-" },
	});
	expect(badRange.statusCode).toBe(416);
	expect(badRange.json().error.code).toBe("BAD_REQUEST");
});

test("a malformed URL gets the error envelope and the security headers too", async () => {
	t = await createTestApp();
	const response = await t.app.inject({ url: "/api/tools/%E0%A4%A" });
	expect(response.statusCode).toBe(400);
	expect(response.json()).toEqual({
		error: {
			code: "BAD_REQUEST",
			message: "'/api/tools/%E0%A4%A' is not a valid url component",
		},
	});
	expect(response.headers["content-security-policy"]).toContain(
		"script-src 'self'",
	);
	expect(response.headers["x-content-type-options"]).toBe("nosniff");
});

test("a parameter as long as the schema allows reaches the schema, not a router limit", async () => {
	t = await createTestApp();
	const longestSlug = "a".repeat(120);
	const response = await t.app.inject({
		url: `/api/blog-posts/${longestSlug}`,
	});
	expect(response.statusCode).toBe(404);
	expect(response.json().error.code).toBe("NOT_FOUND");
});
