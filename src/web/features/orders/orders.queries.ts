import {
	keepPreviousData,
	useMutation,
	useQuery,
	useQueryClient,
} from "@tanstack/react-query";
import {
	ADMIN_ORDERS_PAGE_SIZE,
	OrderDeletionPageSchema,
	type OrderDetail,
	OrderDetailSchema,
	OrderPageSchema,
	OrderSchema,
	type OrderStatus,
	PaymentOptionsSchema,
	type PaymentStart,
	PaymentStartSchema,
	type PlaceOrderInput,
	type RefundInput,
	type ShipOrderInput,
	UNPAID_HOLDERS_PAGE_SIZE,
	UnpaidHolderPageSchema,
} from "../../../shared/orders.schemas.ts";
import type { InvoicePaymentInput } from "../../../shared/payment-terms.schemas.ts";
import { ApiError, apiGet, apiSend } from "../../lib/api-client.ts";
import { useIdempotentOrder } from "../../lib/idempotency-key.ts";
import { usePagedList } from "../../lib/paged-query.ts";
import { queryKeys } from "../../lib/query-keys.ts";
import { useReadAgain } from "../../lib/read-again.ts";

export const MY_ORDERS_PAGE_SIZE = 9;
export const ORDER_DELETIONS_PAGE_SIZE = 10;

const orderPath = (orderId: string) =>
	`/api/orders/${encodeURIComponent(orderId)}`;
const adminOrderPath = (orderId: string) =>
	`/api/admin/orders/${encodeURIComponent(orderId)}`;

/** After a change to orders: every order list, and every tool read (its stock moved). */
function useRefreshAfterOrderChange() {
	const readAgain = useReadAgain();
	return () => readAgain(queryKeys.orders.all, queryKeys.tools.all);
}

/**
 * Places the purchase page's orders with one Idempotency-Key per intended order (this tool, this
 * quantity), kept across retries (`useIdempotentOrder`). A refusal also means the stock shown was
 * out of date: it is read again either way.
 */
export function usePlaceOrder() {
	const refresh = useRefreshAfterOrderChange();
	const { send, isPending } = useIdempotentOrder<PlaceOrderInput>(
		"/api/orders",
		refresh,
	);
	return { placeOrder: send, isPending };
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
	const readAgain = useReadAgain();
	return () => readAgain(queryKeys.orders.all);
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

/**
 * No such order for this reader: none has the id (or it is not an id at all), or it is someone
 * else's, which the shop answers the same way.
 */
export function isOrderMissing(error: unknown): boolean {
	return (
		error instanceof ApiError &&
		(error.code === "NOT_FOUND" || error.code === "VALIDATION_FAILED")
	);
}

/** One of the signed-in customer's orders with its timeline and refunds (a 404 for anyone else's). */
export function useOrderDetail(orderId: string) {
	return useQuery({
		queryKey: queryKeys.orders.detail(orderId),
		queryFn: ({ signal }) =>
			apiGet(orderPath(orderId), OrderDetailSchema, signal),
	});
}

/**
 * Any order as the admins see it: its customer, its timeline naming the admin of each step, and
 * its refunds. Read again each time the page is opened: the order may have moved on meanwhile.
 */
export function useAdminOrderDetail(orderId: string) {
	return useQuery({
		queryKey: queryKeys.orders.adminDetail(orderId),
		queryFn: ({ signal }) =>
			apiGet(adminOrderPath(orderId), OrderDetailSchema, signal),
		staleTime: 0,
	});
}

/** The steps an admin marks without further input, by the path the API names them with. */
export type PlainOrderStep = "ready" | "deliver" | "collect";

/**
 * An admin's steps on one order: ship (with carrier and tracking number), ready for collection,
 * delivered, collected, refund, and recording an invoice's payment. Each answers the order as it
 * is now; a refusal (409) says why. Either way every order list and page is read again, and the
 * tools too after a refund (pieces of an order not shipped go back into stock).
 */
export function useOrderSteps(orderId: string) {
	const queryClient = useQueryClient();
	const readAgain = useReadAgain();
	const refreshOrders = useRefreshOrders();
	const refreshAfterRefund = useRefreshAfterOrderChange();
	const path = adminOrderPath(orderId);
	const onSuccess = (order: OrderDetail) =>
		queryClient.setQueryData(queryKeys.orders.adminDetail(orderId), order);
	return {
		ship: useMutation({
			mutationFn: (input: ShipOrderInput) =>
				apiSend("POST", `${path}/ship`, input, OrderDetailSchema),
			onSuccess,
			onSettled: refreshOrders,
		}),
		advance: useMutation({
			mutationFn: (step: PlainOrderStep) =>
				apiSend("POST", `${path}/${step}`, undefined, OrderDetailSchema),
			onSuccess,
			onSettled: refreshOrders,
		}),
		refund: useMutation({
			mutationFn: (input: RefundInput) =>
				apiSend("POST", `${path}/refund`, input, OrderDetailSchema),
			onSuccess,
			onSettled: refreshAfterRefund,
		}),
		// What the customer owes on invoices changes too: the admins' payment terms are read again.
		recordPayment: useMutation({
			mutationFn: (input: InvoicePaymentInput) =>
				apiSend("POST", `${path}/invoice-payment`, input, OrderDetailSchema),
			onSuccess,
			onSettled: () =>
				readAgain(queryKeys.orders.all, queryKeys.paymentTerms.all),
		}),
	};
}
