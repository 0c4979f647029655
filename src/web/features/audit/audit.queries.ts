import { keepPreviousData, useQuery } from "@tanstack/react-query";
import {
	AUDIT_PAGE_SIZE,
	AuditEventPageSchema,
	type AuditKind,
} from "../../../shared/audit.schemas.ts";
import { apiGet } from "../../lib/api-client.ts";
import { queryKeys } from "../../lib/query-keys.ts";

/**
 * One numbered page of the security log, newest first, optionally of one kind. Read again each
 * time the page is opened: what happened a minute ago is what an admin comes to see.
 */
export function useAuditEvents(page: number, kind: AuditKind | "") {
	return useQuery({
		queryKey: queryKeys.audit.page(page, kind),
		queryFn: ({ signal }) => {
			const params = new URLSearchParams({
				page: String(page),
				page_size: String(AUDIT_PAGE_SIZE),
			});
			if (kind) params.set("kind", kind);
			return apiGet(
				`/api/admin/audit-events?${params}`,
				AuditEventPageSchema,
				signal,
			);
		},
		staleTime: 0,
		placeholderData: keepPreviousData,
	});
}
