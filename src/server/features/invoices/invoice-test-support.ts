import { expect, onTestFinished } from "vitest";
import { type Order, OrderSchema } from "../../../shared/orders.schemas.ts";
import type { Viewer } from "../../platform/auth/session-guard.ts";
import { createDb, type Db } from "../../platform/db/database.ts";
import { type SignedIn, signUp } from "../../test-support/accounts.ts";
import { postCheckout, postOrder } from "../../test-support/orders.ts";
import {
	createTestApp,
	insertTestTool,
	type TestApp,
} from "../../test-support/test-app.ts";

// What the invoice tests share: a shop whose customers can hold many unpaid orders, orders placed
// through the orders API, and the viewers the use cases take.

/** A test app whose customers may hold many unpaid orders at once. */
export function createInvoiceTestApp(): Promise<TestApp> {
	return createTestApp({ config: { maxUnpaidOrders: 1_000 } });
}

/**
 * `count` orders placed through `POST /api/orders` by `customers` customers in turn (one signed up
 * per customer unless given), each of one to three pieces of a tool with stock enough for all.
 */
export async function placeOrders(
	t: TestApp,
	count: number,
	given?: SignedIn[],
): Promise<Order[]> {
	const customers = given ?? [await signUp(t.app, { name: "Cora Customer" })];
	const tool = await insertTestTool(t.db, {
		tool_name: "Bench Vice 150 mm",
		price_cents: 2_450,
		available_quantity: 1_000_000,
		minimum_quantity: 1,
	});
	const orders: Order[] = new Array(count);
	// Each customer orders one after another; the customers order side by side.
	await Promise.all(
		customers.map(async (customer, offset) => {
			for (let index = offset; index < count; index += customers.length) {
				const response = await postOrder(t.app, customer.cookie, {
					tool_id: tool.id,
					order_quantity: 1 + (index % 3),
				});
				expect(response.statusCode, response.body).toBe(201);
				orders[index] = OrderSchema.parse(response.json());
			}
		}),
	);
	return orders;
}

/** An order of several tools, checked out to `fulfilment` by `customer`. */
export async function checkOutLines(
	t: TestApp,
	customer: SignedIn,
	tools: { tool_name: string; price_cents: number; quantity: number }[],
	fulfilment: object,
	extra: { purchase_order?: string; note?: string } = {},
): Promise<Order> {
	const lines = [];
	for (const tool of tools) {
		const inserted = await insertTestTool(t.db, {
			tool_name: tool.tool_name,
			price_cents: tool.price_cents,
			available_quantity: 1_000,
			minimum_quantity: 1,
		});
		lines.push({ tool_id: inserted.id, quantity: tool.quantity });
	}
	const response = await postCheckout(t.app, customer.cookie, {
		lines,
		fulfilment,
		...extra,
	});
	expect(response.statusCode, response.body).toBe(201);
	return OrderSchema.parse(response.json());
}

/** Who is calling, as the session guard would hand it to a use case. */
export function viewerOf(
	account: SignedIn,
	{ isAdmin = false }: { isAdmin?: boolean } = {},
): Viewer {
	return {
		id: account.userId,
		name: isAdmin ? "Test Admin" : "Test Customer",
		email: account.email,
		emailVerified: true,
		image: null,
		isAdmin,
		twoFactorEnabled: false,
	};
}

/** A second connection pool on the test app's database, as another server instance has. */
export function openSecondPool(t: TestApp): Db {
	const db = createDb(t.config.database);
	onTestFinished(() => db.destroy());
	return db;
}
