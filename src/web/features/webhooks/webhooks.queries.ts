import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import {
	CreatedWebhookEndpointSchema,
	WEBHOOK_DELIVERIES_PAGE_SIZE,
	type WebhookDelivery,
	WebhookDeliveryDetailSchema,
	WebhookDeliveryPageSchema,
	WebhookDeliverySchema,
	type WebhookEndpointInput,
	WebhookEndpointPageSchema,
} from "../../../shared/webhooks.schemas.ts";
import { apiGet, apiSend } from "../../lib/api-client.ts";
import { queryKeys } from "../../lib/query-keys.ts";
import { useReadAgain } from "../../lib/read-again.ts";

const ENDPOINTS_PATH = "/api/admin/webhooks";
const DELIVERIES_PATH = "/api/admin/webhook-deliveries";
/** The list's page size: larger than the most endpoints a shop has, so page 1 holds them all. */
const WEBHOOK_ENDPOINTS_PAGE_SIZE = 20;
/** How often a page of deliveries with one still pending is read again, to show how it went. */
const PENDING_POLL_MS = 5_000;

const endpointPath = (endpointId: string) =>
	`${ENDPOINTS_PATH}/${encodeURIComponent(endpointId)}`;
const deliveryPath = (deliveryId: string) =>
	`${DELIVERIES_PATH}/${encodeURIComponent(deliveryId)}`;

/** One numbered page of the shop's webhook endpoints, newest first. */
export function useWebhookEndpointPage(page: number) {
	return useQuery({
		queryKey: queryKeys.webhooks.page(page),
		queryFn: ({ signal }) => {
			const params = new URLSearchParams({
				page: String(page),
				page_size: String(WEBHOOK_ENDPOINTS_PAGE_SIZE),
			});
			return apiGet(
				`${ENDPOINTS_PATH}?${params}`,
				WebhookEndpointPageSchema,
				signal,
			);
		},
		placeholderData: keepPreviousData,
	});
}

/**
 * Adding and removing endpoints; every list of them is read again after (a removed endpoint takes
 * its deliveries with it).
 *
 * The answer to adding one carries its signing secret, shown once: it is never put in the query
 * cache (the list is read again instead), and the mutation is dropped from the mutation cache as
 * soon as nothing watches it (`gcTime: 0`), so once the page lets go of it (`reset`) it is gone.
 */
export function useEditWebhookEndpoints() {
	const readAgain = useReadAgain();
	const onSettled = () => readAgain(queryKeys.webhooks.all);
	return {
		add: useMutation({
			mutationFn: (input: WebhookEndpointInput) =>
				apiSend("POST", ENDPOINTS_PATH, input, CreatedWebhookEndpointSchema),
			gcTime: 0,
			onSettled,
		}),
		remove: useMutation({
			mutationFn: (endpointId: string) =>
				apiSend("DELETE", endpointPath(endpointId), undefined),
			onSettled,
		}),
	};
}

const isAnyPending = (deliveries: readonly WebhookDelivery[] | undefined) =>
	deliveries?.some((delivery) => delivery.status === "pending") ?? false;

/**
 * One numbered page of an endpoint's deliveries, newest first. Read again every PENDING_POLL_MS
 * while one of them is pending: the shop sends and retries on its own, and the admin watching a
 * delivery wants to see it go through (or fail) without reloading.
 */
export function useWebhookDeliveryPage(endpointId: string, page: number) {
	return useQuery({
		queryKey: queryKeys.webhooks.deliveryPage(endpointId, page),
		queryFn: ({ signal }) => {
			const params = new URLSearchParams({
				page: String(page),
				page_size: String(WEBHOOK_DELIVERIES_PAGE_SIZE),
			});
			return apiGet(
				`${endpointPath(endpointId)}/deliveries?${params}`,
				WebhookDeliveryPageSchema,
				signal,
			);
		},
		staleTime: 0,
		placeholderData: keepPreviousData,
		refetchInterval: (query) =>
			isAnyPending(query.state.data?.items) ? PENDING_POLL_MS : false,
	});
}

/**
 * One delivery with the payload sent and every attempt, while `deliveryId` is given (its details
 * are open); read again like the list while it is pending.
 */
export function useWebhookDelivery(deliveryId: string | undefined) {
	return useQuery({
		queryKey: queryKeys.webhooks.delivery(deliveryId ?? ""),
		queryFn: ({ signal }) =>
			apiGet(
				deliveryPath(deliveryId ?? ""),
				WebhookDeliveryDetailSchema,
				signal,
			),
		enabled: deliveryId !== undefined,
		staleTime: 0,
		refetchInterval: (query) =>
			query.state.data?.status === "pending" ? PENDING_POLL_MS : false,
	});
}

/**
 * Sends a delivery's event again, with the same event id; the endpoint's pages of deliveries and
 * the delivery's details are read again.
 */
export function useReplayWebhookDelivery() {
	const readAgain = useReadAgain();
	return useMutation({
		mutationFn: (delivery: WebhookDelivery) =>
			apiSend(
				"POST",
				`${deliveryPath(delivery.id)}/replay`,
				undefined,
				WebhookDeliverySchema,
			),
		onSettled: (_answer, _error, delivery) =>
			readAgain(
				queryKeys.webhooks.deliveries(delivery.endpoint_id),
				queryKeys.webhooks.delivery(delivery.id),
			),
	});
}
