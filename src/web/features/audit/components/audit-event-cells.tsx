import type {
	AuditEvent,
	AuditKind,
} from "../../../../shared/audit.schemas.ts";
import type { TableColumn } from "../../../components/ui/paged-table.tsx";

/** How the log names each kind of event, in the filter and in the table. */
export const AUDIT_KIND_LABELS: Record<AuditKind, string> = {
	"admin.granted": "Made an admin",
	"admin.revoked": "Admin role taken away",
	"user.removed": "Account removed",
	"two_factor.enabled": "Two-factor sign-in turned on",
	"two_factor.disabled": "Two-factor sign-in turned off",
	"sign_in.locked": "Sign-in locked after failed attempts",
	"access.refused": "Refused: admins only",
	"email.confirmed": "Email confirmed",
	"sessions.revoked": "Signed out everywhere",
	"api_key.created": "API key made",
	"api_key.revoked": "API key revoked",
	"webhook.added": "Webhook endpoint added",
	"webhook.removed": "Webhook endpoint removed",
};

/** The Security log's columns, to go with `AuditEventCells`. */
export const AUDIT_COLUMNS: readonly TableColumn[] = [
	{ label: "When" },
	{ label: "What" },
	{ label: "Who" },
	{ label: "To whom" },
	{ label: "From" },
];

const eventTime = new Intl.DateTimeFormat("en-US", {
	dateStyle: "medium",
	timeStyle: "medium",
});

/** Who did it: an account, the shell command (no account), or the shop itself. */
function describeActor(event: AuditEvent): string {
	if (event.actor_email) return event.actor_email;
	return event.details.via === "shell" ? "Shell command" : "The shop";
}

function describeSubject(event: AuditEvent): string {
	if (!event.subject_email) return "—";
	const isOwn =
		event.actor_user_id !== null &&
		event.actor_user_id === event.subject_user_id;
	return isOwn ? `${event.subject_email} (own account)` : event.subject_email;
}

const VIA_WORDING: Record<string, string> = {
	dashboard: "from the dashboard",
	"own account": "by the account's owner",
};

/** The facts the label leaves out: the refused request, how it was done, any other detail. */
function describeDetails(event: AuditEvent): string {
	const isRefusal = event.kind === "access.refused";
	const parts = isRefusal
		? [`${event.details.method} ${event.details.route}`]
		: [];
	for (const [name, value] of Object.entries(event.details)) {
		if (isRefusal && (name === "method" || name === "route")) continue;
		if (name === "via") {
			// The shell shows as who did it.
			if (value !== "shell")
				parts.push(VIA_WORDING[String(value)] ?? `via ${value}`);
		} else parts.push(`${name}: ${value}`);
	}
	return parts.join(", ");
}

/** One event's cells in the Security log's table. */
export function AuditEventCells({ event }: { event: AuditEvent }) {
	const details = describeDetails(event);
	return (
		<>
			<td className="whitespace-nowrap">
				<time dateTime={event.occurred_at}>
					{eventTime.format(new Date(event.occurred_at))}
				</time>
			</td>
			<td>
				<div className="whitespace-nowrap">{AUDIT_KIND_LABELS[event.kind]}</div>
				{details && (
					<div className="text-sm text-base-content/70">{details}</div>
				)}
			</td>
			<td className="whitespace-nowrap">{describeActor(event)}</td>
			<td className="whitespace-nowrap">{describeSubject(event)}</td>
			<td className="whitespace-nowrap">{event.address ?? "—"}</td>
		</>
	);
}
