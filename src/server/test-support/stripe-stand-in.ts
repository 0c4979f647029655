import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { onTestFinished } from "vitest";

/** What the stand-in keeps of a PaymentIntent, as the Stripe API answers with it. */
export type StandInPaymentIntent = {
	id: string;
	object: "payment_intent";
	amount: number;
	amount_received: number;
	currency: string;
	client_secret: string;
	status: string;
	metadata: Record<string, string>;
	automatic_payment_methods: { enabled: boolean } | null;
	livemode: false;
	created: number;
};

/** One POST /v1/payment_intents as the stand-in received it. */
export type StandInCreateCall = {
	/** The form fields as sent, e.g. `metadata[order_id]`. */
	params: Record<string, string>;
	idempotencyKey: string | undefined;
	/** The intent it answered with (none when it refused the call). */
	intentId: string | undefined;
};

/** One POST /v1/refunds as the stand-in received it. */
export type StandInRefundCall = {
	/** The PaymentIntent it was asked to refund. */
	paymentIntentId: string;
	idempotencyKey: string | undefined;
	/** The refund it answered with (none when it refused the call). */
	refundId: string | undefined;
};

export type StripeStandIn = {
	/** Base URL of the stand-in, for STRIPE_API_URL / the gateway's apiUrl. */
	url: string;
	/** The secret key it accepts as `Authorization: Bearer …`. */
	secretKey: string;
	/** Every create call, in order (a replay with a known idempotency key included). */
	createCalls: StandInCreateCall[];
	/** How many GET /v1/payment_intents/:id it answered. */
	retrieveCount: () => number;
	/** The intents made so far, by id. */
	intents: Map<string, StandInPaymentIntent>;
	/** Completes an intent, as a customer confirming it in the browser does. */
	succeed: (intentId: string) => void;
	/** Puts an intent under way, as a confirmed bank debit is for days. */
	process: (intentId: string) => void;
	/**
	 * Refunds a succeeded intent outside the shop, as an admin can in Stripe's dashboard: all that
	 * is left of it, or `amount`.
	 */
	refundByHand: (intentId: string, amount?: number) => string;
	/** How much of an intent has been refunded, by the shop or by hand. */
	refundedOf: (intentId: string) => number;
	/** Every refund call, in order (a replay with a known idempotency key included). */
	refundCalls: StandInRefundCall[];
	/** The ids of the intents it was asked to cancel, in order, whether it could or not. */
	cancelCalls: string[];
	/** Makes the next `count` refund calls fail with a 500, as an outage of Stripe does. */
	failNextRefunds: (count: number) => void;
	close: () => Promise<void>;
};

function stripeError(
	response: http.ServerResponse,
	status: number,
	type: string,
	message: string,
	code?: string,
): void {
	response.writeHead(status, { "content-type": "application/json" });
	response.end(JSON.stringify({ error: { type, message, code } }));
}

function sendJson(response: http.ServerResponse, body: unknown): void {
	response.writeHead(200, {
		"content-type": "application/json",
		"request-id": `req_${randomBytes(8).toString("hex")}`,
	});
	response.end(JSON.stringify(body));
}

async function readBody(request: http.IncomingMessage): Promise<string> {
	const chunks: Buffer[] = [];
	for await (const chunk of request) chunks.push(chunk as Buffer);
	return Buffer.concat(chunks).toString("utf8");
}

/** The `metadata[…]` fields of a form-encoded call, as an object. */
function metadataOf(params: Record<string, string>): Record<string, string> {
	const metadata: Record<string, string> = {};
	for (const [key, value] of Object.entries(params)) {
		const name = /^metadata\[(.+)\]$/.exec(key)?.[1];
		if (name) metadata[name] = value;
	}
	return metadata;
}

function makeIntent(params: Record<string, string>): StandInPaymentIntent {
	const id = `pi_${randomBytes(12).toString("hex")}`;
	const metadata = metadataOf(params);
	return {
		id,
		object: "payment_intent",
		amount: Number(params.amount),
		amount_received: 0,
		currency: params.currency ?? "",
		client_secret: `${id}_secret_${randomBytes(12).toString("hex")}`,
		status: "requires_payment_method",
		metadata,
		automatic_payment_methods:
			params["automatic_payment_methods[enabled]"] === undefined
				? null
				: {
						enabled: params["automatic_payment_methods[enabled]"] === "true",
					},
		livemode: false,
		created: Math.floor(Date.now() / 1000),
	};
}

/**
 * A tiny stand-in for the Stripe API on 127.0.0.1 (a random port), enough for the payments
 * gateway: POST /v1/payment_intents (form-encoded, as the stripe client sends it) makes a `pi_…`
 * with a client secret, and a repeated Idempotency-Key answers with the first intent, as Stripe
 * does; GET /v1/payment_intents/:id reads one; POST /v1/payment_intents/:id/cancel cancels one that
 * has not succeeded; POST /v1/refunds refunds a succeeded one, all that is left or `amount` of it
 * (once per Idempotency-Key; one more than the charge is `charge_already_refunded` or
 * `amount_too_large`); GET /v1/refunds?payment_intent= lists them. It checks the bearer key, counts the calls and
 * records the idempotency keys. Closed when the running test finishes.
 */
export async function startStripeStandIn(
	options: { secretKey?: string } = {},
): Promise<StripeStandIn> {
	const secretKey =
		options.secretKey ?? `sk_test_standin${randomBytes(8).toString("hex")}`;
	const intents = new Map<string, StandInPaymentIntent>();
	const byIdempotencyKey = new Map<string, string>();
	const createCalls: StandInCreateCall[] = [];
	const refundCalls: StandInRefundCall[] = [];
	const refundsByIdempotencyKey = new Map<string, { id: string }>();
	const refundsByIntent = new Map<string, { id: string }>();
	/** How much of each succeeded intent has been refunded. */
	const refundedByIntent = new Map<string, number>();
	/** A refund of `amount` of a succeeded intent (by default all that is left), which it then holds. */
	const makeRefund = (
		intent: StandInPaymentIntent,
		metadata: Record<string, string>,
		amount: number,
	) => {
		refundedByIntent.set(
			intent.id,
			(refundedByIntent.get(intent.id) ?? 0) + amount,
		);
		const refund = {
			id: `re_${randomBytes(12).toString("hex")}`,
			object: "refund",
			amount,
			currency: intent.currency,
			payment_intent: intent.id,
			status: "succeeded",
			metadata,
		};
		refundsByIntent.set(intent.id, refund);
		return refund;
	};
	const cancelCalls: string[] = [];
	let refundFailures = 0;
	let retrieves = 0;

	const server = http.createServer(async (request, response) => {
		try {
			const body = await readBody(request);
			if (request.headers.authorization !== `Bearer ${secretKey}`) {
				stripeError(
					response,
					401,
					"invalid_request_error",
					"Invalid API Key provided",
				);
				return;
			}
			const { pathname } = new URL(request.url ?? "/", "http://stand-in");
			if (request.method === "POST" && pathname === "/v1/payment_intents") {
				const params = Object.fromEntries(new URLSearchParams(body));
				const idempotencyKey = request.headers["idempotency-key"];
				const key = typeof idempotencyKey === "string" ? idempotencyKey : "";
				const call: StandInCreateCall = {
					params,
					idempotencyKey: key || undefined,
					intentId: undefined,
				};
				createCalls.push(call);
				const earlier = key ? byIdempotencyKey.get(key) : undefined;
				const intent = earlier ? intents.get(earlier) : makeIntent(params);
				if (!intent || !Number.isInteger(intent.amount) || !intent.currency) {
					stripeError(
						response,
						400,
						"invalid_request_error",
						"Missing required param: amount or currency.",
						"parameter_missing",
					);
					return;
				}
				intents.set(intent.id, intent);
				if (key) byIdempotencyKey.set(key, intent.id);
				call.intentId = intent.id;
				sendJson(response, intent);
				return;
			}
			if (request.method === "POST" && pathname === "/v1/refunds") {
				const params = Object.fromEntries(new URLSearchParams(body));
				const idempotencyKey = request.headers["idempotency-key"];
				const key = typeof idempotencyKey === "string" ? idempotencyKey : "";
				const call: StandInRefundCall = {
					paymentIntentId: params.payment_intent ?? "",
					idempotencyKey: key || undefined,
					refundId: undefined,
				};
				refundCalls.push(call);
				if (refundFailures > 0) {
					refundFailures -= 1;
					stripeError(response, 500, "api_error", "Something went wrong.");
					return;
				}
				const earlier = key ? refundsByIdempotencyKey.get(key) : undefined;
				if (earlier) {
					call.refundId = earlier.id;
					sendJson(response, earlier);
					return;
				}
				const refunded = refundedByIntent.get(call.paymentIntentId) ?? 0;
				const received =
					intents.get(call.paymentIntentId)?.amount_received ?? 0;
				if (refundsByIntent.has(call.paymentIntentId) && refunded >= received) {
					stripeError(
						response,
						400,
						"invalid_request_error",
						`Charge for ${call.paymentIntentId} has already been refunded.`,
						"charge_already_refunded",
					);
					return;
				}
				const intent = intents.get(call.paymentIntentId);
				if (intent?.status !== "succeeded") {
					stripeError(
						response,
						400,
						"invalid_request_error",
						`This PaymentIntent (${call.paymentIntentId}) does not have a successful charge to refund.`,
						"charge_not_refundable",
					);
					return;
				}
				const amount = params.amount
					? Number(params.amount)
					: intent.amount_received - refunded;
				if (amount > intent.amount_received - refunded) {
					stripeError(
						response,
						400,
						"invalid_request_error",
						`Refund amount (${amount}) is greater than unrefunded amount on charge (${intent.amount_received - refunded}).`,
						"amount_too_large",
					);
					return;
				}
				const refund = makeRefund(intent, metadataOf(params), amount);
				if (key) refundsByIdempotencyKey.set(key, refund);
				call.refundId = refund.id;
				sendJson(response, refund);
				return;
			}
			if (request.method === "GET" && pathname === "/v1/refunds") {
				const intentId =
					new URL(request.url ?? "/", "http://stand-in").searchParams.get(
						"payment_intent",
					) ?? "";
				const refund = refundsByIntent.get(intentId);
				sendJson(response, {
					object: "list",
					url: "/v1/refunds",
					has_more: false,
					data: refund ? [refund] : [],
				});
				return;
			}
			const cancelled = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(
				pathname,
			);
			if (request.method === "POST" && cancelled?.[1]) {
				const id = decodeURIComponent(cancelled[1]);
				cancelCalls.push(id);
				const intent = intents.get(id);
				if (!intent || intent.status === "succeeded") {
					stripeError(
						response,
						400,
						"invalid_request_error",
						`You cannot cancel this PaymentIntent because it has a status of ${intent?.status ?? "unknown"}.`,
						"payment_intent_unexpected_state",
					);
					return;
				}
				intent.status = "canceled";
				sendJson(response, intent);
				return;
			}
			const retrieved = /^\/v1\/payment_intents\/([^/]+)$/.exec(pathname);
			if (request.method === "GET" && retrieved?.[1]) {
				retrieves += 1;
				const intent = intents.get(decodeURIComponent(retrieved[1]));
				if (!intent) {
					stripeError(
						response,
						404,
						"invalid_request_error",
						`No such payment_intent: '${retrieved[1]}'`,
						"resource_missing",
					);
					return;
				}
				sendJson(response, intent);
				return;
			}
			stripeError(
				response,
				404,
				"invalid_request_error",
				`Unrecognized request URL (${request.method}: ${pathname}).`,
			);
		} catch (error) {
			stripeError(response, 500, "api_error", String(error));
		}
	});
	await new Promise<void>((resolve, reject) => {
		server.once("error", reject);
		server.listen(0, "127.0.0.1", resolve);
	});
	const { port } = server.address() as AddressInfo;

	let isClosed = false;
	const close = async () => {
		if (isClosed) return;
		isClosed = true;
		server.closeAllConnections();
		await new Promise<void>((resolve) => server.close(() => resolve()));
	};
	onTestFinished(close);
	return {
		url: `http://127.0.0.1:${port}`,
		secretKey,
		createCalls,
		retrieveCount: () => retrieves,
		intents,
		succeed: (intentId) => {
			const intent = intents.get(intentId);
			if (!intent) throw new Error(`the stand-in made no ${intentId}`);
			intent.status = "succeeded";
			intent.amount_received = intent.amount;
		},
		process: (intentId) => {
			const intent = intents.get(intentId);
			if (!intent) throw new Error(`the stand-in made no ${intentId}`);
			intent.status = "processing";
		},
		refundByHand: (intentId, amount) => {
			const intent = intents.get(intentId);
			if (intent?.status !== "succeeded")
				throw new Error(`${intentId} has not succeeded`);
			const left =
				intent.amount_received - (refundedByIntent.get(intentId) ?? 0);
			return makeRefund(intent, {}, amount ?? left).id;
		},
		refundedOf: (intentId) => refundedByIntent.get(intentId) ?? 0,
		refundCalls,
		cancelCalls,
		failNextRefunds: (count) => {
			refundFailures = count;
		},
		close,
	};
}
