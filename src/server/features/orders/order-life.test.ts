import { expect, test } from "vitest";
import { OrderDetailSchema } from "../../../shared/orders.schemas.ts";
import {
	authHeaders,
	type SignedIn,
	signUp,
	signUpAdmin,
} from "../../test-support/accounts.ts";
import {
	postCheckout,
	postOrderAction,
	readStock,
	TEST_DELIVERY,
	waitForOrderMail,
} from "../../test-support/orders.ts";
import {
	createTestApp,
	insertTestTool,
	type TestApp,
} from "../../test-support/test-app.ts";
import { addReceivingPoints } from "../receiving-points/receiving-points.service.ts";

/** A shop with three tools, a customer with a paid three-line order, and an admin. */
async function paidOrder(fulfilment: "delivery" | "collection" = "delivery") {
	const t = await createTestApp();
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
		minimum_quantity: 1,
	});
	const [depot] = await addReceivingPoints(t.db, [
		{
			name: "Leeds Depot",
			address: "3 Canal Wharf, Leeds",
			opening_hours: "Mon–Fri 8:00–18:00",
		},
	]);
	const customer = await signUp(t.app, { name: "Cora Customer" });
	const admin = await signUpAdmin(t.app, t.db, { name: "Ada Admin" });
	const placed = await postCheckout(t.app, customer.cookie, {
		lines: [
			{ tool_id: saw.id, quantity: 4 },
			{ tool_id: drill.id, quantity: 2 },
			{ tool_id: clamp.id, quantity: 10 },
		],
		fulfilment:
			fulfilment === "delivery"
				? TEST_DELIVERY
				: { kind: "collection", receiving_point_id: depot?.id },
	});
	expect(placed.statusCode, placed.body).toBe(201);
	const orderId: string = placed.json().id;
	const paid = await postOrderAction(
		t.app,
		customer.cookie,
		orderId,
		"payment",
	);
	expect(paid.statusCode, paid.body).toBe(200);
	return { t, saw, drill, clamp, customer, admin, orderId };
}

/** An admin's step on an order (ship, ready, deliver, collect, refund). */
function adminStep(
	t: TestApp,
	admin: SignedIn,
	orderId: string,
	step: string,
	payload?: object,
) {
	return t.app.inject({
		method: "POST",
		url: `/api/admin/orders/${orderId}/${step}`,
		headers: authHeaders(admin.cookie),
		...(payload ? { payload } : {}),
	});
}

async function detailFor(t: TestApp, who: SignedIn, url: string) {
	const response = await t.app.inject({
		url,
		headers: authHeaders(who.cookie),
	});
	expect(response.statusCode, response.body).toBe(200);
	return OrderDetailSchema.parse(response.json());
}

const stocks = (t: TestApp, ...ids: string[]) =>
	Promise.all(ids.map((id) => readStock(t.db, id)));

test("an admin ships a paid order with a tracking number; the customer sees it, its timeline and a mail, then it is delivered", async () => {
	const { t, customer, admin, orderId } = await paidOrder();
	const shipped = await adminStep(t, admin, orderId, "ship", {
		carrier: "DHL",
		tracking_number: "JD014600003828",
	});
	expect(shipped.statusCode, shipped.body).toBe(200);
	expect(shipped.json()).toMatchObject({
		status: "shipped",
		carrier: "DHL",
		tracking_number: "JD014600003828",
	});

	const seen = await detailFor(t, customer, `/api/orders/${orderId}`);
	expect(seen).toMatchObject({
		status: "shipped",
		tracking_number: "JD014600003828",
	});
	expect(
		seen.events.map((event) => [event.kind, event.actor, event.actor_email]),
	).toEqual([
		["placed", "customer", null],
		["paid", "payment provider", null],
		["invoice_issued", "shop", null],
		["shipped", "admin", null],
	]);
	expect(seen.events[1]?.details).toEqual({ transaction_id: seen.payment_id });
	expect(seen.events[2]?.details).toEqual({
		number: seen.invoices[0]?.number,
	});
	expect(seen.events[3]?.details).toEqual({
		carrier: "DHL",
		tracking_number: "JD014600003828",
	});
	// The admins see which of them did it.
	const asAdmin = await detailFor(t, admin, `/api/admin/orders/${orderId}`);
	expect(asAdmin.events[3]?.actor_email).toBe(admin.email);

	const mail = await waitForOrderMail(
		t.config,
		customer.email,
		"order shipped",
	);
	expect(mail.text).toContain("Tracking number: JD014600003828");

	const delivered = await adminStep(t, admin, orderId, "deliver");
	expect(delivered.json()).toMatchObject({ status: "delivered" });
	expect(delivered.json().completed_at).not.toBeNull();
});

test("a collection order is made ready at its receiving point and then collected; the customer is told where and when", async () => {
	const { t, customer, admin, orderId } = await paidOrder("collection");
	const ready = await adminStep(t, admin, orderId, "ready");
	expect(ready.statusCode, ready.body).toBe(200);
	expect(ready.json()).toMatchObject({ status: "ready_for_collection" });
	const mail = await waitForOrderMail(
		t.config,
		customer.email,
		"ready for collection",
	);
	expect(mail.text).toContain("Collect at: Leeds Depot, 3 Canal Wharf, Leeds");
	expect(mail.text).toContain("Opening hours: Mon–Fri 8:00–18:00");
	const seen = await detailFor(t, customer, `/api/orders/${orderId}`);
	expect(seen.fulfilment).toMatchObject({
		kind: "collection",
		receiving_point: { name: "Leeds Depot" },
	});
	const collected = await adminStep(t, admin, orderId, "collect");
	expect(collected.json()).toMatchObject({ status: "collected" });
});

test("every step out of turn is refused with a 409 that says why, and changes nothing", async () => {
	const { t, customer, admin, orderId } = await paidOrder();
	const tracking = { carrier: "UPS", tracking_number: "1Z999AA10123456784" };
	const refusals: [string, object | undefined, string][] = [
		[
			"ready",
			undefined,
			"This order is not collected at a receiving point: mark it shipped instead",
		],
		["deliver", undefined, "Only a shipped order can be marked delivered"],
		[
			"collect",
			undefined,
			"Only an order ready for collection can be marked collected",
		],
	];
	for (const [step, payload, message] of refusals) {
		const response = await adminStep(t, admin, orderId, step, payload);
		expect(response.statusCode, step).toBe(409);
		expect(response.json().error.message).toBe(message);
	}
	expect(
		(await adminStep(t, admin, orderId, "ship", tracking)).statusCode,
	).toBe(200);
	const again = await adminStep(t, admin, orderId, "ship", tracking);
	expect(again.statusCode).toBe(409);
	expect(again.json().error.message).toBe(
		"Only a paid order that has not left yet can be shipped",
	);
	const cancel = await postOrderAction(
		t.app,
		customer.cookie,
		orderId,
		"cancel",
	);
	expect(cancel.statusCode).toBe(409);
	expect(cancel.json().error.message).toBe("A paid order cannot be cancelled");
	const seen = await detailFor(t, customer, `/api/orders/${orderId}`);
	expect(seen.events.map((event) => event.kind)).toEqual([
		"placed",
		"paid",
		"invoice_issued",
		"shipped",
	]);
});

test("an unpaid order cannot be shipped; a tracking number is required; only admins take steps", async () => {
	const t = await createTestApp();
	const tool = await insertTestTool(t.db, {
		available_quantity: 50,
		minimum_quantity: 1,
	});
	const customer = await signUp(t.app, { name: "Cora Customer" });
	const admin = await signUpAdmin(t.app, t.db);
	const placed = await postCheckout(t.app, customer.cookie, {
		lines: [{ tool_id: tool.id, quantity: 2 }],
		fulfilment: TEST_DELIVERY,
	});
	const orderId = placed.json().id;
	const tracking = { carrier: "UPS", tracking_number: "1Z999" };
	const unpaid = await adminStep(t, admin, orderId, "ship", tracking);
	expect(unpaid.statusCode).toBe(409);
	expect(unpaid.json().error.message).toBe(
		"Only a paid order that has not left yet can be shipped",
	);
	const blank = await adminStep(t, admin, orderId, "ship", {
		carrier: "UPS",
		tracking_number: " ",
	});
	expect(blank.statusCode).toBe(400);
	expect(blank.json().error.details).toEqual([
		{ field: "tracking_number", message: "Tracking number is required" },
	]);
	const asCustomer = await adminStep(t, customer, orderId, "ship", tracking);
	expect(asCustomer.statusCode).toBe(403);
	const refundAsCustomer = await adminStep(t, customer, orderId, "refund", {
		reason: "mine",
	});
	expect(refundAsCustomer.statusCode).toBe(403);
	const unknown = await adminStep(
		t,
		admin,
		crypto.randomUUID(),
		"ship",
		tracking,
	);
	expect(unknown.statusCode).toBe(404);
});

test("refunding some pieces of two lines gives back exactly their price and their pieces; the rest in full marks the order refunded", async () => {
	const { t, saw, drill, clamp, customer, admin, orderId } = await paidOrder();
	expect(await stocks(t, saw.id, drill.id, clamp.id)).toEqual([36, 8, 90]);
	const partial = await adminStep(t, admin, orderId, "refund", {
		lines: [
			{ tool_id: saw.id, quantity: 3 },
			{ tool_id: drill.id, quantity: 1 },
		],
		reason: "Two saws and a drill arrived damaged",
	});
	expect(partial.statusCode, partial.body).toBe(200);
	const afterPartial = OrderDetailSchema.parse(partial.json());
	expect(afterPartial).toMatchObject({
		status: "paid",
		refunded_cents: 3 * 2500 + 19_900,
	});
	expect(afterPartial.lines.map((line) => line.refunded_quantity)).toEqual([
		3, 1, 0,
	]);
	expect(afterPartial.refunds).toEqual([
		expect.objectContaining({
			status: "succeeded",
			amount_cents: 27_400,
			reason: "Two saws and a drill arrived damaged",
		}),
	]);
	// Not shipped yet: the refunded pieces are back in stock, no more and no less.
	expect(await stocks(t, saw.id, drill.id, clamp.id)).toEqual([39, 9, 90]);
	const mail = await waitForOrderMail(
		t.config,
		customer.email,
		"refund issued",
	);
	expect(mail.text).toContain("We have refunded $274.00");

	const tooMany = await adminStep(t, admin, orderId, "refund", {
		lines: [{ tool_id: saw.id, quantity: 2 }],
		reason: "again",
	});
	expect(tooMany.statusCode).toBe(409);
	expect(tooMany.json().error.message).toBe(
		"Panel Saw: only 1 piece is left to refund.",
	);

	const rest = await adminStep(t, admin, orderId, "refund", {
		reason: "Order returned",
	});
	expect(rest.statusCode, rest.body).toBe(200);
	const refunded = OrderDetailSchema.parse(rest.json());
	expect(refunded).toMatchObject({
		status: "refunded",
		refunded_cents: refunded.total_cents,
	});
	expect(refunded.lines.map((line) => line.refunded_quantity)).toEqual([
		4, 2, 10,
	]);
	expect(await stocks(t, saw.id, drill.id, clamp.id)).toEqual([40, 10, 100]);
	const done = await adminStep(t, admin, orderId, "refund", {
		reason: "once more",
	});
	expect(done.statusCode).toBe(409);
	expect(done.json().error.message).toBe(
		"This order is already refunded in full",
	);
	expect(refunded.events.map((event) => event.kind)).toEqual([
		"placed",
		"paid",
		"invoice_issued",
		"refunded",
		"credit_note_issued",
		"refunded",
		"credit_note_issued",
	]);
	// An invoice for the payment and a credit note, numbered in its own sequence, for each refund.
	expect(
		refunded.invoices.map((invoice) => [invoice.kind, invoice.total_cents]),
	).toEqual([
		["invoice", refunded.total_cents],
		["credit_note", 27_400],
		["credit_note", refunded.total_cents - 27_400],
	]);
	const [invoice, firstNote, secondNote] = refunded.invoices;
	expect(invoice?.number).toMatch(/^\d{4}-\d{6}$/);
	expect(firstNote?.number).toMatch(/^CN-\d{4}-000001$/);
	expect(secondNote?.number).toMatch(/^CN-\d{4}-000002$/);
	const pdf = await t.app.inject({
		url: `/api/invoices/${firstNote?.id}/pdf`,
		headers: authHeaders(customer.cookie),
	});
	expect(pdf.statusCode).toBe(200);
	expect(pdf.headers["content-type"]).toBe("application/pdf");
});

test("refunding a shipped order gives the money back but not the pieces: they are with the customer", async () => {
	const { t, saw, drill, clamp, admin, orderId } = await paidOrder();
	await adminStep(t, admin, orderId, "ship", {
		carrier: "DHL",
		tracking_number: "JD1",
	});
	const refund = await adminStep(t, admin, orderId, "refund", {
		lines: [{ tool_id: clamp.id, quantity: 5 }],
		reason: "Goodwill",
	});
	expect(refund.statusCode, refund.body).toBe(200);
	expect(refund.json()).toMatchObject({
		status: "shipped",
		refunded_cents: 5 * 1250,
	});
	expect(await stocks(t, saw.id, drill.id, clamp.id)).toEqual([36, 8, 90]);
});

test("five full refunds of one order at once give it back once and restock once", async () => {
	const { t, saw, drill, clamp, admin, orderId } = await paidOrder();
	const answers = await Promise.all(
		Array.from({ length: 5 }, () =>
			adminStep(t, admin, orderId, "refund", { reason: "Cancelled by phone" }),
		),
	);
	const statuses = answers.map((answer) => answer.statusCode).sort();
	expect(statuses).toEqual([200, 409, 409, 409, 409]);
	expect(await stocks(t, saw.id, drill.id, clamp.id)).toEqual([40, 10, 100]);
	const detail = await detailFor(t, admin, `/api/admin/orders/${orderId}`);
	expect(detail.refunds).toHaveLength(1);
	expect(detail.status).toBe("refunded");
});

test("an unpaid or cancelled order cannot be refunded, and a refund of a line the order lacks is refused", async () => {
	const { t, admin, orderId } = await paidOrder();
	const other = await insertTestTool(t.db);
	const noLine = await adminStep(t, admin, orderId, "refund", {
		lines: [{ tool_id: other.id, quantity: 1 }],
		reason: "wrong",
	});
	expect(noLine.statusCode).toBe(409);
	expect(noLine.json().error.message).toBe(
		"This order has no line of that tool",
	);
	const blank = await adminStep(t, admin, orderId, "refund", {});
	expect(blank.statusCode).toBe(400);

	const customer = await signUp(t.app, { name: "Una Unpaid" });
	const unpaid = await postCheckout(t.app, customer.cookie, {
		lines: [{ tool_id: other.id, quantity: 10 }],
		fulfilment: TEST_DELIVERY,
	});
	const refused = await adminStep(t, admin, unpaid.json().id, "refund", {
		reason: "no",
	});
	expect(refused.statusCode).toBe(409);
	expect(refused.json().error.message).toBe(
		"Only a paid order can be refunded",
	);
});
