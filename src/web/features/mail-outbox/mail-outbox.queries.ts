import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import {
	MAIL_OUTBOX_PAGE_SIZE,
	type MailStatus,
	OutboxMailPageSchema,
	OutboxMailSchema,
} from "../../../shared/mail-outbox.schemas.ts";
import { apiGet, apiSend } from "../../lib/api-client.ts";
import { queryKeys } from "../../lib/query-keys.ts";
import { useReadAgain } from "../../lib/read-again.ts";

const OUTBOX_PATH = "/api/admin/mail-outbox";

/**
 * One numbered page of the shop's outgoing mail, newest first: what is not sent yet (pending and
 * failed) unless a status is chosen. Read again each time the page is opened: the worker sends
 * and gives up on mail all the time.
 */
export function useOutboxMails(page: number, status: MailStatus | "") {
	return useQuery({
		queryKey: queryKeys.mailOutbox.page(page, status),
		queryFn: ({ signal }) => {
			const params = new URLSearchParams({
				page: String(page),
				page_size: String(MAIL_OUTBOX_PAGE_SIZE),
			});
			if (status) params.set("status", status);
			return apiGet(`${OUTBOX_PATH}?${params}`, OutboxMailPageSchema, signal);
		},
		staleTime: 0,
		placeholderData: keepPreviousData,
	});
}

/** Sends a failed mail again, with a full round of attempts; every page of the list is read again. */
export function useRetryMail() {
	const readAgain = useReadAgain();
	return useMutation({
		mutationFn: (mailId: string) =>
			apiSend(
				"POST",
				`${OUTBOX_PATH}/${encodeURIComponent(mailId)}/retry`,
				undefined,
				OutboxMailSchema,
			),
		onSettled: () => readAgain(queryKeys.mailOutbox.all),
	});
}
