import { sql } from "kysely";
import { expect, test } from "vitest";
import { OrderPageSchema } from "../../../shared/orders.schemas.ts";
import { migrateTo, migrateToLatest } from "../../platform/db/migrate.ts";
import {
	authHeaders,
	signUp,
	signUpAdmin,
} from "../../test-support/accounts.ts";
import { createTestApp, insertTestTool } from "../../test-support/test-app.ts";

/** The last migration before orders had lines: the database as the previous version left it. */
const BEFORE_LINES = "2026-11-29-0900-seed-shop-faqs";

test("orders placed before orders had lines become one-line orders with every figure kept, on this database", async () => {
	const t = await createTestApp();
	const customer = await signUp(t.app, { name: "Old Customer" });
	const admin = await signUpAdmin(t.app, t.db);
	const tool = await insertTestTool(t.db, {
		tool_name: "Old Lathe",
		price_cents: 4999,
	});
	await migrateTo(t.db, { legacyImagesDir: undefined }, BEFORE_LINES);

	// Three orders as the previous version wrote them: unpaid, paid, and one of a removed account.
	const old = [
		{
			id: crypto.randomUUID(),
			user_id: customer.userId,
			quantity: 12,
			status: "unpaid",
			payment_id: null,
			at: "2026-11-20T10:00:00.000Z",
		},
		{
			id: crypto.randomUUID(),
			user_id: customer.userId,
			quantity: 10,
			status: "paid",
			payment_id: "test_pay_1",
			at: "2026-11-21T10:00:00.000Z",
		},
		{
			id: crypto.randomUUID(),
			user_id: null,
			quantity: 30,
			status: "cancelled",
			payment_id: null,
			at: "2026-11-22T10:00:00.000Z",
		},
	];
	for (const order of old)
		await sql`
			insert into orders (id, user_id, email, user_name, tool_id, tool_name, img, description,
				price_cents, order_quantity, total_cents, status, payment_id, payment_provider,
				created_at, updated_at)
			values (${order.id}, ${order.user_id}, ${customer.email}, 'Old Customer', ${tool.id},
				'Old Lathe', ${tool.img}, ${tool.description}, 4999, ${order.quantity},
				${4999 * order.quantity}, ${order.status}, ${order.payment_id},
				${order.payment_id ? "test" : null}, ${order.at}, ${order.at})
		`.execute(t.db);
	// An admin's deletion recorded then keeps the order's snapshot in the old shape.
	const deletedSnapshot = {
		id: crypto.randomUUID(),
		tool_id: tool.id,
		tool_name: "Old Lathe",
		img: tool.img,
		description: tool.description,
		price_cents: 4999,
		order_quantity: 11,
		total_cents: 4999 * 11,
		email: customer.email,
		user_name: "Old Customer",
		status: "paid",
		payment_id: "test_pay_0",
		test_payment: true,
		created_at: "2026-11-19T10:00:00.000Z",
		paid_at: "2026-11-19T10:05:00.000Z",
		cancelled_at: null,
		pay_by: null,
	};
	await sql`
		insert into orders (id, user_id, email, user_name, tool_id, tool_name, img, description,
			price_cents, order_quantity, total_cents, status, payment_id, payment_provider,
			created_at, updated_at, paid_at, deleted_at)
		values (${deletedSnapshot.id}, ${customer.userId}, ${customer.email}, 'Old Customer',
			${tool.id}, 'Old Lathe', ${tool.img}, ${tool.description}, 4999, 11, ${4999 * 11},
			'paid', 'test_pay_0', 'test', ${deletedSnapshot.created_at},
			'2026-11-23T10:00:00.000Z', ${deletedSnapshot.paid_at}, '2026-11-23T10:00:00.000Z')
	`.execute(t.db);
	await sql`
		insert into order_deletions (id, order_id, deleted_at, deleted_by_id, deleted_by_email, restocked, order_snapshot)
		values (${crypto.randomUUID()}, ${deletedSnapshot.id}, '2026-11-23T10:00:00.000Z', ${admin.userId},
			${admin.email}, 0, ${JSON.stringify(deletedSnapshot)})
	`.execute(t.db);

	await migrateToLatest(t.db, { legacyImagesDir: undefined });

	const all = OrderPageSchema.parse(
		(
			await t.app.inject({
				url: "/api/orders",
				headers: authHeaders(admin.cookie),
			})
		).json(),
	);
	expect(all.items.map((order) => order.id)).toEqual(
		old.map((order) => order.id).reverse(),
	);
	for (const order of all.items) {
		const before = old.find((placed) => placed.id === order.id);
		expect(order.lines).toEqual([
			{
				tool_id: tool.id,
				tool_name: "Old Lathe",
				img: tool.img,
				description: tool.description,
				price_cents: 4999,
				quantity: before?.quantity,
				line_total_cents: 4999 * (before?.quantity ?? 0),
				refunded_quantity: 0,
			},
		]);
		expect(order).toMatchObject({
			status: before?.status,
			payment_id: before?.payment_id,
			order_quantity: before?.quantity,
			total_cents: 4999 * (before?.quantity ?? 0),
			created_at: before?.at,
			fulfilment: { kind: "none" },
			purchase_order: null,
			note: null,
		});
	}
	const mine = OrderPageSchema.parse(
		(
			await t.app.inject({
				url: "/api/me/orders",
				headers: authHeaders(customer.cookie),
			})
		).json(),
	);
	expect(mine.total).toBe(2);
	// The unpaid order still holds its pieces, counted from its line.
	const holders = (
		await t.app.inject({
			url: "/api/admin/unpaid-holders",
			headers: authHeaders(admin.cookie),
		})
	).json();
	expect(holders.items).toEqual([
		expect.objectContaining({ unpaid_orders: 1, pieces: 12 }),
	]);
	const deletions = (
		await t.app.inject({
			url: "/api/order-deletions",
			headers: authHeaders(admin.cookie),
		})
	).json();
	expect(deletions.items[0].order).toMatchObject({
		id: deletedSnapshot.id,
		fulfilment: { kind: "none" },
		lines: [
			expect.objectContaining({
				tool_name: "Old Lathe",
				quantity: 11,
				line_total_cents: 4999 * 11,
			}),
		],
	});
});
