import { formatCents } from "../../../../shared/money.ts";
import type { OrderEvent } from "../../../../shared/orders.schemas.ts";
import { OrderDate } from "./order-date.tsx";

/** Who reads the timeline: the order's customer, or an admin (who sees which admin did what). */
export type TimelineReader = "customer" | "admin";

type Details = OrderEvent["details"];

const text = (details: Details, name: string) => String(details[name] ?? "");

/** An amount in cents, as the timeline's details carry it. */
const amount = (details: Details) => {
	const cents = details.amount_cents;
	return typeof cents === "number" ? formatCents(cents) : "";
};

/** ": reason", or nothing when the step gave none. */
const because = (details: Details) => {
	const reason = text(details, "reason");
	return reason ? `: ${reason}` : "";
};

/** What each step of an order's life was, in words, from its details. */
const WHAT_HAPPENED: Record<OrderEvent["kind"], (details: Details) => string> =
	{
		placed: () => "Order placed",
		paid: (details) =>
			details.transaction_id
				? `Paid, transaction ${text(details, "transaction_id")}`
				: "Paid",
		cancelled: () => "Order cancelled",
		expired: () => "Cancelled: not paid in time",
		shipped: (details) =>
			`Shipped with ${text(details, "carrier")}, tracking number ${text(details, "tracking_number")}`,
		ready_for_collection: () => "Ready for collection",
		delivered: () => "Delivered",
		collected: () => "Collected",
		refunded: (details) => {
			const pieces = details.pieces;
			const what =
				typeof pieces === "number" && pieces > 0
					? ` for ${pieces} ${pieces === 1 ? "piece" : "pieces"}`
					: "";
			return `Refunded ${amount(details)}${what}${because(details)}`;
		},
		refund_failed: (details) =>
			`A refund of ${amount(details)} failed${because(details)}`,
		late_payment_refunded: () =>
			"A payment that arrived after the order was cancelled was given back",
		disputed: () => "The payment was disputed: the shipment is held",
		dispute_closed: (details) => {
			const outcome = text(details, "outcome");
			if (outcome === "won")
				return "The dispute was closed in the shop's favour";
			if (outcome === "lost")
				return "The dispute was closed in the card holder's favour";
			return "The dispute was closed";
		},
		invoice_issued: (details) => `Invoice ${text(details, "number")} issued`,
		credit_note_issued: (details) =>
			`Credit note ${text(details, "number")} issued`,
	};

/** Who did it, as each reader is told: customers are not told which admin. */
function describeActor(event: OrderEvent, reader: TimelineReader): string {
	switch (event.actor) {
		case "customer":
			return reader === "customer" ? "You" : "The customer";
		case "admin":
			return reader === "admin" && event.actor_email
				? event.actor_email
				: "The shop";
		case "shop":
			return "The shop, by itself";
		case "payment provider":
			return "The payment provider";
		default:
			return event.actor;
	}
}

/** The order's life, oldest step first: when, what happened, and who did it. */
export function OrderTimeline({
	events,
	reader,
}: {
	events: readonly OrderEvent[];
	reader: TimelineReader;
}) {
	if (events.length === 0)
		return <p className="text-sm">Nothing has happened to this order yet.</p>;
	return (
		<ol aria-label="Timeline, oldest first" className="space-y-3 text-sm">
			{events.map((event, index) => (
				<li
					// Steps never change or move once recorded: their place is their identity.
					// biome-ignore lint/suspicious/noArrayIndexKey: see above
					key={index}
					className="border-l-2 border-primary/60 pl-3"
				>
					<p className="font-medium break-words">
						{WHAT_HAPPENED[event.kind](event.details)}
					</p>
					<p className="text-base-content/80">
						<OrderDate iso={event.at} />
						{` · ${describeActor(event, reader)}`}
					</p>
				</li>
			))}
		</ol>
	);
}
