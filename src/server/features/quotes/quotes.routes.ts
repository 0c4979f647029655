import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import * as z from "zod/mini";
import {
	IDEMPOTENCY_KEY_HEADER,
	IdempotencyKeySchema,
	OrderSchema,
} from "../../../shared/orders.schemas.ts";
import { PageQuerySchema } from "../../../shared/paging.schemas.ts";
import {
	AdminQuoteListQuerySchema,
	AdminQuotePageSchema,
	AdminQuoteSchema,
	MY_QUOTES_PAGE_SIZE,
	QuoteAcceptInputSchema,
	QuoteAnswerInputSchema,
	QuoteDeclineInputSchema,
	QuotePageSchema,
	QuoteParamsSchema,
	QuoteRequestInputSchema,
	QuoteSchema,
} from "../../../shared/quotes.schemas.ts";
import { signedInViewer } from "../../platform/auth/session-guard.ts";
import { clientErrorResponses } from "../../platform/http/api-schemas.ts";
import type { QuoteUseCases } from "./quotes.service.ts";

const MyQuotesQuerySchema = z.object({
	...PageQuerySchema.shape,
	page_size: z._default(PageQuerySchema.shape.page_size, MY_QUOTES_PAGE_SIZE),
});

export async function quotesRoutes(
	app: FastifyInstance,
	{ quotes }: { quotes: QuoteUseCases },
): Promise<void> {
	const routes = app.withTypeProvider<ZodTypeProvider>();

	routes.post(
		"/quotes",
		{
			schema: {
				operationId: "requestQuote",
				tags: ["quotes"],
				summary:
					"Ask the shop for a quote: a listed tool and a quantity from its minimum order in whole packs (above the stock is fine; nothing is taken), optionally a wanted unit price in dollars, a day needed by and a note. The shop is mailed. 409 when the account already holds 10 open requests.",
				body: QuoteRequestInputSchema,
				response: { 201: QuoteSchema, ...clientErrorResponses },
			},
			config: { access: "signed-in", quota: "quotes" },
		},
		async (request, reply) =>
			reply
				.code(201)
				.send(await quotes.requestQuote(signedInViewer(request), request.body)),
	);

	routes.get(
		"/quotes",
		{
			schema: {
				operationId: "listMyQuotes",
				tags: ["quotes"],
				summary:
					"The signed-in customer's quotes, newest first; an answered quote past its last day reads as lapsed",
				querystring: MyQuotesQuerySchema,
				response: { 200: QuotePageSchema, ...clientErrorResponses },
			},
			config: { access: "signed-in" },
		},
		async (request) =>
			quotes.listOwnQuotes(signedInViewer(request), request.query),
	);

	routes.get(
		"/quotes/:quoteId",
		{
			schema: {
				operationId: "getQuote",
				tags: ["quotes"],
				summary:
					"One of the signed-in customer's quotes (anyone else's is a 404)",
				params: QuoteParamsSchema,
				response: { 200: QuoteSchema, ...clientErrorResponses },
			},
			config: { access: "owner" },
		},
		async (request) =>
			quotes.getOwnQuote(signedInViewer(request), request.params.quoteId),
	);

	routes.post(
		"/quotes/:quoteId/withdraw",
		{
			schema: {
				operationId: "withdrawQuote",
				tags: ["quotes"],
				summary:
					"Withdraw one's quote request, asked or answered; 409 once accepted, declined or withdrawn",
				params: QuoteParamsSchema,
				response: { 200: QuoteSchema, ...clientErrorResponses },
			},
			config: { access: "owner", quota: "quotes" },
		},
		async (request) =>
			quotes.withdrawQuote(signedInViewer(request), request.params.quoteId),
	);

	routes.post(
		"/quotes/:quoteId/accept",
		{
			schema: {
				operationId: "acceptQuote",
				tags: ["quotes"],
				summary:
					"Accept one's answered quote while valid: an order of its tool and quantity at the quoted unit price, delivered or collected, to pay like any order (201). 409 when it is not answered, has lapsed, was answered again meanwhile, or the stock or the unpaid-orders limit refuses the order; the quote then stays answered. With an Idempotency-Key, a repeat answers 200 with the same order.",
				headers: z.object({ [IDEMPOTENCY_KEY_HEADER]: IdempotencyKeySchema }),
				params: QuoteParamsSchema,
				body: QuoteAcceptInputSchema,
				response: {
					200: OrderSchema,
					201: OrderSchema,
					...clientErrorResponses,
				},
			},
			config: { access: "owner", quota: "orders", idempotency: "own" },
		},
		async (request, reply) => {
			const { order, isReplay } = await quotes.acceptQuote(
				signedInViewer(request),
				request.params.quoteId,
				request.body,
				request.headers[IDEMPOTENCY_KEY_HEADER],
			);
			return reply.code(isReplay ? 200 : 201).send(order);
		},
	);

	routes.get(
		"/admin/quotes",
		{
			schema: {
				operationId: "listQuotes",
				tags: ["quotes"],
				summary:
					"Admin: every quote request, newest first, with its customer; filter by status (requested, answered, declined, accepted, withdrawn, lapsed)",
				querystring: AdminQuoteListQuerySchema,
				response: { 200: AdminQuotePageSchema, ...clientErrorResponses },
			},
			config: { access: "admin" },
		},
		async (request) => quotes.listQuotes(request.query),
	);

	routes.post(
		"/admin/quotes/:quoteId/answer",
		{
			schema: {
				operationId: "answerQuote",
				tags: ["quotes"],
				summary:
					"Admin: answer a request, or answer again one not accepted yet, with a unit price in dollars, the last day it holds (today to a year ahead, UTC) and a note; the customer is mailed. 409 once accepted, declined or withdrawn, or when the customer's account was removed",
				params: QuoteParamsSchema,
				body: QuoteAnswerInputSchema,
				response: { 200: AdminQuoteSchema, ...clientErrorResponses },
			},
			config: { access: "admin", quota: "admin-writes" },
		},
		async (request) =>
			quotes.answerQuote(
				signedInViewer(request),
				request.params.quoteId,
				request.body,
			),
	);

	routes.post(
		"/admin/quotes/:quoteId/decline",
		{
			schema: {
				operationId: "declineQuote",
				tags: ["quotes"],
				summary:
					"Admin: decline a request not accepted yet, with an optional note; the customer is mailed. 409 once accepted, declined or withdrawn",
				params: QuoteParamsSchema,
				body: QuoteDeclineInputSchema,
				response: { 200: AdminQuoteSchema, ...clientErrorResponses },
			},
			config: { access: "admin", quota: "admin-writes" },
		},
		async (request) =>
			quotes.declineQuote(
				signedInViewer(request),
				request.params.quoteId,
				request.body,
			),
	);
}
