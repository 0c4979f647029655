import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import {
	OverdueInvoicePageSchema,
	OwnPaymentTermsSchema,
	type PaymentTermsInput,
	PaymentTermsPageSchema,
	PaymentTermsSchema,
} from "../../../shared/payment-terms.schemas.ts";
import { apiGet, apiSend } from "../../lib/api-client.ts";
import { queryKeys } from "../../lib/query-keys.ts";
import { useReadAgain } from "../../lib/read-again.ts";

const ADMIN_TERMS_PATH = "/api/admin/payment-terms";

/** The signed-in customer's own terms: null when they are not approved to pay by invoice. */
export function useOwnPaymentTerms() {
	return useQuery({
		queryKey: queryKeys.paymentTerms.mine,
		queryFn: ({ signal }) =>
			apiGet("/api/me/payment-terms", OwnPaymentTermsSchema, signal),
		select: (data) => data.terms,
	});
}

/** A page of approved customers, the latest approved first. */
export function usePaymentTermsPage(page: number) {
	return useQuery({
		queryKey: queryKeys.paymentTerms.page(page),
		queryFn: ({ signal }) =>
			apiGet(
				`${ADMIN_TERMS_PATH}?page=${page}`,
				PaymentTermsPageSchema,
				signal,
			),
		placeholderData: keepPreviousData,
	});
}

/** A page of invoices past their due date, the longest overdue first. */
export function useOverdueInvoices(page: number) {
	return useQuery({
		queryKey: queryKeys.paymentTerms.overdue(page),
		queryFn: ({ signal }) =>
			apiGet(
				`/api/admin/overdue-invoices?page=${page}`,
				OverdueInvoicePageSchema,
				signal,
			),
		placeholderData: keepPreviousData,
	});
}

function usePaymentTermsChange<Input, Output>(
	change: (input: Input) => Promise<Output>,
) {
	const readAgain = useReadAgain();
	return useMutation({
		mutationFn: change,
		onSuccess: () => readAgain(queryKeys.paymentTerms.all),
	});
}

/** Approves a customer by the email of their account, or changes their terms. */
export function useApprovePaymentTerms() {
	return usePaymentTermsChange((input: PaymentTermsInput) =>
		apiSend("POST", ADMIN_TERMS_PATH, input, PaymentTermsSchema),
	);
}

/** Withdraws a customer's terms: they can no longer choose to pay by invoice; what they owe stays. */
export function useRevokePaymentTerms() {
	return usePaymentTermsChange((userId: string) =>
		apiSend(
			"DELETE",
			`${ADMIN_TERMS_PATH}/${encodeURIComponent(userId)}`,
			undefined,
		),
	);
}
