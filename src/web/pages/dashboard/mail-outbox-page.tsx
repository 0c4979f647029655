import { useSearchParams } from "react-router";
import {
	MAIL_STATUSES,
	type MailStatus,
	MailStatusSchema,
} from "../../../shared/mail-outbox.schemas.ts";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { SelectField } from "../../components/ui/field.tsx";
import { PagedTable } from "../../components/ui/paged-table.tsx";
import { QueryBoundary } from "../../components/ui/query-boundary.tsx";
import {
	MAIL_STATUS_LABELS,
	OUTBOX_MAIL_COLUMNS,
	OutboxMailCells,
} from "../../features/mail-outbox/components/outbox-mail-cells.tsx";
import {
	useOutboxMails,
	useRetryMail,
} from "../../features/mail-outbox/mail-outbox.queries.ts";
import { readPageParam } from "../../lib/page-param.ts";
import { usePageTitle } from "../../lib/page-title.ts";
import { failureReason, notify } from "../../lib/toast.ts";

const readStatus = (value: string | null): MailStatus | "" => {
	const parsed = MailStatusSchema.safeParse(value);
	return parsed.success ? parsed.data : "";
};

/** Why the list is empty, for the status chosen. */
const EMPTY_MESSAGES: Record<MailStatus | "", string> = {
	"": "No mail waiting",
	pending: "No mail waiting",
	failed: "No mail has failed",
	sent: "No mail has been sent yet",
};

/**
 * The shop's outgoing mail for the admins: what is not sent yet by default (pending and failed),
 * or one status; each mail's address, subject, kind, attempts and last error, never its body.
 * A failed mail can be sent again.
 */
export function MailOutboxPage() {
	usePageTitle("Mail");
	const [params, setParams] = useSearchParams();
	const page = readPageParam(params.get("page"));
	const status = readStatus(params.get("status"));
	const mails = useOutboxMails(page, status);
	const retryMail = useRetryMail();

	/** Changes the address's filter and page; a first page or no filter leaves its parameter out. */
	const showList = (changes: { status?: string; page?: number }) =>
		setParams((current) => {
			const next = new URLSearchParams(current);
			if (changes.status !== undefined) {
				if (changes.status) next.set("status", changes.status);
				else next.delete("status");
			}
			const nextPage = changes.page ?? 1;
			if (nextPage > 1) next.set("page", String(nextPage));
			else next.delete("page");
			return next;
		});

	async function retry(mailId: string, to: string) {
		try {
			await retryMail.mutateAsync(mailId);
			notify.success(`The mail to ${to} will be sent again`);
		} catch (error) {
			notify.error(`Failed to send the mail again${failureReason(error)}`);
		}
	}

	return (
		<section className="space-y-4" aria-labelledby="mail-outbox-title">
			<h1 id="mail-outbox-title" className="text-2xl font-bold">
				Mail
			</h1>
			<p className="text-base-content/80">
				Every mail the shop sends waits here until the mail server takes it. A
				mail is tried again for about three hours before it is marked failed.
			</p>
			<SelectField
				label="Status"
				className="max-w-xs"
				value={status}
				onChange={(event) => showList({ status: event.target.value })}
			>
				<option value="">Not sent yet</option>
				{MAIL_STATUSES.map((value) => (
					<option key={value} value={value}>
						{MAIL_STATUS_LABELS[value]}
					</option>
				))}
			</SelectField>
			<QueryBoundary
				query={mails}
				loadingLabel="Loading the mail"
				errorTitle="The mail could not be loaded"
			>
				{(data) => {
					if (data.total === 0)
						return <EmptyState message={EMPTY_MESSAGES[status]} />;
					return (
						<PagedTable
							page={data}
							isBusy={mails.isPlaceholderData}
							caption="Outgoing mail, newest first"
							columns={OUTBOX_MAIL_COLUMNS}
							pagerLabel="Pages of mail"
							onGoTo={(next) => showList({ page: next })}
							renderCells={(mail) => (
								<OutboxMailCells
									mail={mail}
									isRetrying={
										retryMail.isPending && retryMail.variables === mail.id
									}
									onRetry={(chosen) => void retry(chosen.id, chosen.to)}
								/>
							)}
						/>
					);
				}}
			</QueryBoundary>
		</section>
	);
}
