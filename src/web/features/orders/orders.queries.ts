import {
	keepPreviousData,
	useMutation,
	useQuery,
	useQueryClient,
} from "@tanstack/react-query";
import { useCallback, useRef } from "react";
import {
	ADMIN_ORDERS_PAGE_SIZE,
	IDEMPOTENCY_KEY_HEADER,
	type Order,
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
import {
	ApiError,
	apiGet,
	apiSend,
	isAnswerLost,
} from "../../lib/api-client.ts";
import { usePagedList } from "../../lib/paged-query.ts";
import { queryKeys } from "../../lib/query-keys.ts";

export const MY_ORDERS_PAGE_SIZE = 9;
export const ORDER_DELETIONS_PAGE_SIZE = 10;

const orderPath = (orderId: string) =>
	`/api/orders/${encodeURIComponent(orderId)}`;

/** After a change to orders: every order list, and every tool read (its stock moved). */
function useRefreshAfterOrderChange() {
	const queryClient = useQueryClient();
	return () =>
		Promise.all([
			queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
			queryClient.invalidateQueries({ queryKey: queryKeys.tools.all }),
		]);
}

/** One key per intended order: `crypto.randomUUID` needs a secure context, random bytes do not. */
function newIdempotencyKey(): string {
	if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
	return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
		byte.toString(16).padStart(2, "0"),
	).join("");
}

/** Worth sending again with the same key: no answer came, or the shop failed on its side. */
const isWorthRetrying = (error: unknown) =>
	isAnswerLost(error) || (error instanceof ApiError && error.status >= 500);

/**
 * Places orders with one Idempotency-Key per intended order (this tool, this quantity): the key
 * is kept until that order is placed or a different one is asked for. A lost answer is retried
 * twice by itself, and the customer's own retry reuses the key too, so the shop answers with the
 * order it already placed instead of placing a second. When the answer stays lost, the error
 * says so (`isAnswerLost`): the order may exist.
 */
export function usePlaceOrder() {
	const refresh = useRefreshAfterOrderChange();
	const intended = useRef<{ input: string; key: string }>(undefined);
	const { mutateAsync, isPending } = useMutation({
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
		retry: (failureCount, error) => failureCount < 2 && isWorthRetrying(error),
		retryDelay: (attempt) => 1000 * 2 ** attempt,
		// A refusal also means the stock shown was out of date: read it again either way.
		onSettled: refresh,
	});
	const placeOrder = useCallback(
		async (input: PlaceOrderInput): Promise<Order> => {
			const fingerprint = `${input.tool_id}:${input.order_quantity}`;
			if (intended.current?.input !== fingerprint)
				intended.current = { input: fingerprint, key: newIdempotencyKey() };
			const order = await mutateAsync({
				input,
				idempotencyKey: intended.current.key,
			});
			intended.current = undefined;
			return order;
		},
		[mutateAsync],
	);
	return { placeOrder, isPending };
}

/** The signed-in customer's orders, newest first, page by page ("show more"). */
export function useMyOrders() {
	return usePagedList(
		queryKeys.orders.mine(MY_ORDERS_PAGE_SIZE),
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
		queryKey: queryKeys.paymentOptions.all,
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
	return () =>
		queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
}

/**
 * One of the customer's orders, read again every 2 s while `isWatching` and still unpaid: with
 * Stripe the order becomes paid when Stripe's webhook reaches the shop, not when the call returns.
 */
export function useOrderUntilPaid(orderId: string, isWatching: boolean) {
	return useQuery({
		queryKey: queryKeys.orders.one(orderId),
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
		queryKey: queryKeys.orders.list(page, status, email),
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
		queryKey: queryKeys.orders.deletions(page),
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
		queryKey: queryKeys.orders.holders(page),
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
