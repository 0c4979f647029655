import { useId } from "react";
import type {
	WebhookAttempt,
	WebhookDeliveryDetail,
} from "../../../../shared/webhooks.schemas.ts";
import { QueryBoundary } from "../../../components/ui/query-boundary.tsx";
import { useWebhookDelivery } from "../webhooks.queries.ts";
import {
	DeliveryStatusBadge,
	DeliveryTime,
	formatAttempts,
} from "./delivery-looks.tsx";

/** The body as sent, indented for reading; kept as it is if it is not JSON after all. */
function prettyPayload(payload: string): string {
	try {
		return JSON.stringify(JSON.parse(payload), null, 2);
	} catch {
		return payload;
	}
}

/**
 * One delivery, for its Details dialog: where it stands, the JSON body the receiver is sent (the
 * same on every attempt) and every attempt oldest first, with the receiver's status code or "no
 * answer", the error met and how long it took. Read again while the delivery is pending.
 */
export function WebhookDeliveryDetails({
	deliveryId,
	onClose,
}: {
	deliveryId: string;
	onClose: () => void;
}) {
	const delivery = useWebhookDelivery(deliveryId);
	return (
		<>
			<QueryBoundary
				query={delivery}
				loadingLabel="Loading the delivery"
				errorTitle="The delivery could not be loaded"
			>
				{(data) => <DeliveryDetail delivery={data} />}
			</QueryBoundary>
			<div className="modal-action">
				<button type="button" className="btn" onClick={onClose}>
					Close
				</button>
			</div>
		</>
	);
}

function DeliveryDetail({ delivery }: { delivery: WebhookDeliveryDetail }) {
	const payloadTitleId = useId();
	const attemptsTitleId = useId();
	return (
		<div className="space-y-4">
			<dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
				<dt className="text-base-content/70">Event id</dt>
				<dd className="break-all font-mono">{delivery.event_id}</dd>
				<dt className="text-base-content/70">Status</dt>
				<dd className="flex flex-wrap items-center gap-2">
					<DeliveryStatusBadge status={delivery.status} />
					<span>{formatAttempts(delivery.attempts)}</span>
				</dd>
				{delivery.status === "pending" && delivery.next_attempt_at && (
					<>
						<dt className="text-base-content/70">Next attempt</dt>
						<dd>
							<DeliveryTime iso={delivery.next_attempt_at} />
						</dd>
					</>
				)}
				<dt className="text-base-content/70">Made</dt>
				<dd>
					<DeliveryTime iso={delivery.created_at} />
				</dd>
				{delivery.status === "delivered" && delivery.delivered_at && (
					<>
						<dt className="text-base-content/70">Delivered</dt>
						<dd>
							<DeliveryTime iso={delivery.delivered_at} />
						</dd>
					</>
				)}
			</dl>
			<div className="space-y-2">
				<h3 id={payloadTitleId} className="font-semibold">
					Payload
				</h3>
				{/* It scrolls with a long body: focusable, so a keyboard can scroll it too. */}
				<section
					aria-labelledby={payloadTitleId}
					// biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard
					tabIndex={0}
					className="max-h-72 overflow-auto rounded-box bg-base-200 p-3"
				>
					<pre className="font-mono text-xs">
						{prettyPayload(delivery.payload)}
					</pre>
				</section>
			</div>
			<section className="space-y-2" aria-labelledby={attemptsTitleId}>
				<h3 id={attemptsTitleId} className="font-semibold">
					Attempts
				</h3>
				{delivery.attempt_log.length === 0 ? (
					<p className="text-sm text-base-content/80">Not tried yet.</p>
				) : (
					<AttemptLog attempts={delivery.attempt_log} />
				)}
			</section>
		</div>
	);
}

/** Every attempt, oldest first. */
function AttemptLog({ attempts }: { attempts: readonly WebhookAttempt[] }) {
	return (
		<div className="overflow-x-auto">
			<table className="table table-sm max-sm:[&_td]:px-2 max-sm:[&_th]:px-2">
				<caption className="sr-only">Attempts, oldest first</caption>
				<thead>
					<tr className="text-base-content">
						<th scope="col">When</th>
						<th scope="col">Status code</th>
						<th scope="col">Error</th>
						<th scope="col" className="text-right">
							Duration
						</th>
					</tr>
				</thead>
				<tbody>
					{attempts.map((attempt) => (
						<tr key={attempt.attempted_at}>
							<td>
								<DeliveryTime iso={attempt.attempted_at} hasSeconds />
							</td>
							<td>{attempt.status_code ?? "no answer"}</td>
							<td className="break-words">{attempt.error ?? "—"}</td>
							<td className="whitespace-nowrap text-right">{`${attempt.duration_ms} ms`}</td>
						</tr>
					))}
				</tbody>
			</table>
		</div>
	);
}
