import type { InjectOptions } from "fastify";
import { expect, test } from "vitest";
import { OrderSchema } from "../../../shared/orders.schemas.ts";
import {
	AdminQuotePageSchema,
	AdminQuoteSchema,
	addDays,
	QuotePageSchema,
	QuoteSchema,
	utcDay,
} from "../../../shared/quotes.schemas.ts";
import {
	authHeaders,
	type SignedIn,
	signUp,
	signUpAdmin,
} from "../../test-support/accounts.ts";
import {
	postOrderAction,
	readStock,
	TEST_DELIVERY,
} from "../../test-support/orders.ts";
import {
	createTestApp,
	insertTestTool,
	type TestApp,
} from "../../test-support/test-app.ts";

const today = () => utcDay();
const nextWeek = () => addDays(today(), 7);

/**
 * A shop with a drill (40 in stock, minimum 10, packs of 5, $25.00), a customer and an admin;
 * the shop's contact address is set unless `contactEmail` is "".
 */
async function quoteShop({
	contactEmail = "sales@tools.example",
}: {
	contactEmail?: string;
} = {}) {
	const t = await createTestApp();
	const tool = await insertTestTool(t.db, {
		tool_name: "Hammer Drill",
		sku: "HD-2000",
		price_cents: 2500,
		available_quantity: 40,
		minimum_quantity: 10,
		pack_size: 5,
	});
	const customer = await signUp(t.app, { name: "Quinn Quoter" });
	const admin = await signUpAdmin(t.app, t.db, { name: "Ada Admin" });
	const settings = await t.app.inject({
		method: "PUT",
		url: "/api/admin/shop-settings",
		headers: authHeaders(admin.cookie),
		payload: {
			shop_name: "Forge Supply",
			legal_address: "1 Test Road",
			tax_id: "",
			contact_email: contactEmail,
			currency: "USD",
		},
	});
	expect(settings.statusCode, settings.body).toBe(200);
	return { t, tool, customer, admin };
}

function call(
	t: TestApp,
	who: SignedIn,
	method: InjectOptions["method"],
	url: string,
	payload?: object,
	headers: Record<string, string> = {},
) {
	return t.app.inject({
		method,
		url,
		headers: { ...authHeaders(who.cookie), ...headers },
		...(payload ? { payload } : {}),
	});
}

async function requestQuote(
	t: TestApp,
	who: SignedIn,
	payload: object,
): Promise<string> {
	const response = await call(t, who, "POST", "/api/quotes", payload);
	expect(response.statusCode, response.body).toBe(201);
	return QuoteSchema.parse(response.json()).id;
}

function answer(
	t: TestApp,
	admin: SignedIn,
	quoteId: string,
	payload: object = { unit_price: "21.50", valid_until: nextWeek() },
) {
	return call(t, admin, "POST", `/api/admin/quotes/${quoteId}/answer`, payload);
}

function accept(
	t: TestApp,
	who: SignedIn,
	quoteId: string,
	idempotencyKey?: string,
) {
	return call(
		t,
		who,
		"POST",
		`/api/quotes/${quoteId}/accept`,
		{ fulfilment: TEST_DELIVERY, purchase_order: "PO-77" },
		idempotencyKey ? { "idempotency-key": idempotencyKey } : {},
	);
}

async function readQuote(t: TestApp, who: SignedIn, quoteId: string) {
	const response = await call(t, who, "GET", `/api/quotes/${quoteId}`);
	expect(response.statusCode, response.body).toBe(200);
	return QuoteSchema.parse(response.json());
}

/** The quote mails in the outbox, oldest first. */
async function quoteMails(t: TestApp) {
	const rows = await t.db
		.selectFrom("mail_outbox")
		.select(["to_address", "kind", "subject", "text_body", "html_body"])
		.where("kind", "like", "quote-%")
		.orderBy("created_at")
		.orderBy("id")
		.execute();
	return rows;
}

async function countOrders(t: TestApp): Promise<number> {
	const row = await t.db
		.selectFrom("orders")
		.select((eb) => eb.fn.countAll<number | string>().as("count"))
		.executeTakeFirstOrThrow();
	return Number(row.count);
}

test("a customer asks for more than the stock: the request is kept, nothing is taken, and the shop's contact address is mailed", async () => {
	const { t, tool, customer } = await quoteShop();
	const response = await call(t, customer, "POST", "/api/quotes", {
		tool_id: tool.id,
		quantity: 500,
		wanted_price: "19.99",
		needed_by: nextWeek(),
		note: "For a school workshop",
	});
	expect(response.statusCode, response.body).toBe(201);
	expect(QuoteSchema.parse(response.json())).toMatchObject({
		tool_id: tool.id,
		tool_name: "Hammer Drill",
		sku: "HD-2000",
		quantity: 500,
		wanted_price_cents: 1999,
		needed_by: nextWeek(),
		customer_note: "For a school workshop",
		status: "requested",
		unit_price_cents: null,
		total_cents: null,
		order_id: null,
	});
	expect(await readStock(t.db, tool.id)).toBe(40);
	expect(await countOrders(t)).toBe(0);
	const [mail, ...others] = await quoteMails(t);
	expect(others).toEqual([]);
	expect(mail).toMatchObject({
		to_address: "sales@tools.example",
		kind: "quote-requested",
		subject: "Forge Supply: quote requested, Hammer Drill",
	});
	expect(mail?.text_body).toContain("Pieces: 500");
	expect(mail?.text_body).toContain("Wanted unit price: $19.99");
	// The customer's own words never go into the shop's mail.
	expect(mail?.text_body).not.toContain("school workshop");
	expect(mail?.html_body).toContain("<strong>Part number:</strong> HD-2000");
});

test("with no contact address in the shop settings, every admin is mailed of a new request", async () => {
	const { t, tool, customer, admin } = await quoteShop({ contactEmail: "" });
	const second = await signUpAdmin(t.app, t.db, { name: "Bo Admin" });
	await requestQuote(t, customer, { tool_id: tool.id, quantity: 100 });
	expect(
		(await quoteMails(t)).map((mail) => [mail.to_address, mail.kind]).sort(),
	).toEqual(
		[
			[admin.email, "quote-requested"],
			[second.email, "quote-requested"],
		].sort(),
	);
});

test("an admin answers; the customer is mailed, accepts, and gets an order at the quoted price that takes the stock only then and is paid like any other", async () => {
	const { t, tool, customer, admin } = await quoteShop();
	const quoteId = await requestQuote(t, customer, {
		tool_id: tool.id,
		quantity: 30,
	});
	const answered = await answer(t, admin, quoteId, {
		unit_price: "21.50",
		valid_until: nextWeek(),
		note: "Free delivery included.",
	});
	expect(answered.statusCode, answered.body).toBe(200);
	expect(AdminQuoteSchema.parse(answered.json())).toMatchObject({
		status: "answered",
		unit_price_cents: 2150,
		total_cents: 64_500,
		valid_until: nextWeek(),
		admin_note: "Free delivery included.",
		answered_by_email: admin.email,
		email: customer.email,
	});
	expect(await readQuote(t, customer, quoteId)).toMatchObject({
		status: "answered",
		unit_price_cents: 2150,
		total_cents: 64_500,
	});
	const answerMail = (await quoteMails(t)).find(
		(mail) => mail.kind === "quote-answered",
	);
	expect(answerMail).toMatchObject({
		to_address: customer.email,
		subject: "Forge Supply: your quote, Hammer Drill",
	});
	expect(answerMail?.text_body).toContain("Unit price: $21.50");
	expect(answerMail?.text_body).toContain("Total: $645.00");
	expect(answerMail?.text_body).toContain(
		`Valid until: ${nextWeek()} (inclusive, UTC)`,
	);
	expect(answerMail?.text_body).toContain(
		"Note from the shop: Free delivery included.",
	);
	expect(await readStock(t.db, tool.id)).toBe(40);

	const accepted = await accept(t, customer, quoteId);
	expect(accepted.statusCode, accepted.body).toBe(201);
	const order = OrderSchema.parse(accepted.json());
	// The quoted $21.50 a piece, not the catalog's $25.00.
	expect(order).toMatchObject({
		status: "unpaid",
		total_cents: 64_500,
		purchase_order: "PO-77",
		fulfilment: { kind: "delivery" },
	});
	expect(order.lines).toMatchObject([
		{ tool_id: tool.id, quantity: 30, price_cents: 2150 },
	]);
	expect(await readStock(t.db, tool.id)).toBe(10);
	expect(await readQuote(t, customer, quoteId)).toMatchObject({
		status: "accepted",
		order_id: order.id,
	});
	const paid = await postOrderAction(
		t.app,
		customer.cookie,
		order.id,
		"payment",
	);
	expect(paid.statusCode, paid.body).toBe(200);
	expect(paid.json().order).toMatchObject({ status: "paid" });
});

test("an answer may be changed until the quote is accepted; accepting takes the latest price", async () => {
	const { t, tool, customer, admin } = await quoteShop();
	const quoteId = await requestQuote(t, customer, {
		tool_id: tool.id,
		quantity: 10,
	});
	expect((await answer(t, admin, quoteId)).statusCode).toBe(200);
	const again = await answer(t, admin, quoteId, {
		unit_price: "20",
		valid_until: addDays(today(), 30),
	});
	expect(again.statusCode, again.body).toBe(200);
	const accepted = await accept(t, customer, quoteId);
	expect(accepted.statusCode, accepted.body).toBe(201);
	expect(OrderSchema.parse(accepted.json()).total_cents).toBe(20_000);
	const afterAccept = await answer(t, admin, quoteId);
	expect(afterAccept.statusCode).toBe(409);
	expect(afterAccept.json().error.message).toBe(
		"This quote was accepted already: its order is in My Orders. It can no longer be answered.",
	);
});

test("an admin declines a request: the customer sees it declined and is mailed; it can no longer be answered or accepted", async () => {
	const { t, tool, customer, admin } = await quoteShop();
	const quoteId = await requestQuote(t, customer, {
		tool_id: tool.id,
		quantity: 500,
	});
	const declined = await call(
		t,
		admin,
		"POST",
		`/api/admin/quotes/${quoteId}/decline`,
		{ note: "We cannot source that many." },
	);
	expect(declined.statusCode, declined.body).toBe(200);
	expect(await readQuote(t, customer, quoteId)).toMatchObject({
		status: "declined",
		admin_note: "We cannot source that many.",
	});
	const mail = (await quoteMails(t)).find(
		(row) => row.kind === "quote-declined",
	);
	expect(mail).toMatchObject({
		to_address: customer.email,
		subject: "Forge Supply: your quote request, Hammer Drill",
	});
	expect(mail?.text_body).toContain(
		"Note from the shop: We cannot source that many.",
	);
	expect((await answer(t, admin, quoteId)).statusCode).toBe(409);
	const refused = await accept(t, customer, quoteId);
	expect(refused.statusCode).toBe(409);
	expect(refused.json().error.message).toBe("The shop declined this request.");
});

test("a customer withdraws a request; it can no longer be answered, accepted or withdrawn again", async () => {
	const { t, tool, customer, admin } = await quoteShop();
	const quoteId = await requestQuote(t, customer, {
		tool_id: tool.id,
		quantity: 10,
	});
	const withdrawn = await call(
		t,
		customer,
		"POST",
		`/api/quotes/${quoteId}/withdraw`,
	);
	expect(withdrawn.statusCode, withdrawn.body).toBe(200);
	expect(QuoteSchema.parse(withdrawn.json()).status).toBe("withdrawn");
	const answered = await answer(t, admin, quoteId);
	expect(answered.statusCode).toBe(409);
	expect(answered.json().error.message).toBe(
		"This request was withdrawn. It can no longer be answered.",
	);
	expect((await accept(t, customer, quoteId)).statusCode).toBe(409);
	const again = await call(
		t,
		customer,
		"POST",
		`/api/quotes/${quoteId}/withdraw`,
	);
	expect(again.statusCode).toBe(409);
});

test("an answered quote past its last day reads as lapsed everywhere and cannot be accepted; answering it again revives it", async () => {
	const { t, tool, customer, admin } = await quoteShop();
	const quoteId = await requestQuote(t, customer, {
		tool_id: tool.id,
		quantity: 10,
	});
	expect((await answer(t, admin, quoteId)).statusCode).toBe(200);
	// Its last day was yesterday (UTC).
	await t.db
		.updateTable("quotes")
		.set({ valid_until: addDays(today(), -1) })
		.where("id", "=", quoteId)
		.execute();
	expect((await readQuote(t, customer, quoteId)).status).toBe("lapsed");
	const mine = await call(t, customer, "GET", "/api/quotes");
	expect(QuotePageSchema.parse(mine.json()).items[0]?.status).toBe("lapsed");
	const lapsed = await call(t, admin, "GET", "/api/admin/quotes?status=lapsed");
	expect(
		AdminQuotePageSchema.parse(lapsed.json()).items.map((quote) => quote.id),
	).toEqual([quoteId]);
	const answeredList = await call(
		t,
		admin,
		"GET",
		"/api/admin/quotes?status=answered",
	);
	expect(AdminQuotePageSchema.parse(answeredList.json()).total).toBe(0);

	const refused = await accept(t, customer, quoteId);
	expect(refused.statusCode).toBe(409);
	expect(refused.json().error.message).toBe(
		"This quote has lapsed: its last day has passed. Ask for a new quote.",
	);
	expect(await readStock(t.db, tool.id)).toBe(40);
	expect(await countOrders(t)).toBe(0);

	expect((await answer(t, admin, quoteId)).statusCode).toBe(200);
	expect((await readQuote(t, customer, quoteId)).status).toBe("answered");
	expect((await accept(t, customer, quoteId)).statusCode).toBe(201);
});

test("a quote valid until today can still be accepted today", async () => {
	const { t, tool, customer, admin } = await quoteShop();
	const quoteId = await requestQuote(t, customer, {
		tool_id: tool.id,
		quantity: 10,
	});
	const answered = await answer(t, admin, quoteId, {
		unit_price: "22",
		valid_until: today(),
	});
	expect(answered.statusCode, answered.body).toBe(200);
	expect((await accept(t, customer, quoteId)).statusCode).toBe(201);
});

test("someone else's quote is a 404 to read, accept and withdraw, and is not in their list", async () => {
	const { t, tool, customer, admin } = await quoteShop();
	const other = await signUp(t.app, { name: "Otto Other" });
	const quoteId = await requestQuote(t, customer, {
		tool_id: tool.id,
		quantity: 10,
	});
	expect((await answer(t, admin, quoteId)).statusCode).toBe(200);
	for (const who of [other, admin]) {
		expect(
			(await call(t, who, "GET", `/api/quotes/${quoteId}`)).statusCode,
		).toBe(404);
		expect((await accept(t, who, quoteId)).statusCode).toBe(404);
		expect(
			(await call(t, who, "POST", `/api/quotes/${quoteId}/withdraw`))
				.statusCode,
		).toBe(404);
	}
	const theirs = await call(t, other, "GET", "/api/quotes");
	expect(QuotePageSchema.parse(theirs.json()).total).toBe(0);
	expect((await readQuote(t, customer, quoteId)).status).toBe("answered");
	expect(await readStock(t.db, tool.id)).toBe(40);
});

test("accepting when the stock is short is refused with the reason; nothing is ordered and the quote stays answered", async () => {
	const { t, tool, customer, admin } = await quoteShop();
	const quoteId = await requestQuote(t, customer, {
		tool_id: tool.id,
		quantity: 100,
	});
	expect((await answer(t, admin, quoteId)).statusCode).toBe(200);
	const refused = await accept(t, customer, quoteId);
	expect(refused.statusCode).toBe(409);
	expect(refused.json().error.message).toBe(
		"Hammer Drill: Your maximum order is 40 pieces.",
	);
	expect(await readStock(t.db, tool.id)).toBe(40);
	expect(await countOrders(t)).toBe(0);
	expect(await readQuote(t, customer, quoteId)).toMatchObject({
		status: "answered",
		order_id: null,
	});
	// Restocked: the same quote is accepted.
	await t.db
		.updateTable("tools")
		.set({ available_quantity: 150 })
		.where("id", "=", tool.id)
		.execute();
	expect((await accept(t, customer, quoteId)).statusCode).toBe(201);
	expect(await readStock(t.db, tool.id)).toBe(50);
});

test("accepting twice: the same Idempotency-Key answers with the same order, a new key is refused; the stock is taken once", async () => {
	const { t, tool, customer, admin } = await quoteShop();
	const quoteId = await requestQuote(t, customer, {
		tool_id: tool.id,
		quantity: 10,
	});
	expect((await answer(t, admin, quoteId)).statusCode).toBe(200);
	const first = await accept(t, customer, quoteId, "accept-key-0001");
	expect(first.statusCode, first.body).toBe(201);
	const repeat = await accept(t, customer, quoteId, "accept-key-0001");
	expect(repeat.statusCode, repeat.body).toBe(200);
	expect(repeat.json().id).toBe(first.json().id);
	const second = await accept(t, customer, quoteId, "accept-key-0002");
	expect(second.statusCode).toBe(409);
	expect(second.json().error.message).toBe(
		"This quote was accepted already: its order is in My Orders.",
	);
	expect(await readStock(t.db, tool.id)).toBe(30);
	expect(await countOrders(t)).toBe(1);
});

test("an account holds at most 10 open requests; a withdrawn or lapsed one makes room", async () => {
	const { t, tool, customer, admin } = await quoteShop();
	const ids: string[] = [];
	for (let index = 0; index < 10; index += 1)
		ids.push(
			await requestQuote(t, customer, { tool_id: tool.id, quantity: 10 }),
		);
	const refused = await call(t, customer, "POST", "/api/quotes", {
		tool_id: tool.id,
		quantity: 10,
	});
	expect(refused.statusCode).toBe(409);
	expect(refused.json().error.message).toBe(
		"You have 10 open quote requests, the most an account can hold. Withdraw one in My Quotes, or wait for the shop's answers, to ask for another.",
	);
	// Another customer is not held back by this one.
	const other = await signUp(t.app, { name: "Otto Other" });
	await requestQuote(t, other, { tool_id: tool.id, quantity: 10 });

	const [first, second] = ids as [string, string];
	await call(t, customer, "POST", `/api/quotes/${first}/withdraw`);
	await requestQuote(t, customer, { tool_id: tool.id, quantity: 10 });
	expect((await answer(t, admin, second)).statusCode).toBe(200);
	await t.db
		.updateTable("quotes")
		.set({ valid_until: addDays(today(), -1) })
		.where("id", "=", second)
		.execute();
	await requestQuote(t, customer, { tool_id: tool.id, quantity: 10 });
	expect(
		(
			await call(t, customer, "POST", "/api/quotes", {
				tool_id: tool.id,
				quantity: 10,
			})
		).statusCode,
	).toBe(409);
});

test("a request the tool's terms or the rules refuse is a 400 naming the field; a deleted tool is a 404", async () => {
	const { t, tool, customer } = await quoteShop();
	const cases: [object, string, string][] = [
		[{ quantity: 5 }, "quantity", "Your minimum order is 10 pieces."],
		[{ quantity: 12 }, "quantity", "Order in packs of 5 pieces."],
		[{ quantity: 0 }, "quantity", "Quantity must be 1 or more"],
		[
			{ quantity: 10, wanted_price: "12.345" },
			"wanted_price",
			"Wanted price must be a number with at most two decimals",
		],
		[
			{ quantity: 10, wanted_price: "0" },
			"wanted_price",
			"Wanted price must be more than 0",
		],
		[
			{ quantity: 10, needed_by: "2026-02-30" },
			"needed_by",
			"Needed by is not a real day",
		],
		[
			{ quantity: 10, needed_by: addDays(today(), -5) },
			"needed_by",
			"Needed by cannot be in the past",
		],
		[
			{ quantity: 10, note: "x".repeat(1001) },
			"note",
			"Note must be 1000 characters or fewer",
		],
	];
	for (const [changes, field, message] of cases) {
		const response = await call(t, customer, "POST", "/api/quotes", {
			tool_id: tool.id,
			...changes,
		});
		expect(response.statusCode, JSON.stringify(changes)).toBe(400);
		expect(response.json().error.details).toContainEqual({ field, message });
	}
	const deleted = await insertTestTool(t.db);
	await t.db
		.updateTable("tools")
		.set({ deleted_at: new Date().toISOString() })
		.where("id", "=", deleted.id)
		.execute();
	const gone = await call(t, customer, "POST", "/api/quotes", {
		tool_id: deleted.id,
		quantity: 10,
	});
	expect(gone.statusCode).toBe(404);
	const mine = await call(t, customer, "GET", "/api/quotes");
	expect(QuotePageSchema.parse(mine.json()).total).toBe(0);
});

test("an answer must be a price and a day from today to a year ahead", async () => {
	const { t, tool, customer, admin } = await quoteShop();
	const quoteId = await requestQuote(t, customer, {
		tool_id: tool.id,
		quantity: 10,
	});
	const cases: [object, string, string][] = [
		[
			{ unit_price: "", valid_until: nextWeek() },
			"unit_price",
			"Unit price is required",
		],
		[
			{ unit_price: "abc", valid_until: nextWeek() },
			"unit_price",
			"Unit price must be a number with at most two decimals",
		],
		[
			{ unit_price: "20", valid_until: addDays(today(), -1) },
			"valid_until",
			"Valid until must be today or later",
		],
		[
			{ unit_price: "20", valid_until: addDays(today(), 366) },
			"valid_until",
			"Valid until must be within 365 days",
		],
	];
	for (const [payload, field, message] of cases) {
		const response = await answer(t, admin, quoteId, payload);
		expect(response.statusCode, JSON.stringify(payload)).toBe(400);
		expect(response.json().error.details).toContainEqual({ field, message });
	}
	expect((await readQuote(t, customer, quoteId)).status).toBe("requested");
	expect(await quoteMails(t)).toHaveLength(1);
});

test("the admins' list is newest first, paged, filtered by status, and names the customer", async () => {
	const { t, tool, customer, admin } = await quoteShop();
	const ids: string[] = [];
	for (let index = 0; index < 3; index += 1)
		ids.push(
			await requestQuote(t, customer, {
				tool_id: tool.id,
				quantity: 10 + index * 5,
			}),
		);
	const [oldest, middle, newest] = ids as [string, string, string];
	// A second apart, as requests of one customer are: the same millisecond would tie.
	for (const [index, id] of ids.entries())
		await t.db
			.updateTable("quotes")
			.set({ created_at: `2026-12-01T10:00:0${index}.000Z` })
			.where("id", "=", id)
			.execute();
	expect((await answer(t, admin, middle)).statusCode).toBe(200);
	const firstPage = await call(
		t,
		admin,
		"GET",
		"/api/admin/quotes?page=1&page_size=2",
	);
	const page = AdminQuotePageSchema.parse(firstPage.json());
	expect(page.total).toBe(3);
	expect(page.items.map((quote) => quote.id)).toEqual([newest, middle]);
	expect(page.items[0]).toMatchObject({
		email: customer.email,
		user_name: "Quinn Quoter",
		has_account: true,
	});
	const secondPage = await call(
		t,
		admin,
		"GET",
		"/api/admin/quotes?page=2&page_size=2",
	);
	expect(
		AdminQuotePageSchema.parse(secondPage.json()).items.map(
			(quote) => quote.id,
		),
	).toEqual([oldest]);
	const requested = await call(
		t,
		admin,
		"GET",
		"/api/admin/quotes?status=requested",
	);
	expect(
		AdminQuotePageSchema.parse(requested.json()).items.map((quote) => quote.id),
	).toEqual([newest, oldest]);
	const unknown = await call(t, admin, "GET", "/api/admin/quotes?status=sold");
	expect(unknown.statusCode).toBe(400);
	expect((await call(t, customer, "GET", "/api/admin/quotes")).statusCode).toBe(
		403,
	);
});

test("a request whose customer removed their account can only be declined, and no mail goes out", async () => {
	const { t, tool, admin } = await quoteShop();
	const leaver = await signUp(t.app, { name: "Lee Leaver" });
	const quoteId = await requestQuote(t, leaver, {
		tool_id: tool.id,
		quantity: 10,
	});
	const removed = await call(t, admin, "DELETE", `/api/users/${leaver.userId}`);
	expect(removed.statusCode, removed.body).toBe(204);
	const list = await call(t, admin, "GET", "/api/admin/quotes");
	expect(AdminQuotePageSchema.parse(list.json()).items[0]).toMatchObject({
		id: quoteId,
		email: leaver.email,
		has_account: false,
	});
	const answered = await answer(t, admin, quoteId);
	expect(answered.statusCode).toBe(409);
	expect(answered.json().error.message).toBe(
		"The customer's account was removed: decline the request to close it.",
	);
	const declined = await call(
		t,
		admin,
		"POST",
		`/api/admin/quotes/${quoteId}/decline`,
		{},
	);
	expect(declined.statusCode, declined.body).toBe(200);
	expect((await quoteMails(t)).map((mail) => mail.kind).sort()).toEqual([
		"quote-requested",
	]);
});
