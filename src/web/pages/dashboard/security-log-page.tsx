import { useSearchParams } from "react-router";
import {
	AUDIT_KINDS,
	type AuditKind,
	AuditKindSchema,
} from "../../../shared/audit.schemas.ts";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { SelectField } from "../../components/ui/field.tsx";
import { PagedTable } from "../../components/ui/paged-table.tsx";
import { QueryBoundary } from "../../components/ui/query-boundary.tsx";
import { useAuditEvents } from "../../features/audit/audit.queries.ts";
import {
	AUDIT_COLUMNS,
	AUDIT_KIND_LABELS,
	AuditEventCells,
} from "../../features/audit/components/audit-event-cells.tsx";
import { readPageParam } from "../../lib/page-param.ts";
import { usePageTitle } from "../../lib/page-title.ts";

const readKind = (value: string | null): AuditKind | "" => {
	const parsed = AuditKindSchema.safeParse(value);
	return parsed.success ? parsed.data : "";
};

/** The security log for admins: who changed roles, removed accounts, was refused, and from where. */
export function SecurityLogPage() {
	usePageTitle("Security log");
	const [params, setParams] = useSearchParams();
	const page = readPageParam(params.get("page"));
	const kind = readKind(params.get("kind"));
	const events = useAuditEvents(page, kind);

	/** Changes the address's filter and page; a first page or no filter leaves its parameter out. */
	const showList = (changes: { kind?: string; page?: number }) =>
		setParams((current) => {
			const next = new URLSearchParams(current);
			if (changes.kind !== undefined) {
				if (changes.kind) next.set("kind", changes.kind);
				else next.delete("kind");
			}
			const nextPage = changes.page ?? 1;
			if (nextPage > 1) next.set("page", String(nextPage));
			else next.delete("page");
			return next;
		});

	return (
		<section className="space-y-4" aria-labelledby="security-log-title">
			<h1 id="security-log-title" className="text-2xl font-bold">
				Security log
			</h1>
			<SelectField
				label="Kind of event"
				className="max-w-xs"
				value={kind}
				onChange={(event) => showList({ kind: event.target.value })}
			>
				<option value="">All events</option>
				{AUDIT_KINDS.map((value) => (
					<option key={value} value={value}>
						{AUDIT_KIND_LABELS[value]}
					</option>
				))}
			</SelectField>
			<QueryBoundary
				query={events}
				loadingLabel="Loading the security log"
				errorTitle="The security log could not be loaded"
			>
				{(data) => {
					if (data.total === 0)
						return (
							<EmptyState
								message={
									kind
										? "No event of this kind has been recorded."
										: "No event has been recorded yet."
								}
							/>
						);
					return (
						<PagedTable
							page={data}
							isBusy={events.isPlaceholderData}
							caption="Security events, newest first"
							columns={AUDIT_COLUMNS}
							pagerLabel="Pages of security events"
							onGoTo={(next) => showList({ page: next })}
							renderCells={(event) => <AuditEventCells event={event} />}
						/>
					);
				}}
			</QueryBoundary>
		</section>
	);
}
