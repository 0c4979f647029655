import { useMutation, useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import {
	IMPORT_FILE_FIELD,
	type ImportJob,
	ImportJobSchema,
	type ImportMode,
	ImportStartedSchema,
	type OrdersExportQuery,
} from "../../../shared/catalog-csv.schemas.ts";
import { apiGet, apiSend } from "../../lib/api-client.ts";
import { queryKeys } from "../../lib/query-keys.ts";
import { useReadAgain } from "../../lib/read-again.ts";

export const TOOLS_EXPORT_PATH = "/api/admin/exports/tools.csv";

/** The address of the orders export of the days chosen (either may be left out). */
export function ordersExportPath(query: OrdersExportQuery): string {
	const params = new URLSearchParams();
	if (query.from) params.set("from", query.from);
	if (query.to) params.set("to", query.to);
	const search = params.toString();
	return `/api/admin/exports/orders.csv${search ? `?${search}` : ""}`;
}

/** How often a running job is asked how far it is. */
export const IMPORT_POLL_MS = 500;

export function isJobOpen(job: ImportJob | undefined): boolean {
	return job?.status === "queued" || job?.status === "running";
}

/**
 * One import job of the signed-in admin, read again every IMPORT_POLL_MS while it is queued or
 * running, then no more. Once an apply has written its tools, every tool list is read again.
 */
export function useImportJob(jobId: string | undefined) {
	const readAgain = useReadAgain();
	const job = useQuery({
		queryKey: queryKeys.imports.job(jobId ?? ""),
		queryFn: ({ signal }) =>
			apiGet(`/api/admin/imports/${jobId}`, ImportJobSchema, signal),
		enabled: jobId !== undefined,
		refetchInterval: (query) =>
			query.state.data === undefined || isJobOpen(query.state.data)
				? IMPORT_POLL_MS
				: false,
		staleTime: (query) => (isJobOpen(query.state.data) ? 0 : Infinity),
	});
	const hasWritten = job.data?.report?.applied === true;
	useEffect(() => {
		if (hasWritten) void readAgain(queryKeys.tools.all);
	}, [hasWritten, readAgain]);
	return job;
}

/** Uploads a CSV file as a new import job (a dry run or an apply); answers its id. */
export function useStartImport() {
	return useMutation({
		mutationFn: ({ file, mode }: { file: File; mode: ImportMode }) => {
			const form = new FormData();
			form.append("mode", mode);
			form.append(IMPORT_FILE_FIELD, file);
			return apiSend(
				"POST",
				"/api/admin/imports/tools",
				form,
				ImportStartedSchema,
			);
		},
	});
}
