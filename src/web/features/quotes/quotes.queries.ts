import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import {
	ADMIN_QUOTES_PAGE_SIZE,
	type AdminQuote,
	AdminQuotePageSchema,
	AdminQuoteSchema,
	MY_QUOTES_PAGE_SIZE,
	type QuoteAcceptInput,
	type QuoteAnswerInput,
	type QuoteDeclineInput,
	QuotePageSchema,
	type QuoteRequestInput,
	QuoteSchema,
	type QuoteStatus,
} from "../../../shared/quotes.schemas.ts";
import { ApiError, apiGet, apiSend } from "../../lib/api-client.ts";
import { useIdempotentOrder } from "../../lib/idempotency-key.ts";
import { usePagedList } from "../../lib/paged-query.ts";
import { queryKeys } from "../../lib/query-keys.ts";
import { useReadAgain } from "../../lib/read-again.ts";

const quotePath = (quoteId: string) =>
	`/api/quotes/${encodeURIComponent(quoteId)}`;
const adminQuotePath = (quoteId: string) =>
	`/api/admin/quotes/${encodeURIComponent(quoteId)}`;

function useRefreshQuotes() {
	const readAgain = useReadAgain();
	return () => readAgain(queryKeys.quotes.all);
}

/** The signed-in customer's quotes, newest first, page by page ("show more"). */
export function useMyQuotes() {
	return usePagedList(
		queryKeys.quotes.mine(MY_QUOTES_PAGE_SIZE),
		"/api/quotes",
		QuotePageSchema,
		MY_QUOTES_PAGE_SIZE,
	);
}

/** One of the customer's quotes (a 404 for anyone else's). */
export function useQuote(quoteId: string) {
	return useQuery({
		queryKey: queryKeys.quotes.one(quoteId),
		queryFn: ({ signal }) => apiGet(quotePath(quoteId), QuoteSchema, signal),
		staleTime: 0,
	});
}

/** No such quote for this reader: none has the id, it is not an id, or it is someone else's. */
export function isQuoteMissing(error: unknown): boolean {
	return (
		error instanceof ApiError &&
		(error.code === "NOT_FOUND" || error.code === "VALIDATION_FAILED")
	);
}

export function useRequestQuote() {
	const refresh = useRefreshQuotes();
	return useMutation({
		mutationFn: (input: QuoteRequestInput) =>
			apiSend("POST", "/api/quotes", input, QuoteSchema),
		onSettled: refresh,
	});
}

export function useWithdrawQuote() {
	const refresh = useRefreshQuotes();
	return useMutation({
		mutationFn: (quoteId: string) =>
			apiSend("POST", `${quotePath(quoteId)}/withdraw`, undefined, QuoteSchema),
		// A refusal means the quote moved on meanwhile: read the list again either way.
		onSettled: refresh,
	});
}

/**
 * Accepts the quote as an order, with one Idempotency-Key per intended acceptance kept across
 * retries (as the purchase page and the checkout place orders). Afterwards the quotes, the
 * orders and the tools (stock was taken) are read again, refusals included.
 */
export function useAcceptQuote(quoteId: string) {
	const readAgain = useReadAgain();
	const { send, isPending } = useIdempotentOrder<QuoteAcceptInput>(
		`${quotePath(quoteId)}/accept`,
		() =>
			readAgain(
				queryKeys.quotes.all,
				queryKeys.orders.all,
				queryKeys.tools.all,
			),
	);
	return { acceptQuote: send, isPending };
}

/** One numbered page of Quote Requests, newest first, of one status or all. */
export function useAdminQuotes(page: number, status: QuoteStatus | "") {
	return useQuery({
		queryKey: queryKeys.quotes.list(page, status),
		queryFn: ({ signal }) => {
			const params = new URLSearchParams({
				page: String(page),
				page_size: String(ADMIN_QUOTES_PAGE_SIZE),
			});
			if (status) params.set("status", status);
			return apiGet(
				`/api/admin/quotes?${params}`,
				AdminQuotePageSchema,
				signal,
			);
		},
		placeholderData: keepPreviousData,
	});
}

/** An admin's answer and decline; each answers the quote as it is now, then the lists are read again. */
export function useQuoteReplies() {
	const refresh = useRefreshQuotes();
	return {
		answer: useMutation({
			mutationFn: ({
				quote,
				input,
			}: {
				quote: AdminQuote;
				input: QuoteAnswerInput;
			}) =>
				apiSend(
					"POST",
					`${adminQuotePath(quote.id)}/answer`,
					input,
					AdminQuoteSchema,
				),
			onSettled: refresh,
		}),
		decline: useMutation({
			mutationFn: ({
				quote,
				input,
			}: {
				quote: AdminQuote;
				input: QuoteDeclineInput;
			}) =>
				apiSend(
					"POST",
					`${adminQuotePath(quote.id)}/decline`,
					input,
					AdminQuoteSchema,
				),
			onSettled: refresh,
		}),
	};
}
