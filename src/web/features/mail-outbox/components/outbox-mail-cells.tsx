import type {
	MailStatus,
	OutboxMail,
} from "../../../../shared/mail-outbox.schemas.ts";
import { BusyButton } from "../../../components/ui/busy-button.tsx";
import type { TableColumn } from "../../../components/ui/paged-table.tsx";

/** How the list names each status, in the filter and in the table. */
export const MAIL_STATUS_LABELS: Record<MailStatus, string> = {
	pending: "Pending",
	failed: "Failed",
	sent: "Sent",
};

const STATUS_BADGES: Record<MailStatus, string> = {
	pending: "badge-warning",
	failed: "badge-error",
	sent: "badge-success",
};

/** The Mail page's columns, to go with `OutboxMailCells`. */
export const OUTBOX_MAIL_COLUMNS: readonly TableColumn[] = [
	{ label: "To" },
	{ label: "Subject and kind" },
	{ label: "Status and attempts" },
	{ label: "Last error" },
	{ label: "Times" },
	{ label: "Actions", isLabelHidden: true },
];

const mailTime = new Intl.DateTimeFormat("en-US", {
	dateStyle: "medium",
	timeStyle: "short",
});

/** "Created Nov 24, 2026, 12:02 PM": the label may wrap, the time does not. */
function MailTime({ label, iso }: { label: string; iso: string }) {
	return (
		<span className="block">
			{`${label} `}
			<time dateTime={iso} className="whitespace-nowrap">
				{mailTime.format(new Date(iso))}
			</time>
		</span>
	);
}

/** "1 attempt", "10 attempts". */
const formatAttempts = (attempts: number) =>
	`${attempts} ${attempts === 1 ? "attempt" : "attempts"}`;

/**
 * One mail's cells: to whom, what about, how its sending went and when, ending with 'Retry' for
 * a mail the worker gave up on. Narrow enough for the dashboard at 1280 px without scrolling.
 */
export function OutboxMailCells({
	mail,
	isRetrying,
	onRetry,
}: {
	mail: OutboxMail;
	isRetrying: boolean;
	onRetry: (mail: OutboxMail) => void;
}) {
	return (
		<>
			<td className="min-w-36 break-all">{mail.to}</td>
			<td className="min-w-40">
				<span className="block">{mail.subject}</span>
				<span className="block font-mono text-xs text-base-content/80">
					{mail.kind}
				</span>
			</td>
			<td>
				<span className={`badge ${STATUS_BADGES[mail.status]}`}>
					{MAIL_STATUS_LABELS[mail.status]}
				</span>
				<span className="block whitespace-nowrap text-sm">
					{formatAttempts(mail.attempts)}
				</span>
			</td>
			<td className="min-w-32 break-words text-sm">{mail.last_error ?? "—"}</td>
			<td className="text-sm">
				<MailTime label="Created" iso={mail.created_at} />
				{mail.sent_at && <MailTime label="Sent" iso={mail.sent_at} />}
				{mail.failed_at && <MailTime label="Failed" iso={mail.failed_at} />}
				{mail.status === "pending" && (
					<MailTime label="Next try" iso={mail.send_after} />
				)}
			</td>
			<td>
				{mail.status === "failed" && (
					<BusyButton
						type="button"
						isBusy={isRetrying}
						className="btn btn-outline btn-xs whitespace-nowrap"
						aria-label={`Retry the mail “${mail.subject}” to ${mail.to}`}
						onClick={() => onRetry(mail)}
					>
						Retry
					</BusyButton>
				)}
			</td>
		</>
	);
}
