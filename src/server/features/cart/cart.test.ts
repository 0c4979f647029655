import { expect, test } from "vitest";
import { CART_LINES_MAX, CartSchema } from "../../../shared/cart.schemas.ts";
import {
	authHeaders,
	signUp,
	signUpAdmin,
} from "../../test-support/accounts.ts";
import { createTestApp, insertTestTool } from "../../test-support/test-app.ts";

async function shop() {
	const t = await createTestApp();
	const saw = await insertTestTool(t.db, {
		tool_name: "Panel Saw",
		price_cents: 2500,
		available_quantity: 40,
		minimum_quantity: 5,
	});
	const drill = await insertTestTool(t.db, {
		tool_name: "Pillar Drill",
		price_cents: 19_900,
		available_quantity: 3,
		minimum_quantity: 1,
	});
	const customer = await signUp(t.app, { name: "Cora Customer" });
	const cart = (
		method: "GET" | "PUT" | "DELETE" | "POST",
		url: string,
		payload?: object,
		cookie = customer.cookie,
	) =>
		t.app.inject({
			method,
			url: `/api${url}`,
			headers: authHeaders(cookie),
			...(payload ? { payload } : {}),
		});
	return { t, saw, drill, customer, cart };
}

test("a customer adds lines, changes one and removes one; the cart is priced by the server", async () => {
	const { saw, drill, cart } = await shop();
	expect(
		(await cart("PUT", `/cart/lines/${saw.id}`, { quantity: 5 })).statusCode,
	).toBe(200);
	await cart("PUT", `/cart/lines/${drill.id}`, { quantity: 2 });
	const changed = await cart("PUT", `/cart/lines/${saw.id}`, { quantity: 8 });
	expect(changed.statusCode).toBe(200);
	const priced = CartSchema.parse(changed.json());
	expect(
		priced.lines.map((line) => [
			line.tool?.tool_name,
			line.quantity,
			line.line_total_cents,
		]),
	).toEqual([
		["Panel Saw", 8, 20_000],
		["Pillar Drill", 2, 39_800],
	]);
	expect(priced).toMatchObject({
		total_cents: 59_800,
		pieces: 10,
		can_check_out: true,
	});

	const removed = CartSchema.parse(
		(await cart("DELETE", `/cart/lines/${saw.id}`)).json(),
	);
	expect(removed.lines.map((line) => line.tool_id)).toEqual([drill.id]);
	expect(
		CartSchema.parse((await cart("GET", "/cart")).json()).lines,
	).toHaveLength(1);
	expect((await cart("DELETE", "/cart")).statusCode).toBe(204);
	expect(CartSchema.parse((await cart("GET", "/cart")).json()).lines).toEqual(
		[],
	);
});

test.each([
	["below the minimum", 4, "Your minimum order is 5 pieces."],
	["above the stock", 41, "Your maximum order is 40 pieces."],
])(
	"a line %s is refused with the purchase rule's message and the cart is unchanged",
	async (_case, quantity, message) => {
		const { saw, cart } = await shop();
		await cart("PUT", `/cart/lines/${saw.id}`, { quantity: 6 });
		const refused = await cart("PUT", `/cart/lines/${saw.id}`, { quantity });
		expect(refused.statusCode).toBe(409);
		expect(refused.json().error).toMatchObject({ code: "CONFLICT", message });
		const kept = CartSchema.parse((await cart("GET", "/cart")).json());
		expect(kept.lines.map((line) => line.quantity)).toEqual([6]);
	},
);

test("bad input gets a 400 and an unknown tool a 404; neither adds a line", async () => {
	const { saw, cart } = await shop();
	expect(
		(await cart("PUT", `/cart/lines/${saw.id}`, { quantity: 1.5 })).statusCode,
	).toBe(400);
	expect(
		(await cart("PUT", "/cart/lines/not-a-uuid", { quantity: 5 })).statusCode,
	).toBe(400);
	const unknown = await cart("PUT", `/cart/lines/${crypto.randomUUID()}`, {
		quantity: 5,
	});
	expect(unknown.statusCode).toBe(404);
	expect(CartSchema.parse((await cart("GET", "/cart")).json()).lines).toEqual(
		[],
	);
});

test(`a cart holds at most ${CART_LINES_MAX} different tools`, async () => {
	const { t, cart } = await shop();
	const tools = await Promise.all(
		Array.from({ length: CART_LINES_MAX }, () =>
			insertTestTool(t.db, { available_quantity: 10, minimum_quantity: 1 }),
		),
	);
	for (const tool of tools)
		expect(
			(await cart("PUT", `/cart/lines/${tool.id}`, { quantity: 1 })).statusCode,
		).toBe(200);
	const extra = await insertTestTool(t.db, {
		available_quantity: 10,
		minimum_quantity: 1,
	});
	const refused = await cart("PUT", `/cart/lines/${extra.id}`, { quantity: 1 });
	expect(refused.statusCode).toBe(409);
	expect(refused.json().error.message).toContain(
		`at most ${CART_LINES_MAX} different tools`,
	);
	// Changing a line already there still works.
	expect(
		(await cart("PUT", `/cart/lines/${tools[0]?.id}`, { quantity: 2 }))
			.statusCode,
	).toBe(200);
});

test("a visitor's browser cart is priced without an account, and merged into the customer's cart at sign-in", async () => {
	const { t, saw, drill, cart } = await shop();
	const browserLines = [
		{ tool_id: saw.id, quantity: 10 },
		{ tool_id: drill.id, quantity: 3 },
	];
	const preview = await t.app.inject({
		method: "POST",
		url: "/api/cart/preview",
		headers: authHeaders(),
		payload: { lines: browserLines },
	});
	expect(preview.statusCode).toBe(200);
	expect(CartSchema.parse(preview.json())).toMatchObject({
		total_cents: 10 * 2500 + 3 * 19_900,
		can_check_out: true,
	});

	// The customer already had saws in the cart from another device.
	await cart("PUT", `/cart/lines/${saw.id}`, { quantity: 5 });
	const merged = CartSchema.parse(
		(await cart("POST", "/cart/merge", { lines: browserLines })).json(),
	);
	expect(
		merged.lines.map((line) => [line.tool_id, line.quantity, line.problem]),
	).toEqual([
		[saw.id, 15, null],
		[drill.id, 3, null],
	]);
	// Merging more drills than the stock keeps the line and says what is wrong with it.
	const over = CartSchema.parse(
		(
			await cart("POST", "/cart/merge", {
				lines: [{ tool_id: drill.id, quantity: 1 }],
			})
		).json(),
	);
	expect(over.lines.find((line) => line.tool_id === drill.id)).toMatchObject({
		quantity: 4,
		problem: "Your maximum order is 3 pieces.",
	});
	expect(over.can_check_out).toBe(false);
});

test("a deleted tool's line says it is no longer sold, and a merge drops unknown and deleted tools", async () => {
	const { t, saw, drill, cart, customer } = await shop();
	await cart("PUT", `/cart/lines/${drill.id}`, { quantity: 1 });
	const admin = await signUpAdmin(t.app, t.db);
	expect(
		(
			await t.app.inject({
				method: "DELETE",
				url: `/api/tools/${drill.id}`,
				headers: authHeaders(admin.cookie),
			})
		).statusCode,
	).toBe(204);
	const priced = CartSchema.parse((await cart("GET", "/cart")).json());
	expect(priced.lines[0]).toMatchObject({
		tool: null,
		problem: "This tool is no longer sold. Remove it from your cart.",
	});
	expect(priced.can_check_out).toBe(false);

	const merged = CartSchema.parse(
		(
			await cart(
				"POST",
				"/cart/merge",
				{
					lines: [
						{ tool_id: crypto.randomUUID(), quantity: 1 },
						{ tool_id: saw.id, quantity: 5 },
					],
				},
				customer.cookie,
			)
		).json(),
	);
	expect(merged.lines.map((line) => line.tool_id)).toEqual([drill.id, saw.id]);
});

test("a cart is its customer's own: another customer sees an empty cart, a visitor gets 401", async () => {
	const { t, saw, cart } = await shop();
	await cart("PUT", `/cart/lines/${saw.id}`, { quantity: 5 });
	const other = await signUp(t.app, { name: "Otto Other" });
	const theirs = await cart("GET", "/cart", undefined, other.cookie);
	expect(CartSchema.parse(theirs.json()).lines).toEqual([]);
	const visitor = await t.app.inject({
		method: "GET",
		url: "/api/cart",
		headers: authHeaders(),
	});
	expect(visitor.statusCode).toBe(401);
});

test("a browser cart sent with the same tool twice, or too many lines, is a 400", async () => {
	const { t, saw } = await shop();
	const twice = await t.app.inject({
		method: "POST",
		url: "/api/cart/preview",
		headers: authHeaders(),
		payload: {
			lines: [
				{ tool_id: saw.id, quantity: 5 },
				{ tool_id: saw.id, quantity: 6 },
			],
		},
	});
	expect(twice.statusCode).toBe(400);
	const tooMany = await t.app.inject({
		method: "POST",
		url: "/api/cart/preview",
		headers: authHeaders(),
		payload: {
			lines: Array.from({ length: CART_LINES_MAX + 1 }, () => ({
				tool_id: crypto.randomUUID(),
				quantity: 1,
			})),
		},
	});
	expect(tooMany.statusCode).toBe(400);
});
