import { Link } from "react-router";
import {
	WEBHOOK_EVENT_LABELS,
	WEBHOOK_EVENTS,
	type WebhookEndpoint,
} from "../../../../shared/webhooks.schemas.ts";

const addedOn = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });

/** Where an endpoint's deliveries are listed. */
export const deliveriesPathOf = (endpointId: string) =>
	`/dashboard/webhooks/${encodeURIComponent(endpointId)}`;

/**
 * One endpoint of the admin's list: its address, description and events (in the form's order,
 * whatever order they were chosen in), who added it and when, a link to its deliveries and
 * 'Remove'. Stacked on a phone, one line of columns on a wider screen.
 */
export function WebhookEndpointRow({
	endpoint,
	onRemove,
}: {
	endpoint: WebhookEndpoint;
	onRemove: (endpoint: WebhookEndpoint) => void;
}) {
	const titleId = `webhook-endpoint-${endpoint.id}`;
	const events = WEBHOOK_EVENTS.filter((event) =>
		endpoint.events.includes(event),
	);
	return (
		<article
			className="flex flex-col gap-3 p-4 md:grid md:grid-cols-[minmax(0,1fr)_13rem_auto] md:items-center md:gap-4"
			aria-labelledby={titleId}
		>
			<div className="min-w-0 space-y-1">
				<h3 id={titleId} className="break-all font-mono text-sm font-semibold">
					{endpoint.url}
				</h3>
				{endpoint.description && (
					<p className="break-words">{endpoint.description}</p>
				)}
				<ul className="flex flex-wrap gap-1" aria-label="Events sent">
					{events.map((event) => (
						<li key={event} className="badge badge-outline badge-sm">
							{WEBHOOK_EVENT_LABELS[event]}
						</li>
					))}
				</ul>
			</div>
			<p className="min-w-0 break-words text-sm text-base-content/80">
				{"Added "}
				<time dateTime={endpoint.created_at} className="whitespace-nowrap">
					{addedOn.format(new Date(endpoint.created_at))}
				</time>
				{` by ${endpoint.created_by_email ?? "an account since removed"}`}
			</p>
			<div className="flex flex-wrap gap-2 md:justify-self-end">
				<Link
					to={deliveriesPathOf(endpoint.id)}
					className="btn btn-outline btn-sm"
					aria-label={`Deliveries: ${endpoint.url}`}
				>
					Deliveries
				</Link>
				<button
					type="button"
					className="btn btn-outline btn-error btn-sm"
					aria-label={`Remove: ${endpoint.url}`}
					onClick={() => onRemove(endpoint)}
				>
					Remove
				</button>
			</div>
		</article>
	);
}
