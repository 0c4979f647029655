import {
	WEBHOOK_EVENT_LABELS,
	type WebhookDelivery,
	type WebhookDeliveryStatus,
} from "../../../../shared/webhooks.schemas.ts";

const STATUS_LABELS: Record<WebhookDeliveryStatus, string> = {
	pending: "Pending",
	delivered: "Delivered",
	failed: "Failed",
};

const STATUS_BADGES: Record<WebhookDeliveryStatus, string> = {
	pending: "badge-warning",
	delivered: "badge-success",
	failed: "badge-error",
};

const day = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });
const time = new Intl.DateTimeFormat("en-US", { timeStyle: "short" });
/** Attempts may come 30 s apart: the attempt log's times show the seconds. */
const timeWithSeconds = new Intl.DateTimeFormat("en-US", {
	timeStyle: "medium",
});

/**
 * "Nov 20, 2026, 3:12 PM", in the reader's time zone. In a narrow column it breaks between the
 * day and the time, never inside either, so a phone sees more of the table at once.
 */
export function DeliveryTime({
	iso,
	hasSeconds = false,
}: {
	iso: string;
	hasSeconds?: boolean;
}) {
	const at = new Date(iso);
	return (
		<time dateTime={iso}>
			<span className="whitespace-nowrap">{`${day.format(at)},`}</span>{" "}
			<span className="whitespace-nowrap">
				{(hasSeconds ? timeWithSeconds : time).format(at)}
			</span>
		</time>
	);
}

/** A delivery's status as a badge: Pending, Delivered or Failed. */
export function DeliveryStatusBadge({
	status,
}: {
	status: WebhookDeliveryStatus;
}) {
	return (
		<span className={`badge ${STATUS_BADGES[status]}`}>
			{STATUS_LABELS[status]}
		</span>
	);
}

/** "1 attempt", "10 attempts". */
export const formatAttempts = (attempts: number) =>
	`${attempts} ${attempts === 1 ? "attempt" : "attempts"}`;

/** What a delivery is called in a button's name or a dialog's title: "Order paid, evt_…". */
export const deliveryName = (delivery: WebhookDelivery) =>
	`${WEBHOOK_EVENT_LABELS[delivery.event]}, ${delivery.event_id}`;
