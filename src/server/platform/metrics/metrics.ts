import type * as PromClient from "prom-client";
import { lazyPackage } from "../lazy-package.ts";

/** What the shop counts and measures, as the features and hooks report it. */
export type Metrics = {
	/** One answered request: its route's pattern (never its address), method, status and time. */
	request(route: string, method: string, status: number, seconds: number): void;
	/** Steps of orders' timelines (placed, paid, cancelled, …), once their change has committed. */
	orderSteps(kinds: readonly string[]): void;
	/** How one pass of the mail outbox went. */
	mailPass(outcome: { sent: number; retried: number; failed: number }): void;
};

/** A shop without metrics (no METRICS_TOKEN): reports go nowhere and nothing is loaded. */
export const NO_METRICS: Metrics = {
	request() {},
	orderSteps() {},
	mailPass() {},
};

/** Figures read when the metrics are read: from the database and the connection pool. */
export type MetricsSources = {
	/** Mails not yet sent and still being tried, and mails given up on. */
	mailOutbox(): Promise<{ pending: number; failed: number }>;
	/** The database's connections now. */
	database(): { open: number; busy: number; waiting: number };
};

export type ExposedMetrics = Metrics & {
	/** The Prometheus text exposition of every metric. */
	read(): Promise<string>;
	contentType: string;
};

/** Latency buckets, in seconds: a cached read is about a millisecond, an order a few. */
const REQUEST_SECONDS_BUCKETS = [
	0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
];

// Loaded only by a shop that exposes metrics.
const loadPromClient = lazyPackage<typeof PromClient>("prom-client");

/**
 * The shop's metrics in a registry of their own (docs/operations.md, Metrics): requests per route
 * with their status and a latency histogram, order steps, the mail outbox, the database's
 * connections, and Node's own process figures (memory, event-loop lag, garbage collection).
 * Names start with `tools_gallery_`, except Node's standard ones.
 */
export function createMetrics(sources: MetricsSources): ExposedMetrics {
	const client = loadPromClient();
	const registry = new client.Registry();
	client.collectDefaultMetrics({ register: registry });

	const requests = new client.Histogram({
		name: "tools_gallery_http_request_duration_seconds",
		help: "Answered HTTP requests by route pattern, method and status, and how long they took.",
		labelNames: ["route", "method", "status"],
		buckets: REQUEST_SECONDS_BUCKETS,
		registers: [registry],
	});
	const orderSteps = new client.Counter({
		name: "tools_gallery_order_steps_total",
		help: "Steps of orders' timelines committed by this instance, by kind (placed, paid, cancelled, expired, shipped, refunded, …).",
		labelNames: ["kind"],
		registers: [registry],
	});
	const mailAttempts = new client.Counter({
		name: "tools_gallery_mail_attempts_total",
		help: "Attempts to send a mail from the outbox by this instance, by outcome: sent, retried later, or failed for good.",
		labelNames: ["outcome"],
		registers: [registry],
	});
	new client.Gauge({
		name: "tools_gallery_mail_outbox_mails",
		help: "Mails in the outbox by status: pending (not sent yet, still tried) and failed (given up on, waiting for an admin).",
		labelNames: ["status"],
		registers: [registry],
		async collect() {
			const { pending, failed } = await sources.mailOutbox();
			this.set({ status: "pending" }, pending);
			this.set({ status: "failed" }, failed);
		},
	});
	new client.Gauge({
		name: "tools_gallery_db_connections",
		help: "The database's connections by state: open, busy (running a query or transaction) and the queries waiting for one.",
		labelNames: ["state"],
		registers: [registry],
		collect() {
			const use = sources.database();
			this.set({ state: "open" }, use.open);
			this.set({ state: "busy" }, use.busy);
			this.set({ state: "waiting" }, use.waiting);
		},
	});
	// Every kind starts at zero, so a rate is defined before the first order.
	for (const kind of ["placed", "paid", "cancelled"])
		orderSteps.inc({ kind }, 0);
	for (const outcome of ["sent", "retried", "failed"])
		mailAttempts.inc({ outcome }, 0);

	return {
		request(route, method, status, seconds) {
			requests.observe({ route, method, status: String(status) }, seconds);
		},
		orderSteps(kinds) {
			for (const kind of kinds) orderSteps.inc({ kind });
		},
		mailPass(outcome) {
			for (const [name, count] of Object.entries(outcome))
				if (count > 0) mailAttempts.inc({ outcome: name }, count);
		},
		read: () => registry.metrics(),
		contentType: registry.contentType,
	};
}
