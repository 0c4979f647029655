import { randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import { expect, onTestFinished, test } from "vitest";
import { buildApp } from "../../app.ts";
import { listRoutes } from "../../test-support/routes.ts";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";
import { createDb } from "../db/database.ts";

const ASSET_SOURCE = "console.log('app')";

function writeWebBuild(dataDir: string): string {
	// Installed under a folder named "assets": only the build's own assets folder is immutable.
	const webRoot = path.join(dataDir, "assets", "web");
	fs.mkdirSync(path.join(webRoot, "assets"), { recursive: true });
	const index = path.join(webRoot, "index.html");
	const indexSource = "<!doctype html><title>Tools Gallery</title>";
	fs.writeFileSync(index, indexSource);
	fs.writeFileSync(`${index}.br`, zlib.brotliCompressSync(indexSource));
	fs.writeFileSync(`${index}.gz`, zlib.gzipSync(indexSource));
	const asset = path.join(webRoot, "assets", "index-abc123.js");
	fs.writeFileSync(asset, ASSET_SOURCE);
	// The build writes a brotli and a gzip copy beside each asset.
	fs.writeFileSync(`${asset}.br`, zlib.brotliCompressSync(ASSET_SOURCE));
	fs.writeFileSync(`${asset}.gz`, zlib.gzipSync(ASSET_SOURCE));
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
	onTestFinished(() => app.close());
	return { ...probe, app };
}

test("every page carries the document's security headers", async () => {
	const t = await createTestApp();
	const response = await t.app.inject({ url: "/login" });
	const csp = String(response.headers["content-security-policy"]);
	expect(csp).toContain("script-src 'self'");
	expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
	expect(csp).toContain("frame-ancestors 'none'");
	expect(csp).toContain("style-src 'self';");
	expect(csp).toContain("connect-src 'self';");
	// The built-in test provider loads nothing from Stripe.
	expect(csp).not.toContain("stripe");
	expect(response.headers["x-frame-options"]).toBe("DENY");
	expect(response.headers["x-content-type-options"]).toBe("nosniff");
	expect(response.headers["referrer-policy"]).toBe(
		"strict-origin-when-cross-origin",
	);
	expect(response.headers["x-powered-by"]).toBeUndefined();
	expect(response.headers["strict-transport-security"]).toBeUndefined();
	const features = String(response.headers["permissions-policy"]).split(", ");
	for (const denied of [
		"camera=()",
		"microphone=()",
		"geolocation=()",
		"payment=()",
		"usb=()",
		"browsing-topics=()",
	])
		expect(features).toContain(denied);
});

test("every API answer, found or not, carries the short set of an answer no page is built from", async () => {
	const t = await createTestApp();
	const found = await t.app.inject({ url: "/api/health" });
	const notFound = await t.app.inject({ url: "/api/no-such-thing" });
	expect(notFound.statusCode).toBe(404);
	for (const answer of [found, notFound]) {
		expect(answer.headers["content-security-policy"]).toBe(
			"default-src 'none'; frame-ancestors 'none'",
		);
		expect(answer.headers["x-frame-options"]).toBe("DENY");
		expect(answer.headers["x-content-type-options"]).toBe("nosniff");
		expect(answer.headers["referrer-policy"]).toBe("no-referrer");
		expect(answer.headers["cross-origin-resource-policy"]).toBe("same-origin");
		expect(answer.headers["x-powered-by"]).toBeUndefined();
		// What only a document reads is left out.
		expect(answer.headers["permissions-policy"]).toBeUndefined();
		expect(answer.headers["cross-origin-opener-policy"]).toBeUndefined();
	}
});

test("HSTS is sent when the shop's public URL is https", async () => {
	const t = await createTestApp({
		config: { publicUrl: "https://shop.example.com" },
	});
	const page = await t.app.inject({ url: "/login" });
	const answer = await t.app.inject({ url: "/api/health" });
	for (const response of [page, answer])
		expect(response.headers["strict-transport-security"]).toBe(
			"max-age=31536000; includeSubDomains",
		);
	expect(String(page.headers["content-security-policy"])).toContain(
		"upgrade-insecure-requests",
	);
});

test("an unknown API path is a JSON 404 in the error envelope", async () => {
	const t = await createTestApp();
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
	const t = await createTestApp();
	const response = await t.app.inject({ method: "DELETE", url: "/api/tools" });
	expect(response.statusCode).toBe(404);
	expect(response.json().error.code).toBe("NOT_FOUND");
});

test("health answers while the process is up; ready answers while the database does", async () => {
	const t = await createTestApp();
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

test("the OpenAPI document describes every API route", async () => {
	const t = await createTestApp();
	const response = await t.app.inject({ url: "/api/openapi.json" });
	expect(response.statusCode).toBe(200);
	const document = response.json();
	expect(document.openapi).toMatch(/^3\./);
	// Every route of the API but the documentation's own and the sign-in library's is described,
	// under OpenAPI's {name} for a path parameter.
	const apiPaths = new Set(
		listRoutes(t.app)
			.map((route) => route.split(" ")[1] ?? "")
			.filter(
				(route) =>
					route.startsWith("/api/") &&
					!route.startsWith("/api/docs") &&
					!route.startsWith("/api/auth/") &&
					route !== "/api/openapi.json",
			)
			.map((route) => route.replace(/:(\w+)/g, "{$1}")),
	);
	expect(apiPaths.size).toBeGreaterThan(50);
	expect(Object.keys(document.paths).sort()).toEqual([...apiPaths].sort());
	const toolList = document.paths["/api/tools"].get;
	expect(
		toolList.parameters.map((parameter: { name: string }) => parameter.name),
	).toEqual(["page", "page_size", "updated_since", "q"]);
	expect(
		toolList.responses["200"].content["application/json"].schema.properties
			.items,
	).toBeDefined();
});

test("the API reference is browsable and loads no inline script", async () => {
	const t = await createTestApp();
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
	const t = await createAppWithWebBuild();

	const home = await t.app.inject({ url: "/" });
	expect(home.statusCode).toBe(200);
	expect(home.body).toContain("<title>Tools Gallery</title>");
	expect(home.headers["cache-control"]).toBe("no-cache");

	// Compressed, it is still revalidated on every visit.
	const compressedHome = await t.app.inject({
		url: "/",
		headers: { "accept-encoding": "br, gzip" },
	});
	expect(compressedHome.statusCode).toBe(200);
	expect(compressedHome.headers["content-encoding"]).toBeDefined();
	expect(compressedHome.headers["cache-control"]).toBe("no-cache");

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
	const t = await createTestApp();
	const response = await t.app.inject({ url: "/api/tools/%E0%A4%A" });
	expect(response.statusCode).toBe(400);
	expect(response.json()).toEqual({
		error: {
			code: "BAD_REQUEST",
			message: "'/api/tools/%E0%A4%A' is not a valid url component",
		},
	});
	expect(response.headers["content-security-policy"]).toBe(
		"default-src 'none'; frame-ancestors 'none'",
	);
	expect(response.headers["x-content-type-options"]).toBe("nosniff");
	expect(response.headers["cache-control"]).toBe("no-store");
});

test("a malformed URL of 10 KB is not echoed whole", async () => {
	const t = await createTestApp();
	const response = await t.app.inject({
		url: `/api/tools/${"a".repeat(10_000)}%E0%A4%A`,
	});
	expect(response.statusCode).toBe(400);
	const { message } = response.json().error;
	expect(message).toMatch(/^'\/api\/tools\/a+…$/);
	expect(message.length).toBeLessThanOrEqual(201);
});

test("a parameter as long as the schema allows reaches the schema, not a router limit", async () => {
	const t = await createTestApp();
	const longestSlug = "a".repeat(120);
	const response = await t.app.inject({
		url: `/api/blog-posts/${longestSlug}`,
	});
	expect(response.statusCode).toBe(404);
	expect(response.json().error.code).toBe("NOT_FOUND");
});

test("a 404 repeats at most 100 characters of an unknown path", async () => {
	const t = await createTestApp();
	const longPath = `/api/${"a".repeat(10 * 1024)}`;
	const response = await t.app.inject({ url: `${longPath}?x=1` });
	expect(response.statusCode).toBe(404);
	expect(response.json()).toEqual({
		error: {
			code: "NOT_FOUND",
			message: `No route for GET ${longPath.slice(0, 100)}…`,
		},
	});
});

type RawAnswer = { status: number; contentType: string; body: string };

/** Listens, then GETs paths sent exactly as written: app.inject would resolve "." and ".." first. */
async function listenForRawPaths(
	app: TestApp["app"],
): Promise<(rawPath: string) => Promise<RawAnswer>> {
	const { port } = new URL(await app.listen({ port: 0, host: "127.0.0.1" }));
	return (rawPath) =>
		new Promise((resolve, reject) => {
			http
				.get({ host: "127.0.0.1", port, path: rawPath }, (response) => {
					let body = "";
					response.setEncoding("utf8");
					response.on("data", (chunk: string) => {
						body += chunk;
					});
					response.on("end", () =>
						resolve({
							status: response.statusCode ?? 0,
							contentType: String(response.headers["content-type"]),
							body,
						}),
					);
				})
				.on("error", reject);
		});
}

test("odd spellings of a path are a 404 in the error envelope, with or without a web build", async () => {
	const withoutWebBuild = await createTestApp();
	const withWebBuild = await createAppWithWebBuild();
	for (const t of [withoutWebBuild, withWebBuild]) {
		const getRawPath = await listenForRawPaths(t.app);
		for (const rawPath of [
			"/api//tools",
			"/api/tools%00",
			"/api/faqs/..",
			"/api/faqs/.",
			"/api/docs/static/../index.html",
			"/api/docs/static//index.css",
			"//favicon.svg",
			"/assets/./index-abc123.js",
			"/assets%5cindex-abc123.js",
		]) {
			const response = await getRawPath(rawPath);
			expect({ rawPath, status: response.status }).toEqual({
				rawPath,
				status: 404,
			});
			expect(response.contentType).toContain("application/json");
			expect(JSON.parse(response.body).error.code).toBe("NOT_FOUND");
		}
	}
});

test("a path climbing out of the web build or the image store reaches no file", async () => {
	const t = await createAppWithWebBuild();
	// webRoot is <dataDir>/assets/web and the image store <dataDir>/images.
	fs.writeFileSync(path.join(t.dataDir, "secret.txt"), "SECRET=never-served");
	const getRawPath = await listenForRawPaths(t.app);
	for (const rawPath of [
		"/../../secret.txt",
		"/..%2f..%2fsecret.txt",
		"/..%2f..%2f..%2fetc/passwd",
		"/assets/..%2f..%2f..%2fsecret.txt",
		"/%2e%2e/%2e%2e/secret.txt",
		"/images/../secret.txt",
		"/images/..%2fsecret.txt",
		"/images/..%2f..%2fsecret.txt",
	]) {
		const response = await getRawPath(rawPath);
		expect({ rawPath, status: response.status }).toEqual({
			rawPath,
			status: 404,
		});
		expect(response.body).not.toContain("SECRET");
		expect(response.body).not.toContain("root:");
	}
});

test("precompressed assets are sent only in place of their original, to clients that accept them", async () => {
	const t = await createAppWithWebBuild();
	const url = "/assets/index-abc123.js";

	const brotli = await t.app.inject({
		url,
		headers: { "accept-encoding": "br, gzip" },
	});
	expect(brotli.statusCode).toBe(200);
	expect(brotli.headers["content-encoding"]).toBe("br");
	expect(brotli.headers["content-type"]).toContain("javascript");
	expect(brotli.headers.vary).toContain("accept-encoding");
	expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(
		ASSET_SOURCE,
	);

	const gzip = await t.app.inject({
		url,
		headers: { "accept-encoding": "gzip" },
	});
	expect(gzip.headers["content-encoding"]).toBe("gzip");
	expect(gzip.headers["content-type"]).toContain("javascript");
	expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(ASSET_SOURCE);

	const plain = await t.app.inject({ url });
	expect(plain.headers["content-encoding"]).toBeUndefined();
	expect(plain.body).toBe(ASSET_SOURCE);

	for (const copy of [`${url}.br`, `${url}.gz`]) {
		for (const acceptEncoding of ["br, gzip", "identity"]) {
			const response = await t.app.inject({
				url: copy,
				headers: { "accept-encoding": acceptEncoding },
			});
			expect({ copy, acceptEncoding, status: response.statusCode }).toEqual({
				copy,
				acceptEncoding,
				status: 404,
			});
			expect(response.json().error.code).toBe("NOT_FOUND");
		}
	}
});

test("no API answer may be stored by a cache; the API reference and images keep their own caching", async () => {
	const t = await createTestApp();
	for (const url of [
		"/api/tools",
		"/api/reviews",
		"/api/blog-posts",
		"/api/faqs",
		"/api/health",
		"/api/openapi.json",
		`/api/tools/${randomUUID()}`,
		"/api/tools?page=0",
		"/api/no-such-thing",
	]) {
		const response = await t.app.inject({ url });
		expect({ url, cacheControl: response.headers["cache-control"] }).toEqual({
			url,
			cacheControl: "no-store",
		});
	}

	const referenceFile = await t.app.inject({
		url: "/api/docs/static/index.css",
	});
	expect(referenceFile.statusCode).toBe(200);
	expect(referenceFile.headers["cache-control"]).toBeDefined();
	expect(referenceFile.headers["cache-control"]).not.toBe("no-store");

	const imageUrl = await t.images.putWebp("cache-test", Buffer.from("webp"));
	const image = await t.app.inject({ url: imageUrl });
	expect(image.statusCode).toBe(200);
	expect(image.headers["cache-control"]).toBe(
		"public, max-age=31536000, immutable",
	);
});

test("a page number is plain decimal digits: the API refuses other spellings naming the field", async () => {
	const t = await createTestApp();
	for (const query of ["page=0x10", "page=1e2", "page=1.0", "page=%2B1"]) {
		const response = await t.app.inject({ url: `/api/tools?${query}` });
		expect({ query, status: response.statusCode }).toEqual({
			query,
			status: 400,
		});
		expect(response.json()).toEqual({
			error: {
				code: "VALIDATION_FAILED",
				message: "Invalid querystring: page",
				details: [{ field: "page", message: "page must be a whole number" }],
			},
		});
	}
	const tooLarge = await t.app.inject({
		url: "/api/reviews?page_size=1e2",
	});
	expect(tooLarge.json().error.details).toEqual([
		{ field: "page_size", message: "page_size must be a whole number" },
	]);
	const plain = await t.app.inject({ url: "/api/tools?page=2&page_size=5" });
	expect(plain.statusCode).toBe(200);
	expect(plain.json()).toMatchObject({ page: 2, page_size: 5 });
});
