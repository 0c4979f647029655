import { expect, test } from "vitest";
import { ApiErrorBodySchema } from "../../../shared/api-error.ts";
import {
	OrderDetailSchema,
	OrderSchema,
} from "../../../shared/orders.schemas.ts";
import {
	OverdueInvoicePageSchema,
	OwnPaymentTermsSchema,
	PaymentTermsPageSchema,
} from "../../../shared/payment-terms.schemas.ts";
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

const DAY_MS = 86_400_000;

/** A shop with a $100 tool, an admin, and a customer approved for net 30 up to `limit`. */
async function businessShop(limit = "1000.00") {
	const t = await createTestApp();
	const admin = await signUpAdmin(t.app, t.db);
	const customer = await signUp(t.app, { name: "Bea Business" });
	const tool = await insertTestTool(t.db, {
		tool_name: "Torque Wrench",
		price_cents: 10_000,
		available_quantity: 500,
		minimum_quantity: 1,
	});
	const approved = await approve(t, admin, customer.email, 30, limit);
	expect(approved.statusCode, approved.body).toBe(200);
	return { t, admin, customer, tool };
}

function approve(
	t: TestApp,
	admin: SignedIn,
	email: string,
	netDays: number,
	creditLimit: string,
) {
	return t.app.inject({
		method: "POST",
		url: "/api/admin/payment-terms",
		headers: authHeaders(admin.cookie),
		payload: { email, net_days: netDays, credit_limit: creditLimit },
	});
}

function checkoutByInvoice(
	t: TestApp,
	customer: SignedIn,
	toolId: string,
	quantity: number,
) {
	return postCheckout(t.app, customer.cookie, {
		lines: [{ tool_id: toolId, quantity }],
		fulfilment: TEST_DELIVERY,
		payment_method: "invoice",
	});
}

async function ownTerms(t: TestApp, customer: SignedIn) {
	const response = await t.app.inject({
		url: "/api/me/payment-terms",
		headers: authHeaders(customer.cookie),
	});
	return OwnPaymentTermsSchema.parse(response.json()).terms;
}

test("an approved customer checks out by invoice: accepted unpaid with a due date, invoiced at once, and told when to pay", async () => {
	const { t, admin, customer, tool } = await businessShop();
	const listed = PaymentTermsPageSchema.parse(
		(
			await t.app.inject({
				url: "/api/admin/payment-terms",
				headers: authHeaders(admin.cookie),
			})
		).json(),
	);
	expect(listed.items).toMatchObject([
		{
			email: customer.email,
			name: "Bea Business",
			net_days: 30,
			credit_limit_cents: 100_000,
			owed_cents: 0,
			approved_by_email: admin.email,
		},
	]);

	const before = Date.now();
	const response = await checkoutByInvoice(t, customer, tool.id, 3);
	expect(response.statusCode, response.body).toBe(201);
	const order = OrderSchema.parse(response.json());
	expect(order).toMatchObject({
		status: "unpaid",
		payment_method: "invoice",
		pay_by: null,
		total_cents: 30_000,
	});
	const due = Date.parse(order.due_at ?? "");
	expect(due - before).toBeGreaterThanOrEqual(30 * DAY_MS - 1000);
	expect(due - Date.now()).toBeLessThanOrEqual(30 * DAY_MS);
	expect(order.invoices).toMatchObject([{ kind: "invoice" }]);
	expect(await readStock(t.db, tool.id)).toBe(497);
	expect(await ownTerms(t, customer)).toEqual({
		net_days: 30,
		credit_limit_cents: 100_000,
		owed_cents: 30_000,
		available_cents: 70_000,
	});
	const mail = await waitForOrderMail(
		t.config,
		customer.email,
		"order confirmed",
	);
	const number = order.invoices[0]?.number ?? "";
	expect(mail.text).toContain(
		`Please pay invoice ${number} by ${order.due_at?.slice(0, 10)}`,
	);
});

test("an account without terms cannot pay by invoice, and nothing is taken", async () => {
	const { t, tool } = await businessShop();
	const stranger = await signUp(t.app);
	const response = await checkoutByInvoice(t, stranger, tool.id, 1);
	expect(response.statusCode).toBe(403);
	expect(await readStock(t.db, tool.id)).toBe(500);
	expect(await ownTerms(t, stranger)).toBeNull();
});

test("an order that would take what is owed above the credit limit is refused with both figures, and nothing is taken", async () => {
	const { t, customer, tool } = await businessShop("1000.00");
	expect((await checkoutByInvoice(t, customer, tool.id, 7)).statusCode).toBe(
		201,
	);
	const refused = await checkoutByInvoice(t, customer, tool.id, 4);
	expect(refused.statusCode).toBe(409);
	const message =
		"Paying by invoice, this order would bring what you owe to $1,100.00, above your credit limit of $1,000.00. Pay an open invoice first, or pay this order by card.";
	expect(ApiErrorBodySchema.parse(refused.json()).error).toMatchObject({
		message,
		details: [{ field: "payment_method", message }],
	});
	expect(await readStock(t.db, tool.id)).toBe(493);
	// Exactly up to the limit is allowed.
	expect((await checkoutByInvoice(t, customer, tool.id, 3)).statusCode).toBe(
		201,
	);
});

test("two checkouts at once cannot exceed the credit limit together", async () => {
	const { t, customer, tool } = await businessShop("1000.00");
	const answers = await Promise.all(
		Array.from({ length: 6 }, () => checkoutByInvoice(t, customer, tool.id, 6)),
	);
	expect(answers.map((answer) => answer.statusCode).sort()).toEqual([
		201, 409, 409, 409, 409, 409,
	]);
	expect(await readStock(t.db, tool.id)).toBe(494);
	expect((await ownTerms(t, customer))?.owed_cents).toBe(60_000);
});

test("orders by invoice are not stock holds: the unpaid-order limit does not count them", async () => {
	const { t, customer, tool } = await businessShop("100000.00");
	for (let index = 0; index < 5; index++) {
		const response = await checkoutByInvoice(t, customer, tool.id, 1);
		expect(response.statusCode, response.body).toBe(201);
	}
});

test("an admin records an invoice's payment: the order is paid under the same invoice, once, and leaves the overdue list", async () => {
	const { t, admin, customer, tool } = await businessShop();
	const order = OrderSchema.parse(
		(await checkoutByInvoice(t, customer, tool.id, 2)).json(),
	);
	await t.db
		.updateTable("orders")
		.set({ due_at: new Date(Date.now() - 3 * DAY_MS - 60_000).toISOString() })
		.where("id", "=", order.id)
		.execute();
	const overdue = OverdueInvoicePageSchema.parse(
		(
			await t.app.inject({
				url: "/api/admin/overdue-invoices",
				headers: authHeaders(admin.cookie),
			})
		).json(),
	);
	expect(overdue.items).toEqual([
		{
			order_id: order.id,
			invoice_number: order.invoices[0]?.number,
			email: customer.email,
			user_name: "Bea Business",
			total_cents: 20_000,
			due_at: expect.any(String),
			days_overdue: 3,
		},
	]);

	const pay = () =>
		t.app.inject({
			method: "POST",
			url: `/api/admin/orders/${order.id}/invoice-payment`,
			headers: authHeaders(admin.cookie),
			payload: { reference: "BANK-TRF-5521" },
		});
	const paid = await pay();
	expect(paid.statusCode, paid.body).toBe(200);
	const detail = OrderDetailSchema.parse(paid.json());
	expect(detail).toMatchObject({
		status: "paid",
		payment_id: "BANK-TRF-5521",
		invoices: [{ number: order.invoices[0]?.number }],
	});
	expect(
		detail.events.filter((event) => event.kind === "invoice_issued"),
	).toHaveLength(1);
	expect(detail.events.at(-1)).toMatchObject({
		kind: "paid",
		actor: "admin",
		actor_email: admin.email,
	});
	expect((await pay()).statusCode).toBe(409);
	expect(
		OverdueInvoicePageSchema.parse(
			(
				await t.app.inject({
					url: "/api/admin/overdue-invoices",
					headers: authHeaders(admin.cookie),
				})
			).json(),
		).total,
	).toBe(0);
	expect((await ownTerms(t, customer))?.owed_cents).toBe(0);
});

test("a card order is not marked paid by hand", async () => {
	const { t, admin, customer, tool } = await businessShop();
	const card = OrderSchema.parse(
		(
			await postCheckout(t.app, customer.cookie, {
				lines: [{ tool_id: tool.id, quantity: 1 }],
				fulfilment: TEST_DELIVERY,
			})
		).json(),
	);
	expect(card.payment_method).toBe("card");
	const refused = await t.app.inject({
		method: "POST",
		url: `/api/admin/orders/${card.id}/invoice-payment`,
		headers: authHeaders(admin.cookie),
		payload: { reference: "BANK-1" },
	});
	expect(refused.statusCode).toBe(409);
});

test("cancelling an unpaid invoice order puts its stock back and credits its invoice", async () => {
	const { t, customer, tool } = await businessShop();
	const order = OrderSchema.parse(
		(await checkoutByInvoice(t, customer, tool.id, 4)).json(),
	);
	const cancelled = await postOrderAction(
		t.app,
		customer.cookie,
		order.id,
		"cancel",
	);
	expect(cancelled.statusCode, cancelled.body).toBe(200);
	const now = OrderSchema.parse(cancelled.json());
	expect(now.status).toBe("cancelled");
	expect(now.invoices.map((invoice) => invoice.kind)).toEqual([
		"invoice",
		"credit_note",
	]);
	expect(now.invoices[1]?.total_cents).toBe(40_000);
	expect(await readStock(t.db, tool.id)).toBe(500);
	expect((await ownTerms(t, customer))?.owed_cents).toBe(0);
});

test("approving checks its input, names an unknown account, and terms can be changed and withdrawn", async () => {
	const { t, admin, customer } = await businessShop();
	for (const [payload, field] of [
		[{ email: customer.email, net_days: 45, credit_limit: "10" }, "net_days"],
		[
			{ email: customer.email, net_days: 30, credit_limit: "12.345" },
			"credit_limit",
		],
		[
			{ email: customer.email, net_days: 30, credit_limit: "2000000" },
			"credit_limit",
		],
		[{ email: "not-an-email", net_days: 30, credit_limit: "10" }, "email"],
	] as const) {
		const response = await t.app.inject({
			method: "POST",
			url: "/api/admin/payment-terms",
			headers: authHeaders(admin.cookie),
			payload,
		});
		expect(response.statusCode, JSON.stringify(payload)).toBe(400);
		expect(
			ApiErrorBodySchema.parse(response.json()).error.details?.map(
				(detail) => detail.field,
			),
		).toContain(field);
	}
	const unknown = await approve(t, admin, "nobody@example.com", 30, "10");
	expect(unknown.statusCode).toBe(404);

	const changed = await approve(t, admin, customer.email, 60, "250.50");
	expect(changed.json()).toMatchObject({
		net_days: 60,
		credit_limit_cents: 25_050,
	});
	const revoke = () =>
		t.app.inject({
			method: "DELETE",
			url: `/api/admin/payment-terms/${customer.userId}`,
			headers: authHeaders(admin.cookie),
		});
	expect((await revoke()).statusCode).toBe(204);
	expect(await ownTerms(t, customer)).toBeNull();
	expect((await revoke()).statusCode).toBe(404);
});
