import type Stripe from "stripe";
import type { StripeSettings } from "../../config.ts";
import { lazyPackage } from "../lazy-package.ts";
import {
	type PayableOrder,
	type PaymentEvent,
	type PaymentGateway,
	type PaymentStartResult,
	type PaymentState,
	type RefundRequest,
	SHOP_CURRENCY,
} from "./payment-gateway.ts";

/**
 * The stripe package is loaded when a Stripe gateway is made, not when the server's modules are:
 * a shop in test mode never pays for it (about 20 MB and 75 ms of start-up).
 */
const loadStripe = lazyPackage<typeof Stripe>("stripe");

/** How long one request to Stripe may take before the client gives up. */
const STRIPE_TIMEOUT_MS = 15_000;

/** How often the client repeats a request that failed on the network or with a 5xx. */
export const STRIPE_RETRIES = 1;

/**
 * A call to Stripe that failed (unreachable, refused, a wrong key). It carries no HTTP status of
 * its own, so the customer gets a 500 and the log gets Stripe's reason, never Stripe's 401 or 400
 * as if it were the customer's mistake.
 */
export class StripeCallError extends Error {
	constructor(action: string, cause: unknown) {
		const { type, message } = cause as { type?: unknown; message?: unknown };
		super(
			`Stripe could not ${action}: ${typeof type === "string" ? `${type}: ` : ""}${typeof message === "string" ? message : String(cause)}`,
			{ cause },
		);
		this.name = "StripeCallError";
	}
}

/**
 * What one Stripe payment in US dollars can be: at least $0.50 and at most $999,999.99 (Stripe's
 * minimum and maximum charge amounts for USD).
 */
export const STRIPE_USD_LIMITS = { minCents: 50, maxCents: 99_999_999 };

/** The id of an object Stripe names either by id or expanded. */
function idOf(reference: string | { id: string } | null | undefined) {
	if (!reference) return null;
	return typeof reference === "string" ? reference : reference.id;
}

/** The same key for every attempt to make an order's PaymentIntent, so Stripe makes one. */
export function paymentIntentIdempotencyKey(orderId: string): string {
	return `tools-gallery-order-${orderId}-payment-intent`;
}

/** The same key for every attempt to refund an order's payment, so Stripe refunds it once. */
export function refundIdempotencyKey(orderId: string): string {
	return `tools-gallery-order-${orderId}-refund`;
}

/** host, port and protocol of the Stripe client for an API URL such as http://127.0.0.1:12111. */
function connectionTo(apiUrl: string): {
	host: string;
	port: number;
	protocol: "http" | "https";
} {
	const url = new URL(apiUrl);
	const protocol = url.protocol === "http:" ? "http" : "https";
	return {
		// An IPv6 literal comes in brackets, which Node's http client does not take.
		host: url.hostname.replace(/^\[(.*)\]$/, "$1"),
		port: url.port ? Number(url.port) : protocol === "http" ? 80 : 443,
		protocol,
	};
}

function toStartResult(intent: Stripe.PaymentIntent): PaymentStartResult {
	if (!intent.client_secret)
		throw new Error(`Stripe's PaymentIntent ${intent.id} has no client secret`);
	return {
		kind: "pending",
		clientSecret: intent.client_secret,
		paymentIntentId: intent.id,
		...(intent.status === "succeeded"
			? {
					received: {
						amountCents: intent.amount_received,
						currency: intent.currency,
					},
				}
			: {}),
	};
}

/**
 * Stripe as the shop's payment provider. Paying makes one PaymentIntent per order (for its total,
 * in US dollars) whose client secret the browser confirms with Stripe.js; the order is paid when
 * Stripe's signed webhook reports the intent succeeded.
 */
export function createStripePaymentGateway(
	settings: StripeSettings,
): PaymentGateway {
	const StripeClient = loadStripe();
	const stripe = new StripeClient(settings.secretKey, {
		timeout: STRIPE_TIMEOUT_MS,
		maxNetworkRetries: STRIPE_RETRIES,
		telemetry: false,
		appInfo: { name: "Tools Gallery" },
		...(settings.apiUrl ? connectionTo(settings.apiUrl) : {}),
	});

	return {
		options: { provider: "stripe", publishable_key: settings.publishableKey },
		totalLimits: STRIPE_USD_LIMITS,

		async start(order: PayableOrder, existingIntentId: string | null) {
			if (existingIntentId) {
				try {
					return toStartResult(
						await stripe.paymentIntents.retrieve(existingIntentId),
					);
				} catch (error) {
					throw new StripeCallError(
						`read PaymentIntent ${existingIntentId}`,
						error,
					);
				}
			}
			try {
				return toStartResult(
					await stripe.paymentIntents.create(
						{
							amount: order.total_cents,
							currency: SHOP_CURRENCY,
							metadata: { order_id: order.id },
							automatic_payment_methods: { enabled: true },
						},
						{ idempotencyKey: paymentIntentIdempotencyKey(order.id) },
					),
				);
			} catch (error) {
				throw new StripeCallError(
					`make a PaymentIntent for order ${order.id}`,
					error,
				);
			}
		},

		async refund(
			order: PayableOrder,
			paymentIntentId: string,
			request?: RefundRequest,
		) {
			try {
				const refund = await stripe.refunds.create(
					{
						payment_intent: paymentIntentId,
						...(request ? { amount: request.amountCents } : {}),
						metadata: { order_id: order.id },
					},
					{
						idempotencyKey:
							request?.idempotencyKey ?? refundIdempotencyKey(order.id),
					},
				);
				return refund.id;
			} catch (error) {
				// Refunded already: by hand in Stripe's dashboard, or by this shop more than a day ago
				// (Stripe keeps idempotency keys for 24 hours). That refund is the one to keep.
				const earlier =
					!request &&
					(error as { code?: unknown }).code === "charge_already_refunded"
						? await stripe.refunds
								.list({ payment_intent: paymentIntentId, limit: 1 })
								.then((list) => list.data[0]?.id)
								.catch(() => undefined)
						: undefined;
				if (earlier) return earlier;
				throw new StripeCallError(
					`refund PaymentIntent ${paymentIntentId} of order ${order.id}`,
					error,
				);
			}
		},

		async check(paymentIntentId: string): Promise<PaymentState> {
			let intent: Stripe.PaymentIntent;
			try {
				intent = await stripe.paymentIntents.retrieve(paymentIntentId);
			} catch (error) {
				throw new StripeCallError(
					`read PaymentIntent ${paymentIntentId}`,
					error,
				);
			}
			if (intent.status === "succeeded")
				return {
					state: "succeeded",
					received: {
						amountCents: intent.amount_received,
						currency: intent.currency,
					},
				};
			// Confirmed, and waiting for the bank or a capture: it may still take the money.
			if (
				intent.status === "processing" ||
				intent.status === "requires_capture"
			)
				return { state: "processing" };
			return { state: "open" };
		},

		async abandon(paymentIntentId: string) {
			try {
				await stripe.paymentIntents.cancel(paymentIntentId, {
					cancellation_reason: "abandoned",
				});
			} catch (error) {
				throw new StripeCallError(
					`cancel PaymentIntent ${paymentIntentId}`,
					error,
				);
			}
		},

		verifyWebhook(rawBody: Buffer, signature: string | undefined) {
			if (!signature) throw new Error("the webhook has no Stripe-Signature");
			// Checks the signature over these exact bytes and that it is at most 300 s old.
			const event = stripe.webhooks.constructEvent(
				rawBody,
				signature,
				settings.webhookSecret,
			);
			const result: PaymentEvent = { eventId: event.id, type: event.type };
			if (event.type === "payment_intent.succeeded") {
				const intent = event.data.object;
				result.succeeded = {
					paymentIntentId: intent.id,
					amountCents: intent.amount_received,
					currency: intent.currency,
				};
			}
			if (event.type === "charge.refunded") {
				const charge = event.data.object;
				const intentId = idOf(charge.payment_intent);
				if (intentId)
					result.refunded = {
						paymentIntentId: intentId,
						refundedCents: charge.amount_refunded,
						refundId: charge.refunds?.data[0]?.id ?? null,
					};
			}
			if (
				event.type === "charge.dispute.created" ||
				event.type === "charge.dispute.closed"
			) {
				const dispute = event.data.object;
				const intentId = idOf(dispute.payment_intent);
				if (intentId)
					result.dispute = {
						paymentIntentId: intentId,
						// A closed inquiry ("warning_closed") took no money: it ends the hold as a win does.
						status:
							event.type === "charge.dispute.created"
								? "open"
								: dispute.status === "lost"
									? "lost"
									: "won",
					};
			}
			return result;
		},
	};
}
