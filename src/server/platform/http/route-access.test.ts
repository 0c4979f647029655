import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyContextConfig } from "fastify";
import { expect, onTestFinished, test } from "vitest";
import {
	authHeaders,
	signUp,
	signUpAdmin,
} from "../../test-support/accounts.ts";
import { listRoutes } from "../../test-support/routes.ts";
import { createTestApp } from "../../test-support/test-app.ts";
import { signedInAccess } from "./api-schemas.ts";
import {
	listRouteDeclarations,
	ROUTE_ACCESS,
	type RouteAccess,
} from "./route-access.ts";

type Operation = {
	security?: unknown[];
	description?: string;
	responses: Record<string, unknown>;
	"x-access"?: string;
	"x-api-key-scope"?: string;
};

test("a route that declares no access cannot be registered, under /api or elsewhere", async () => {
	const { app } = await createTestApp();
	expect(() => app.get("/api/forgotten", async () => "open")).toThrow(
		'GET /api/forgotten declares no access: add config: { access: "public" | "signed-in" | "owner" | "admin" }',
	);
	expect(() =>
		app.post("/forgotten", { config: {} }, async () => "open"),
	).toThrow("POST /forgotten declares no access");
	const misspelt = { access: "staff" } as unknown as FastifyContextConfig;
	expect(() =>
		app.get("/api/misspelt", { config: misspelt }, async () => "open"),
	).toThrow("GET /api/misspelt declares an unknown access: staff");
	const unknownQuota = {
		access: "signed-in",
		quota: "everything",
	} as unknown as FastifyContextConfig;
	expect(() =>
		app.post("/api/unknown-quota", { config: unknownQuota }, async () => "x"),
	).toThrow("No quota is named everything");
});

test("the guard of a route comes from its declaration, with no preHandler of its own", async () => {
	const { app, db } = await createTestApp();
	for (const access of ROUTE_ACCESS)
		app.get(
			`/api/declared/${access}`,
			{ config: { access } },
			async (request) => ({ viewer: request.viewer?.email ?? null }),
		);
	const customer = await signUp(app, { name: "Declared Customer" });
	const admin = await signUpAdmin(app, db);
	const expected: Record<RouteAccess, [number, number, number]> = {
		public: [200, 200, 200],
		"signed-in": [401, 200, 200],
		owner: [401, 200, 200],
		admin: [401, 403, 200],
	};
	for (const access of ROUTE_ACCESS) {
		const ask = (cookie?: string) =>
			app.inject({
				url: `/api/declared/${access}`,
				headers: authHeaders(cookie),
			});
		const [anonymous, asCustomer, asAdmin] = [
			await ask(),
			await ask(customer.cookie),
			await ask(admin.cookie),
		];
		expect(
			[anonymous.statusCode, asCustomer.statusCode, asAdmin.statusCode],
			`anonymous, customer and admin on a route declared ${access}`,
		).toEqual(expected[access]);
		// A public route reads no session: its handler sees no caller even when one is signed in.
		if (access === "public")
			expect(asCustomer.json()).toEqual({ viewer: null });
		else expect(asAdmin.json()).toEqual({ viewer: admin.email });
	}
});

test("every route of the app, its web app and API reference included, declares its access", async () => {
	const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), "tools-gallery-web-"));
	onTestFinished(() => fs.rmSync(webRoot, { recursive: true, force: true }));
	fs.writeFileSync(path.join(webRoot, "index.html"), "<!doctype html>");
	const { app } = await createTestApp({ config: { webRoot } });
	const declared = listRouteDeclarations(app).map(
		(declaration) => `${declaration.method} ${declaration.url}`,
	);
	// A plugin's "/" route is also routed with the prefix's trailing slash, under the same options.
	const isDeclared = (route: string) =>
		declared.includes(route) ||
		declared.includes(route.replace(/(.)\/$/, "$1"));
	expect(listRoutes(app).filter((route) => !isDeclared(route))).toEqual([]);
	const accessOf = (route: string) =>
		listRouteDeclarations(app).find(
			(declaration) => `${declaration.method} ${declaration.url}` === route,
		)?.access;
	expect(accessOf("GET /api/tools")).toBe("public");
	expect(accessOf("POST /api/orders")).toBe("signed-in");
	expect(accessOf("POST /api/orders/:orderId/cancel")).toBe("owner");
	expect(accessOf("DELETE /api/users/:id")).toBe("admin");
	expect(accessOf("GET /api/docs/static/*")).toBe("public");
	expect(accessOf("POST /api/auth/*")).toBe("public");
	expect(accessOf("GET /images/:name")).toBe("public");
	expect(accessOf("GET /*")).toBe("public");
});

test("the OpenAPI document says who may call each operation, from the declarations", async () => {
	const { app } = await createTestApp();
	const document = (await app.inject({ url: "/api/openapi.json" })).json() as {
		paths: Record<string, Record<string, Operation>>;
	};
	const problems: string[] = [];
	let documented = 0;
	for (const declaration of listRouteDeclarations(app)) {
		const path = declaration.url.replace(/:(\w+)/g, "{$1}");
		const operation = document.paths[path]?.[declaration.method.toLowerCase()];
		if (!operation) continue;
		documented += 1;
		const where = `${declaration.method} ${path}`;
		const byAccess = declaration.access === "public" ? [] : signedInAccess;
		// A route an API key may call names the key beside the access (an empty one when public).
		const security = declaration.apiKeyScope
			? [...(declaration.access === "public" ? [{}] : byAccess), { apiKey: [] }]
			: byAccess;
		if (operation["x-api-key-scope"] !== declaration.apiKeyScope)
			problems.push(
				`${where}: x-api-key-scope ${operation["x-api-key-scope"]}`,
			);
		if (operation["x-access"] !== declaration.access)
			problems.push(`${where}: x-access ${operation["x-access"]}`);
		if (JSON.stringify(operation.security) !== JSON.stringify(security))
			problems.push(`${where}: security ${JSON.stringify(operation.security)}`);
		const saysAdminsOnly =
			operation.description?.startsWith("Admins only.") ?? false;
		if (saysAdminsOnly !== (declaration.access === "admin"))
			problems.push(`${where}: description ${operation.description}`);
		const documents429 = "429" in operation.responses;
		if (documents429 !== declaration.quotas.length > 0)
			problems.push(`${where}: 429 documented: ${documents429}`);
	}
	expect(problems).toEqual([]);
	expect(documented).toBeGreaterThan(50);
	const placeOrder = document.paths["/api/orders"]?.post;
	expect(placeOrder?.responses["429"]).toMatchObject({
		description: expect.stringContaining("TOO_MANY_REQUESTS"),
	});
});
