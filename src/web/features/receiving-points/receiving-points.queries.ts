import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import {
	RECEIVING_POINTS_PAGE_SIZE,
	type ReceivingPointInput,
	ReceivingPointPageSchema,
	ReceivingPointSchema,
} from "../../../shared/receiving-points.schemas.ts";
import { apiGet, apiSend } from "../../lib/api-client.ts";
import { usePagedList } from "../../lib/paged-query.ts";
import { queryKeys } from "../../lib/query-keys.ts";
import { useReadAgain } from "../../lib/read-again.ts";

const POINTS_PATH = "/api/receiving-points";
const pointPath = (pointId: string) =>
	`${POINTS_PATH}/${encodeURIComponent(pointId)}`;

/** Receiving points by name, those matching `q` when given, page by page ("show more"). */
export function useReceivingPointList(q: string) {
	return usePagedList(
		queryKeys.receivingPoints.list(q, RECEIVING_POINTS_PAGE_SIZE),
		POINTS_PATH,
		ReceivingPointPageSchema,
		RECEIVING_POINTS_PAGE_SIZE,
		q ? { q } : {},
	);
}

/** One numbered page of receiving points by name, those matching `q` when given. */
export function useReceivingPointPage(page: number, q: string) {
	return useQuery({
		queryKey: queryKeys.receivingPoints.page(page, q),
		queryFn: ({ signal }) => {
			const params = new URLSearchParams({
				page: String(page),
				page_size: String(RECEIVING_POINTS_PAGE_SIZE),
			});
			if (q) params.set("q", q);
			return apiGet(
				`${POINTS_PATH}?${params}`,
				ReceivingPointPageSchema,
				signal,
			);
		},
		placeholderData: keepPreviousData,
	});
}

/** Adding, editing and removing receiving points; every list and the count are read again after. */
export function useEditReceivingPoints() {
	const readAgain = useReadAgain();
	const onSettled = () => readAgain(queryKeys.receivingPoints.all);
	return {
		add: useMutation({
			mutationFn: (input: ReceivingPointInput) =>
				apiSend("POST", POINTS_PATH, input, ReceivingPointSchema),
			onSettled,
		}),
		edit: useMutation({
			mutationFn: ({ id, input }: { id: string; input: ReceivingPointInput }) =>
				apiSend("PUT", pointPath(id), input, ReceivingPointSchema),
			onSettled,
		}),
		remove: useMutation({
			mutationFn: (id: string) => apiSend("DELETE", pointPath(id), undefined),
			onSettled,
		}),
	};
}
