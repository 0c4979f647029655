import type { Order } from "../../../shared/orders.schemas.ts";
import {
	PAGE_SIZE_MAX,
	type Page,
	type PageQuery,
} from "../../../shared/paging.schemas.ts";
import {
	type AdminQuote,
	type AdminQuoteListQuery,
	dayProblem,
	MAX_OPEN_QUOTES,
	NEEDED_BY_RANGE,
	type Quote,
	type QuoteAcceptInput,
	type QuoteAnswerInput,
	type QuoteDeclineInput,
	type QuoteRequestInput,
	type QuoteStatus,
	utcDay,
	VALID_UNTIL_RANGE,
} from "../../../shared/quotes.schemas.ts";
import { dollarsToCents } from "../../../shared/tools.schemas.ts";
import type { Viewer } from "../../platform/auth/session-guard.ts";
import type { Db } from "../../platform/db/database.ts";
import { readPage } from "../../platform/db/paging.ts";
import {
	ConflictError,
	NotFoundError,
	ValidationError,
} from "../../platform/http/errors.ts";
import { timeOrderedId } from "../../platform/time-ordered-id.ts";
import type { AccountUseCases } from "../accounts/accounts.service.ts";
import { enqueueMail } from "../mail/mail-outbox.service.ts";
import type { OrderUseCases } from "../orders/orders.service.ts";
import { getShopSettings } from "../shop-settings/shop-settings.service.ts";
import { getTool } from "../tools/tools.service.ts";
import {
	quoteAnsweredMail,
	quoteDeclinedMail,
	quoteRequestedMail,
} from "./quote-mails.ts";
import {
	acceptQuoteRow,
	answerQuoteRow,
	countOpenQuotes,
	countQuotes,
	declineQuoteRow,
	findQuote,
	findQuotesPage,
	insertQuote,
	lockQuoteCustomer,
	type StoredQuote,
	withdrawQuoteRow,
} from "./quotes.repository.ts";

export type QuotesDeps = {
	db: Db;
	/** Places the order an accepted quote becomes (the orders feature's use case). */
	placeQuotedOrder: OrderUseCases["placeQuotedOrder"];
	/** The accounts feature, whose list names the admins (first) for a request's mail. */
	accounts: Pick<AccountUseCases, "listAccounts">;
	/** Wakes the mail outbox once a change that wrote mail has committed. */
	notifyMail: () => void;
	/** The time now; tests pass another to move the day quotes lapse by. */
	now?: () => Date;
};

const QUOTE_NOT_FOUND = "Quote not found";

const nowOf = (deps: QuotesDeps) => (deps.now ? deps.now() : new Date());

/** The status a quote reads as today: an answered one past its last day has lapsed. */
function statusOf(quote: StoredQuote, today: string): QuoteStatus {
	if (
		quote.status === "answered" &&
		quote.valid_until !== null &&
		quote.valid_until < today
	)
		return "lapsed";
	return quote.status;
}

function toQuote(quote: StoredQuote, today: string): Quote {
	return {
		id: quote.id,
		tool_id: quote.tool_id,
		tool_name: quote.tool_name,
		sku: quote.sku,
		quantity: quote.quantity,
		wanted_price_cents: quote.wanted_price_cents,
		needed_by: quote.needed_by,
		customer_note: quote.customer_note,
		status: statusOf(quote, today),
		unit_price_cents: quote.unit_price_cents,
		total_cents:
			quote.unit_price_cents === null
				? null
				: quote.unit_price_cents * quote.quantity,
		valid_until: quote.valid_until,
		admin_note: quote.admin_note,
		answered_at: quote.answered_at,
		order_id: quote.order_id,
		accepted_at: quote.accepted_at,
		created_at: quote.created_at,
		updated_at: quote.updated_at,
	};
}

function toAdminQuote(quote: StoredQuote, today: string): AdminQuote {
	return {
		...toQuote(quote, today),
		email: quote.email,
		user_name: quote.user_name,
		has_account: quote.user_id !== null,
		answered_by_email: quote.answered_by_email,
	};
}

/** A refused field, as a 400 names it. */
function refuseField(field: string, message: string): never {
	throw new ValidationError(`Invalid body: ${field}`, [{ field, message }]);
}

/** Why a quote in this state cannot take the step asked, in the customer's or admin's words. */
function describeClosed(status: QuoteStatus): string {
	switch (status) {
		case "requested":
			return "The shop has not answered this request yet.";
		case "answered":
			return "This quote was answered meanwhile.";
		case "declined":
			return "The shop declined this request.";
		case "accepted":
			return "This quote was accepted already: its order is in My Orders.";
		case "withdrawn":
			return "This request was withdrawn.";
		case "lapsed":
			return "This quote has lapsed: its last day has passed. Ask for a new quote.";
	}
}

/**
 * Runs a change of quotes in one transaction with the mail it writes, then wakes the outbox.
 */
async function change<T>(
	deps: QuotesDeps,
	work: (trx: Db) => Promise<T>,
): Promise<T> {
	const result = await deps.db.transaction().execute(work);
	deps.notifyMail();
	return result;
}

/**
 * Who hears of a new request: the shop's contact address, or every admin when it has none. The
 * admins are read before the transaction (the accounts feature reads them on its own connection).
 */
async function requestRecipients(
	deps: QuotesDeps,
	contactEmail: string,
): Promise<string[]> {
	if (contactEmail) return [contactEmail];
	// Admins come first in the accounts' list; a shop has far fewer than a page of them.
	const { items } = await deps.accounts.listAccounts({
		page: 1,
		page_size: PAGE_SIZE_MAX,
	});
	return items
		.filter((account) => account.role === "admin")
		.map((account) => account.email);
}

/**
 * A customer asks for a quote: the tool must be listed and the quantity a whole number of packs
 * from its minimum order (above the stock is fine: nothing is taken until the quote is accepted).
 * At most MAX_OPEN_QUOTES open requests per account, counted under a lock on the account.
 */
export async function requestQuote(
	deps: QuotesDeps,
	viewer: Viewer,
	input: QuoteRequestInput,
): Promise<Quote> {
	const now = nowOf(deps);
	const today = utcDay(now);
	const tool = await getTool(deps.db, input.tool_id);
	if (input.quantity < tool.minimum_quantity)
		refuseField(
			"quantity",
			`Your minimum order is ${tool.minimum_quantity} pieces.`,
		);
	if (input.quantity % tool.pack_size !== 0)
		refuseField("quantity", `Order in packs of ${tool.pack_size} pieces.`);
	if (input.needed_by) {
		const problem = dayProblem(
			"Needed by",
			input.needed_by,
			today,
			NEEDED_BY_RANGE,
		);
		if (problem) refuseField("needed_by", problem);
	}
	const settings = await getShopSettings(deps.db);
	const recipients = await requestRecipients(deps, settings.contact_email);
	const at = now.toISOString();
	const quote = await change(deps, async (trx) => {
		await lockQuoteCustomer(trx, viewer.id);
		// Written first, then counted with the others: the transaction's first statement is a
		// write, so on SQLite it waits for the write lock instead of failing on a stale read.
		const inserted = await insertQuote(trx, {
			id: timeOrderedId(),
			user_id: viewer.id,
			email: viewer.email,
			user_name: viewer.name,
			tool_id: tool.id,
			tool_name: tool.tool_name,
			sku: tool.sku,
			quantity: input.quantity,
			wanted_price_cents: input.wanted_price
				? dollarsToCents(input.wanted_price)
				: null,
			needed_by: input.needed_by || null,
			customer_note: input.note || null,
			status: "requested",
			created_at: at,
			updated_at: at,
		});
		const held = (await countOpenQuotes(trx, viewer.id, today)) - 1;
		if (held >= MAX_OPEN_QUOTES)
			throw new ConflictError(
				`You have ${held} open quote requests, the most an account can hold. Withdraw one in My Quotes, or wait for the shop's answers, to ask for another.`,
			);
		for (const to of recipients)
			await enqueueMail(
				trx,
				quoteRequestedMail(inserted, settings.shop_name, to),
				now,
			);
		return inserted;
	});
	return toQuote(quote, today);
}

/** One of the customer's own quotes; anyone else's is not found, as for orders. */
async function findOwnQuote(
	db: Db,
	viewer: Viewer,
	id: string,
): Promise<StoredQuote> {
	const quote = await findQuote(db, id);
	if (!quote || quote.user_id !== viewer.id)
		throw new NotFoundError(QUOTE_NOT_FOUND);
	return quote;
}

export async function getOwnQuote(
	deps: QuotesDeps,
	viewer: Viewer,
	id: string,
): Promise<Quote> {
	return toQuote(await findOwnQuote(deps.db, viewer, id), utcDay(nowOf(deps)));
}

/** The customer's quotes, newest first. */
export async function listOwnQuotes(
	deps: QuotesDeps,
	viewer: Viewer,
	query: PageQuery,
): Promise<Page<Quote>> {
	const today = utcDay(nowOf(deps));
	const filter = { userId: viewer.id, today };
	const page = await readPage(
		query,
		(offset, limit) => findQuotesPage(deps.db, filter, offset, limit),
		() => countQuotes(deps.db, filter),
	);
	return { ...page, items: page.items.map((quote) => toQuote(quote, today)) };
}

/** The customer takes back a request not yet accepted, declined or withdrawn. */
export async function withdrawQuote(
	deps: QuotesDeps,
	viewer: Viewer,
	id: string,
): Promise<Quote> {
	const now = nowOf(deps);
	const today = utcDay(now);
	const withdrawn = await withdrawQuoteRow(
		deps.db,
		id,
		viewer.id,
		now.toISOString(),
	);
	if (withdrawn) return toQuote(withdrawn, today);
	const quote = await findOwnQuote(deps.db, viewer, id);
	throw new ConflictError(
		`${describeClosed(statusOf(quote, today))} It can no longer be withdrawn.`,
	);
}

/**
 * The customer accepts an answered quote still valid today: an order of its tool and quantity at
 * the quoted unit price, delivered or collected as chosen, placed by the orders feature (stock
 * taken now, against the tool's stock and terms as any order). The quote is marked accepted in
 * the order's transaction, only if it is still the answer read here and still valid: otherwise
 * the order is undone. With an Idempotency-Key a repeat answers with the same order.
 */
export async function acceptQuote(
	deps: QuotesDeps,
	viewer: Viewer,
	id: string,
	input: QuoteAcceptInput,
	idempotencyKey: string | undefined,
): Promise<{ order: Order; isReplay: boolean }> {
	const now = nowOf(deps);
	const today = utcDay(now);
	const quote = await findOwnQuote(deps.db, viewer, id);
	const status = statusOf(quote, today);
	// An accepted quote sent again with its key answers with its order (the orders feature's replay).
	const isRepeat = status === "accepted" && idempotencyKey !== undefined;
	if (status !== "answered" && !isRepeat)
		throw new ConflictError(describeClosed(status));
	const { unit_price_cents, answered_at } = quote;
	if (unit_price_cents === null || answered_at === null)
		throw new ConflictError(describeClosed(status));
	const placed = await deps.placeQuotedOrder(
		viewer,
		{
			tool_id: quote.tool_id,
			quantity: quote.quantity,
			unit_price_cents,
			fulfilment: input.fulfilment,
			purchase_order: input.purchase_order,
			note: input.note,
		},
		idempotencyKey,
		async (trx, order) => {
			const isAccepted = await acceptQuoteRow(trx, {
				id: quote.id,
				userId: viewer.id,
				answeredAt: answered_at,
				today,
				orderId: order.id,
				at: now.toISOString(),
			});
			if (isAccepted) return;
			// Thrown inside the order's transaction: the order and its stock are undone.
			const current = await findQuote(trx, quote.id);
			if (!current) throw new NotFoundError(QUOTE_NOT_FOUND);
			const currentStatus = statusOf(current, today);
			throw new ConflictError(
				currentStatus === "answered"
					? "The shop changed its answer meanwhile. Read it again and accept it if it suits you."
					: describeClosed(currentStatus),
			);
		},
	);
	if (placed.isReplay && placed.order.id !== quote.order_id)
		throw new ConflictError(
			"This Idempotency-Key was used for a different order. Send a new key to accept this quote.",
		);
	return placed;
}

/** Every quote for the admins, newest first, of one status (lapsed included) or all. */
export async function listQuotes(
	deps: QuotesDeps,
	query: AdminQuoteListQuery,
): Promise<Page<AdminQuote>> {
	const today = utcDay(nowOf(deps));
	const filter = { status: query.status, today };
	const page = await readPage(
		query,
		(offset, limit) => findQuotesPage(deps.db, filter, offset, limit),
		() => countQuotes(deps.db, filter),
	);
	return {
		...page,
		items: page.items.map((quote) => toAdminQuote(quote, today)),
	};
}

/** Why an admin cannot answer this quote now, as a 409 (or 404 when there is none). */
async function refuseAnswer(db: Db, id: string, today: string): Promise<never> {
	const quote = await findQuote(db, id);
	if (!quote) throw new NotFoundError(QUOTE_NOT_FOUND);
	const isOpen = quote.status === "requested" || quote.status === "answered";
	if (isOpen && quote.user_id === null)
		throw new ConflictError(
			"The customer's account was removed: decline the request to close it.",
		);
	throw new ConflictError(
		`${describeClosed(statusOf(quote, today))} It can no longer be answered.`,
	);
}

/**
 * An admin answers a request, or answers again an answered one not yet accepted (a lapsed one
 * included: a new day revives it): a unit price, the last day it holds (today to a year ahead,
 * UTC) and a note. The customer is mailed the answer.
 */
export async function answerQuote(
	deps: QuotesDeps,
	admin: Viewer,
	id: string,
	input: QuoteAnswerInput,
): Promise<AdminQuote> {
	const now = nowOf(deps);
	const today = utcDay(now);
	const problem = dayProblem(
		"Valid until",
		input.valid_until,
		today,
		VALID_UNTIL_RANGE,
	);
	if (problem) refuseField("valid_until", problem);
	const answered = await change(deps, async (trx) => {
		const row = await answerQuoteRow(trx, id, {
			unit_price_cents: dollarsToCents(input.unit_price),
			valid_until: input.valid_until,
			admin_note: input.note || null,
			answered_at: now.toISOString(),
			answered_by_email: admin.email,
		});
		if (!row) return refuseAnswer(trx, id, today);
		const { shop_name } = await getShopSettings(trx);
		await enqueueMail(trx, quoteAnsweredMail(row, shop_name), now);
		return row;
	});
	return toAdminQuote(answered, today);
}

/**
 * An admin declines a request not yet accepted, with an optional note; the customer is mailed,
 * unless their account is gone (then the request is only closed).
 */
export async function declineQuote(
	deps: QuotesDeps,
	admin: Viewer,
	id: string,
	input: QuoteDeclineInput,
): Promise<AdminQuote> {
	const now = nowOf(deps);
	const today = utcDay(now);
	const declined = await change(deps, async (trx) => {
		const row = await declineQuoteRow(trx, id, {
			admin_note: input.note || null,
			at: now.toISOString(),
			by_email: admin.email,
		});
		if (!row) {
			const quote = await findQuote(trx, id);
			if (!quote) throw new NotFoundError(QUOTE_NOT_FOUND);
			throw new ConflictError(
				`${describeClosed(statusOf(quote, today))} It can no longer be declined.`,
			);
		}
		if (row.user_id !== null) {
			const { shop_name } = await getShopSettings(trx);
			await enqueueMail(trx, quoteDeclinedMail(row, shop_name), now);
		}
		return row;
	});
	return toAdminQuote(declined, today);
}

/** The quotes' use cases of one shop instance, as app.ts hands them to the routes. */
export function createQuoteUseCases(deps: QuotesDeps) {
	return {
		requestQuote: (viewer: Viewer, input: QuoteRequestInput) =>
			requestQuote(deps, viewer, input),
		listOwnQuotes: (viewer: Viewer, query: PageQuery) =>
			listOwnQuotes(deps, viewer, query),
		getOwnQuote: (viewer: Viewer, id: string) => getOwnQuote(deps, viewer, id),
		withdrawQuote: (viewer: Viewer, id: string) =>
			withdrawQuote(deps, viewer, id),
		acceptQuote: (
			viewer: Viewer,
			id: string,
			input: QuoteAcceptInput,
			idempotencyKey: string | undefined,
		) => acceptQuote(deps, viewer, id, input, idempotencyKey),
		listQuotes: (query: AdminQuoteListQuery) => listQuotes(deps, query),
		answerQuote: (admin: Viewer, id: string, input: QuoteAnswerInput) =>
			answerQuote(deps, admin, id, input),
		declineQuote: (admin: Viewer, id: string, input: QuoteDeclineInput) =>
			declineQuote(deps, admin, id, input),
	};
}

export type QuoteUseCases = ReturnType<typeof createQuoteUseCases>;
