import {
	keepPreviousData,
	useMutation,
	useQuery,
	useQueryClient,
} from "@tanstack/react-query";
import {
	ADMIN_ORDERS_PAGE_SIZE,
	IDEMPOTENCY_KEY_HEADER,
	OrderDeletionPageSchema,
	OrderPageSchema,
	OrderSchema,
	type OrderStatus,
	PaymentOptionsSchema,
	type PaymentStart,
	PaymentStartSchema,
	type PlaceOrderInput,
	UNPAID_HOLDERS_PAGE_SIZE,
	UnpaidHolderPageSchema,
} from "../../../shared/orders.schemas.ts";
import { ApiError, apiGet, apiSend } from "../../lib/api-client.ts";
import { usePagedList } from "../../lib/paged-query.ts";

export const MY_ORDERS_PAGE_SIZE = 9;
export const ORDER_DELETIONS_PAGE_SIZE = 10;

/** Every key starts with "orders", so a change to one order refreshes every list of them. */
export const orderKeys = {
	all: ["orders"] as const,
	mine: () => ["orders", "mine", MY_ORDERS_PAGE_SIZE] as const,
	one: (orderId: string) => ["orders", "one", orderId] as const,
	list: (page: number, status: OrderStatus | "", email: string) =>
		["orders", "list", page, status, email] as const,
	deletions: (page: number) => ["orders", "deletions", page] as const,
	holders: (page: number) => ["orders", "holders", page] as const,
};

// The tools feature's keys all start with "tools"; orders change stock, so they refresh them all.
const toolsKey = ["tools"] as const;
const paymentOptionsKey = ["payment-options"] as const;

const orderPath = (orderId: string) =>
	`/api/orders/${encodeURIComponent(orderId)}`;

/** After a change to orders: every order list, and every tool read (its stock moved). */
function useRefreshAfterOrderChange() {
	const queryClient = useQueryClient();
	return () =>
		Promise.all([
			queryClient.invalidateQueries({ queryKey: orderKeys.all }),
			queryClient.invalidateQueries({ queryKey: toolsKey }),
		]);
}

/** One key per placement: `crypto.randomUUID` needs a secure context, random bytes do not. */
export function newIdempotencyKey(): string {
	if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
	return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
		byte.toString(16).padStart(2, "0"),
	).join("");
}

const isUnanswered = (error: unknown) =>
	error instanceof ApiError &&
	(error.code === "NETWORK_ERROR" || error.status >= 500);

/**
 * Places an order. The caller makes one Idempotency-Key per confirm click; a retry of that click
 * (a lost answer) sends the same key, so the server answers with the first order, never a second.
 */
export function usePlaceOrder() {
	const refresh = useRefreshAfterOrderChange();
	return useMutation({
		mutationFn: ({
			input,
			idempotencyKey,
		}: {
			input: PlaceOrderInput;
			idempotencyKey: string;
		}) =>
			apiSend("POST", "/api/orders", input, OrderSchema, {
				[IDEMPOTENCY_KEY_HEADER]: idempotencyKey,
			}),
		retry: (failureCount, error) => failureCount < 2 && isUnanswered(error),
		retryDelay: (attempt) => 1000 * 2 ** attempt,
		// A refusal also means the stock shown was out of date: read it again either way.
		onSettled: refresh,
	});
}

/** The signed-in customer's orders, newest first, page by page ("show more"). */
export function useMyOrders() {
	return usePagedList(
		orderKeys.mine(),
		"/api/me/orders",
		OrderPageSchema,
		MY_ORDERS_PAGE_SIZE,
	);
}

export function useCancelOrder() {
	const refresh = useRefreshAfterOrderChange();
	return useMutation({
		mutationFn: (orderId: string) =>
			apiSend("POST", `${orderPath(orderId)}/cancel`, undefined, OrderSchema),
		// A refusal (paid meanwhile) means the list was out of date: read it again either way.
		onSettled: refresh,
	});
}

export function usePaymentOptions() {
	return useQuery({
		queryKey: paymentOptionsKey,
		queryFn: ({ signal }) =>
			apiGet("/api/payment-options", PaymentOptionsSchema, signal),
	});
}

export function usePayOrder() {
	const refreshOrders = useRefreshOrders();
	return useMutation({
		mutationFn: (orderId: string): Promise<PaymentStart> =>
			apiSend(
				"POST",
				`${orderPath(orderId)}/payment`,
				undefined,
				PaymentStartSchema,
			),
		onSettled: refreshOrders,
	});
}

/** Reads every order list again, for a change the shop made on its own (Stripe's webhook). */
export function useRefreshOrders() {
	const queryClient = useQueryClient();
	return () => queryClient.invalidateQueries({ queryKey: orderKeys.all });
}

/**
 * One of the customer's orders, read again every 2 s while `isWatching` and still unpaid: with
 * Stripe the order becomes paid when Stripe's webhook reaches the shop, not when the call returns.
 */
export function useOrderUntilPaid(orderId: string, isWatching: boolean) {
	return useQuery({
		queryKey: orderKeys.one(orderId),
		queryFn: ({ signal }) => apiGet(orderPath(orderId), OrderSchema, signal),
		enabled: isWatching,
		staleTime: 0,
		refetchInterval: (query) =>
			isWatching && query.state.data?.status !== "paid" ? 2000 : false,
	});
}

/** One numbered page of Manage All Orders, filtered by status and part of the email. */
export function useAllOrders(
	page: number,
	status: OrderStatus | "",
	email: string,
) {
	return useQuery({
		queryKey: orderKeys.list(page, status, email),
		queryFn: ({ signal }) => {
			const params = new URLSearchParams({
				page: String(page),
				page_size: String(ADMIN_ORDERS_PAGE_SIZE),
			});
			if (status) params.set("status", status);
			if (email) params.set("email", email);
			return apiGet(`/api/orders?${params}`, OrderPageSchema, signal);
		},
		placeholderData: keepPreviousData,
	});
}

export function useDeleteOrder() {
	const refresh = useRefreshAfterOrderChange();
	return useMutation({
		mutationFn: (orderId: string) =>
			apiSend("DELETE", orderPath(orderId), undefined),
		onSettled: refresh,
	});
}

/** The audit trail of deleted orders, newest first, one numbered page. */
export function useOrderDeletions(page: number) {
	return useQuery({
		queryKey: orderKeys.deletions(page),
		queryFn: ({ signal }) => {
			const params = new URLSearchParams({
				page: String(page),
				page_size: String(ORDER_DELETIONS_PAGE_SIZE),
			});
			return apiGet(
				`/api/order-deletions?${params}`,
				OrderDeletionPageSchema,
				signal,
			);
		},
		placeholderData: keepPreviousData,
	});
}

/** Who holds stock through unpaid orders, the largest holders first, one numbered page. */
export function useUnpaidHolders(page: number) {
	return useQuery({
		queryKey: orderKeys.holders(page),
		queryFn: ({ signal }) => {
			const params = new URLSearchParams({
				page: String(page),
				page_size: String(UNPAID_HOLDERS_PAGE_SIZE),
			});
			return apiGet(
				`/api/admin/unpaid-holders?${params}`,
				UnpaidHolderPageSchema,
				signal,
			);
		},
		placeholderData: keepPreviousData,
	});
}
