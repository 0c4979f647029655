import { randomUUID } from "node:crypto";
import type { PaymentOptions } from "../../../shared/orders.schemas.ts";

/** What a gateway needs to know of the order it takes a payment for. */
export type PayableOrder = { id: string; total_cents: number };

export type PaymentStartResult =
	/** The payment is taken at once (the test provider): record it. */
	| { kind: "paid"; paymentId: string }
	/** The browser completes it (Stripe); the order is paid when the provider's webhook says so. */
	| {
			kind: "pending";
			clientSecret: string;
			paymentIntentId: string;
			/** Set when the payment begun earlier has already completed: what was taken. */
			received?: { amountCents: number; currency: string };
	  };

/** What a verified webhook event of the provider reports. */
export type PaymentEvent = {
	eventId: string;
	type: string;
	/** Set for the events that report a completed payment. */
	succeeded?: {
		paymentIntentId: string;
		amountCents: number;
		currency: string;
	};
	/** Set for a charge refunded (in part or whole, by the shop or at the provider). */
	refunded?: {
		paymentIntentId: string;
		/** Everything refunded of the charge so far, not only this refund. */
		refundedCents: number;
		/** The newest refund's id, when the provider names it. */
		refundId: string | null;
	};
	/** Set for a dispute opened or closed. */
	dispute?: {
		paymentIntentId: string;
		status: "open" | "won" | "lost";
	};
};

/** A refund of part of a payment: how much, and the key that makes asking again the same refund. */
export type RefundRequest = { amountCents: number; idempotencyKey: string };

/** Where a payment begun for an order stands at the provider. */
export type PaymentState =
	| { state: "succeeded"; received: { amountCents: number; currency: string } }
	/** Under way (a bank debit takes days): it may still succeed or fail. */
	| { state: "processing" }
	/** Not completed, and nothing is under way: it can be stopped. */
	| { state: "open" };

/** The shop's currency: prices are US dollars, in cents. */
export const SHOP_CURRENCY = "usd";

/** One way of taking payments; the shop has exactly one, chosen by configuration. */
export type PaymentGateway = {
	options: PaymentOptions;
	/** The smallest and largest total, in cents, the provider can take in one payment. */
	totalLimits: { minCents: number; maxCents: number };
	/**
	 * Starts paying an order. `existingIntentId` is the payment intent made for it before, if any,
	 * so that paying twice never makes a second one.
	 */
	start(
		order: PayableOrder,
		existingIntentId: string | null,
	): Promise<PaymentStartResult>;
	/** Checks a webhook's signature on its raw body; throws when it is not the provider's. */
	verifyWebhook(rawBody: Buffer, signature: string | undefined): PaymentEvent;
	/**
	 * Gives back a payment: the whole of it (a payment that completed after its order was
	 * cancelled; asking again for the same order makes no second refund), or `request`'s amount
	 * (asking again with the same key makes no second refund). Answers the refund's id.
	 */
	refund(
		order: PayableOrder,
		paymentId: string,
		request?: RefundRequest,
	): Promise<string>;
	/**
	 * Stops the payment begun for an order that was cancelled, so the browser can no longer
	 * complete it. One that completed meanwhile is refunded when its webhook arrives.
	 */
	abandon(paymentIntentId: string): Promise<void>;
	/** Where the payment begun with `paymentIntentId` stands now. */
	check(paymentIntentId: string): Promise<PaymentState>;
};

/**
 * The built-in test provider: no money moves; a payment is recorded at once with a generated
 * transaction id. The payment modal says so ("Test mode: no money is taken").
 */
export function createTestPaymentGateway(): PaymentGateway {
	return {
		options: { provider: "test" },
		totalLimits: { minCents: 0, maxCents: Number.MAX_SAFE_INTEGER },
		async start() {
			return { kind: "paid", paymentId: `test_${randomUUID()}` };
		},
		verifyWebhook() {
			throw new Error("the test payment provider sends no webhooks");
		},
		// A test payment completes the moment it starts, so none arrives after a cancellation and
		// none is ever left open; were one refunded, no money would move either.
		async refund() {
			return `test_refund_${randomUUID()}`;
		},
		async abandon() {},
		async check() {
			return { state: "open" };
		},
	};
}
