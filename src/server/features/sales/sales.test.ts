import { expect, test } from "vitest";
import {
	type SalesReport,
	SalesReportSchema,
} from "../../../shared/sales.schemas.ts";
import {
	authHeaders,
	type SignedIn,
	signUp,
	signUpAdmin,
} from "../../test-support/accounts.ts";
import {
	deleteOrderAs,
	postCheckout,
	postOrder,
	postOrderAction,
	TEST_DELIVERY,
} from "../../test-support/orders.ts";
import {
	createTestApp,
	insertTestTool,
	type TestApp,
} from "../../test-support/test-app.ts";

/** The day the figures run to in these tests: a Wednesday. */
const UNTIL = "2026-11-25";

/**
 * Places an order through the API, then sets when it was placed and paid: the figures are
 * bucketed by those times, which the server stamps with the clock of the run.
 */
async function pinTimes(
	t: TestApp,
	orderId: string,
	times: { placedAt: string; paidAt?: string },
): Promise<void> {
	await t.db
		.updateTable("orders")
		.set({ created_at: times.placedAt, paid_at: times.paidAt ?? null })
		.where("id", "=", orderId)
		.execute();
}

async function placeOne(
	t: TestApp,
	customer: SignedIn,
	toolId: string,
	quantity: number,
): Promise<string> {
	const placed = await postOrder(t.app, customer.cookie, {
		tool_id: toolId,
		order_quantity: quantity,
	});
	expect(placed.statusCode, placed.body).toBe(201);
	return placed.json().id;
}

async function pay(t: TestApp, customer: SignedIn, orderId: string) {
	const paid = await postOrderAction(
		t.app,
		customer.cookie,
		orderId,
		"payment",
	);
	expect(paid.statusCode, paid.body).toBe(200);
}

function readSales(t: TestApp, cookie: string | undefined, query: string) {
	return t.app.inject({
		url: `/api/admin/sales${query}`,
		headers: authHeaders(cookie),
	});
}

async function salesFor(
	t: TestApp,
	admin: SignedIn,
	query: string,
): Promise<SalesReport> {
	const response = await readSales(t, admin.cookie, query);
	expect(response.statusCode, response.body).toBe(200);
	return SalesReportSchema.parse(response.json());
}

/** The buckets that have anything in them, as [start, revenue, paid orders, orders]. */
const busyBuckets = (report: SalesReport) =>
	report.buckets
		.filter((bucket) => bucket.paid_orders > 0 || bucket.orders > 0)
		.map((bucket) => [
			bucket.start,
			bucket.revenue_cents,
			bucket.paid_orders,
			bucket.orders,
		]);

/**
 * A shop with a known history: a checkout paid the next day and partly refunded, a Sunday-night
 * order, an unpaid, a cancelled and a deleted paid order, one from October and one placed the
 * midnight after UNTIL; and tools of which two run low (and one deleted that would).
 */
async function shopWithHistory() {
	const t = await createTestApp();
	const customer = await signUp(t.app, { name: "Cora Customer" });
	const admin = await signUpAdmin(t.app, t.db, { name: "Ada Admin" });
	const saw = await insertTestTool(t.db, {
		tool_name: "Panel Saw",
		price_cents: 2500,
		available_quantity: 40,
		minimum_quantity: 1,
	});
	const drill = await insertTestTool(t.db, {
		tool_name: "Pillar Drill",
		price_cents: 19_900,
		available_quantity: 10,
		minimum_quantity: 1,
	});
	const clamp = await insertTestTool(t.db, {
		tool_name: "Bar Clamp",
		price_cents: 1250,
		available_quantity: 100,
		minimum_quantity: 10,
	});
	const hexKey = await insertTestTool(t.db, {
		tool_name: "Hex Key Set",
		available_quantity: 3,
		minimum_quantity: 5,
	});
	const vice = await insertTestTool(t.db, {
		tool_name: "Bench Vice",
		available_quantity: 0,
		minimum_quantity: 1,
	});
	// Exactly twice its minimum: not low.
	await insertTestTool(t.db, {
		tool_name: "Edge Plane",
		available_quantity: 10,
		minimum_quantity: 5,
	});
	const rasp = await insertTestTool(t.db, {
		tool_name: "Old Rasp",
		available_quantity: 0,
		minimum_quantity: 4,
	});
	const removed = await t.app.inject({
		method: "DELETE",
		url: `/api/tools/${rasp.id}`,
		headers: authHeaders(admin.cookie),
	});
	expect(removed.statusCode, removed.body).toBe(204);

	const checkout = await postCheckout(t.app, customer.cookie, {
		lines: [
			{ tool_id: saw.id, quantity: 4 },
			{ tool_id: drill.id, quantity: 2 },
		],
		fulfilment: TEST_DELIVERY,
	});
	expect(checkout.statusCode, checkout.body).toBe(201);
	const checkoutId: string = checkout.json().id;
	await pay(t, customer, checkoutId);
	const refund = await t.app.inject({
		method: "POST",
		url: `/api/admin/orders/${checkoutId}/refund`,
		headers: authHeaders(admin.cookie),
		payload: {
			lines: [{ tool_id: saw.id, quantity: 1 }],
			reason: "One saw arrived bent",
		},
	});
	expect(refund.statusCode, refund.body).toBe(200);
	await pinTimes(t, checkoutId, {
		placedAt: "2026-11-23T09:00:00.000Z",
		paidAt: "2026-11-24T10:00:00.000Z",
	});

	const sunday = await placeOne(t, customer, clamp.id, 10);
	await pay(t, customer, sunday);
	await pinTimes(t, sunday, {
		placedAt: "2026-11-22T23:30:00.000Z",
		paidAt: "2026-11-22T23:45:00.000Z",
	});

	const unpaid = await placeOne(t, customer, drill.id, 1);
	await pinTimes(t, unpaid, { placedAt: "2026-11-25T08:00:00.000Z" });

	const cancelled = await placeOne(t, customer, saw.id, 2);
	const cancel = await postOrderAction(
		t.app,
		customer.cookie,
		cancelled,
		"cancel",
	);
	expect(cancel.statusCode, cancel.body).toBe(200);
	await pinTimes(t, cancelled, { placedAt: "2026-11-24T12:00:00.000Z" });

	const deleted = await placeOne(t, customer, clamp.id, 20);
	await pay(t, customer, deleted);
	expect((await deleteOrderAs(t.app, admin.cookie, deleted)).statusCode).toBe(
		204,
	);
	await pinTimes(t, deleted, {
		placedAt: "2026-11-10T14:00:00.000Z",
		paidAt: "2026-11-10T14:05:00.000Z",
	});

	const october = await placeOne(t, customer, clamp.id, 10);
	await pay(t, customer, october);
	await pinTimes(t, october, {
		placedAt: "2026-10-01T10:00:00.000Z",
		paidAt: "2026-10-01T10:30:00.000Z",
	});

	const nextDay = await placeOne(t, customer, saw.id, 1);
	await pinTimes(t, nextDay, { placedAt: "2026-11-26T00:00:00.000Z" });

	return { t, admin, customer, saw, drill, clamp, hexKey, vice };
}

test("by day: revenue net of refunds by the day paid, orders not deleted by the day placed, every day of the 30 there", async () => {
	const { t, admin } = await shopWithHistory();
	const report = await salesFor(t, admin, `?period=day&until=${UNTIL}`);
	expect(report).toMatchObject({
		period: "day",
		from: "2026-10-27",
		to: UNTIL,
	});
	expect(report.buckets).toHaveLength(30);
	expect(report.buckets[0]?.start).toBe("2026-10-27");
	expect(report.buckets.at(-1)?.start).toBe(UNTIL);
	expect(report.buckets[1]).toEqual({
		start: "2026-10-28",
		revenue_cents: 0,
		paid_orders: 0,
		orders: 0,
	});
	expect(busyBuckets(report)).toEqual([
		// The deleted order was paid: its money counts, the order itself does not.
		["2026-11-10", 25_000, 1, 0],
		["2026-11-22", 12_500, 1, 1],
		// Placed the day before it was paid; 49,800 less the refunded saw.
		["2026-11-23", 0, 0, 1],
		["2026-11-24", 47_300, 1, 1],
		["2026-11-25", 0, 0, 1],
	]);
	expect(report).toMatchObject({
		revenue_cents: 84_800,
		paid_orders: 3,
		orders: 4,
		average_order_cents: 28_267,
	});
	expect(report.orders_by_status).toEqual([
		{ status: "unpaid", count: 1 },
		{ status: "paid", count: 2 },
		{ status: "shipped", count: 0 },
		{ status: "ready_for_collection", count: 0 },
		{ status: "delivered", count: 0 },
		{ status: "collected", count: 0 },
		{ status: "cancelled", count: 1 },
		{ status: "refunded", count: 0 },
	]);
});

test("the best sellers are the paid lines of the period, refunded pieces left out, the most revenue first", async () => {
	const { t, admin, saw, drill, clamp } = await shopWithHistory();
	const report = await salesFor(t, admin, `?period=day&until=${UNTIL}`);
	expect(report.top_tools).toEqual([
		{
			tool_id: drill.id,
			tool_name: "Pillar Drill",
			pieces: 2,
			revenue_cents: 39_800,
		},
		{
			tool_id: clamp.id,
			tool_name: "Bar Clamp",
			pieces: 30,
			revenue_cents: 37_500,
		},
		{ tool_id: saw.id, tool_name: "Panel Saw", pieces: 3, revenue_cents: 7500 },
	]);
});

test("by week: weeks run Monday to Sunday in UTC, twelve of them, the last holding the day asked", async () => {
	const { t, admin } = await shopWithHistory();
	const report = await salesFor(t, admin, `?period=week&until=${UNTIL}`);
	expect(report).toMatchObject({
		period: "week",
		from: "2026-09-07",
		to: "2026-11-29",
	});
	expect(report.buckets.map((bucket) => bucket.start)).toEqual([
		"2026-09-07",
		"2026-09-14",
		"2026-09-21",
		"2026-09-28",
		"2026-10-05",
		"2026-10-12",
		"2026-10-19",
		"2026-10-26",
		"2026-11-02",
		"2026-11-09",
		"2026-11-16",
		"2026-11-23",
	]);
	expect(busyBuckets(report)).toEqual([
		["2026-09-28", 12_500, 1, 1],
		["2026-11-09", 25_000, 1, 0],
		// Sunday 23:30 UTC is the end of the week before.
		["2026-11-16", 12_500, 1, 1],
		// The order placed at midnight after UNTIL is in this week too.
		["2026-11-23", 47_300, 1, 4],
	]);
	expect(report.top_tools.map((tool) => [tool.tool_name, tool.pieces])).toEqual(
		[
			["Bar Clamp", 40],
			["Pillar Drill", 2],
			["Panel Saw", 3],
		],
	);
});

test("by month: twelve calendar months, the last one whole", async () => {
	const { t, admin } = await shopWithHistory();
	const report = await salesFor(t, admin, `?period=month&until=${UNTIL}`);
	expect(report).toMatchObject({
		period: "month",
		from: "2025-12-01",
		to: "2026-11-30",
	});
	expect(report.buckets).toHaveLength(12);
	expect(report.buckets[0]?.start).toBe("2025-12-01");
	expect(busyBuckets(report)).toEqual([
		["2026-10-01", 12_500, 1, 1],
		["2026-11-01", 84_800, 3, 5],
	]);
	expect(report.average_order_cents).toBe(24_325);
});

test("the tools below twice their minimum are listed lowest stock first and counted; deleted ones are not", async () => {
	const { t, admin, hexKey, vice } = await shopWithHistory();
	const report = await salesFor(t, admin, `?until=${UNTIL}`);
	expect(report.low_stock).toEqual({
		total: 2,
		items: [
			{
				id: vice.id,
				tool_name: "Bench Vice",
				available_quantity: 0,
				minimum_quantity: 1,
			},
			{
				id: hexKey.id,
				tool_name: "Hex Key Set",
				available_quantity: 3,
				minimum_quantity: 5,
			},
		],
	});
});

test("a shop with no orders answers every bucket with zeros and no average", async () => {
	const t = await createTestApp();
	const admin = await signUpAdmin(t.app, t.db);
	const report = await salesFor(t, admin, "?period=month");
	expect(report.buckets).toHaveLength(12);
	expect(
		report.buckets.every(
			(bucket) =>
				bucket.revenue_cents === 0 &&
				bucket.paid_orders === 0 &&
				bucket.orders === 0,
		),
	).toBe(true);
	expect(report).toMatchObject({
		revenue_cents: 0,
		paid_orders: 0,
		orders: 0,
		average_order_cents: null,
		top_tools: [],
		low_stock: { total: 0, items: [] },
	});
	// Without `until`, the figures run to today (UTC).
	const today = new Date().toISOString().slice(0, 10);
	expect(report.to >= today).toBe(true);
	expect(report.buckets.at(-1)?.start).toBe(`${today.slice(0, 7)}-01`);
});

test("a bad period or day is a 400 naming the parameter; a visitor gets 401 and a customer 403", async () => {
	const t = await createTestApp();
	const admin = await signUpAdmin(t.app, t.db);
	const customer = await signUp(t.app);
	const badPeriod = await readSales(t, admin.cookie, "?period=year");
	expect(badPeriod.statusCode).toBe(400);
	expect(badPeriod.json().error).toMatchObject({
		code: "VALIDATION_FAILED",
		details: [
			{ field: "period", message: "period must be one of day, week, month" },
		],
	});
	const notADay = await readSales(t, admin.cookie, "?until=2026-02-30");
	expect(notADay.statusCode).toBe(400);
	expect(notADay.json().error.details).toEqual([
		{ field: "until", message: "until is not a real day" },
	]);
	const notADate = await readSales(t, admin.cookie, "?until=yesterday");
	expect(notADate.json().error.details).toEqual([
		{ field: "until", message: "until must be a day (YYYY-MM-DD)" },
	]);
	expect((await readSales(t, undefined, "")).statusCode).toBe(401);
	expect((await readSales(t, customer.cookie, "")).statusCode).toBe(403);
});
