import {
	WEBHOOK_EVENT_LABELS,
	type WebhookDelivery,
} from "../../../../shared/webhooks.schemas.ts";
import { BusyButton } from "../../../components/ui/busy-button.tsx";
import type { TableColumn } from "../../../components/ui/paged-table.tsx";
import {
	DeliveryStatusBadge,
	DeliveryTime,
	deliveryName,
	formatAttempts,
} from "./delivery-looks.tsx";

/** The deliveries page's columns, to go with `WebhookDeliveryCells`. */
export const WEBHOOK_DELIVERY_COLUMNS: readonly TableColumn[] = [
	{ label: "Event" },
	{ label: "Status" },
	{ label: "Last answer" },
	{ label: "Actions", isLabelHidden: true },
];

/**
 * How the last attempt went: the error met (no answer, or the status code of a refusal, which the
 * error names), else the receiver's status code; a dash before the first attempt.
 */
function lastAnswerOf({
	last_status_code: code,
	last_error: error,
}: WebhookDelivery): string {
	if (error !== null) return error;
	return code === null ? "—" : `HTTP ${code}`;
}

/**
 * One delivery's cells: the event, its id and when the delivery was made; where its sending
 * stands, with when it is tried next (pending) or when it was taken (delivered); how the receiver
 * last answered; then 'Details' and 'Send again'. Four columns, so the dashboard shows them all
 * at 1280 px; on a phone the table scrolls sideways, as the other admin tables do.
 */
export function WebhookDeliveryCells({
	delivery,
	isReplaying,
	onDetails,
	onReplay,
}: {
	delivery: WebhookDelivery;
	isReplaying: boolean;
	onDetails: (delivery: WebhookDelivery) => void;
	onReplay: (delivery: WebhookDelivery) => void;
}) {
	return (
		<>
			<td>
				<span className="block">{WEBHOOK_EVENT_LABELS[delivery.event]}</span>
				<code className="block break-all font-mono text-xs">
					{delivery.event_id}
				</code>
				<span className="block text-sm text-base-content/80">
					{"Made "}
					<DeliveryTime iso={delivery.created_at} />
				</span>
			</td>
			<td className="text-sm">
				<DeliveryStatusBadge status={delivery.status} />
				<span className="block whitespace-nowrap">
					{formatAttempts(delivery.attempts)}
				</span>
				{delivery.status === "pending" && delivery.next_attempt_at && (
					<span className="block">
						{"Next attempt "}
						<DeliveryTime iso={delivery.next_attempt_at} />
					</span>
				)}
				{/* A replayed delivery keeps its earlier delivery time until it is taken again. */}
				{delivery.status === "delivered" && delivery.delivered_at && (
					<span className="block">
						{"Delivered "}
						<DeliveryTime iso={delivery.delivered_at} />
					</span>
				)}
			</td>
			<td className="break-words text-sm">{lastAnswerOf(delivery)}</td>
			<td>
				<div className="flex flex-col items-start gap-2">
					<button
						type="button"
						className="btn btn-outline btn-xs whitespace-nowrap"
						aria-label={`Details: ${deliveryName(delivery)}`}
						onClick={() => onDetails(delivery)}
					>
						Details
					</button>
					<BusyButton
						type="button"
						isBusy={isReplaying}
						className="btn btn-outline btn-xs whitespace-nowrap"
						aria-label={`Send again: ${deliveryName(delivery)}`}
						onClick={() => onReplay(delivery)}
					>
						Send again
					</BusyButton>
				</div>
			</td>
		</>
	);
}
