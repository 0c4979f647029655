import type { PaymentIntentResult, Stripe } from "@stripe/stripe-js";

/** What a test sees of the fake Stripe.js: the keys it was loaded with and every confirmation. */
export type FakeStripeJs = {
	loadedKeys: string[];
	/** The client secret the Elements group was made with. */
	clientSecrets: string[];
	confirmations: { return_url: string | undefined; redirect: string }[];
	/** The answer of the next `confirmPayment`: Stripe's error message, or success. */
	nextConfirmation: { error: string } | "succeeded";
	/** When set, loading Stripe.js fails (blocked, offline). */
	failsToLoad: boolean;
};

export function aFakeStripeJs(): FakeStripeJs {
	return {
		loadedKeys: [],
		clientSecrets: [],
		confirmations: [],
		nextConfirmation: "succeeded",
		failsToLoad: false,
	};
}

/**
 * Stands in for Stripe.js (a script served by Stripe, out of reach in tests): just enough of it
 * for `@stripe/react-stripe-js` to mount a Payment Element and for the form to confirm the
 * payment. The mounted "element" is a labelled text box where Stripe's frame would be.
 */
export function loadFakeStripe(fake: FakeStripeJs, publishableKey: string) {
	fake.loadedKeys.push(publishableKey);
	if (fake.failsToLoad)
		return Promise.reject(new Error("Failed to load Stripe.js"));
	const element = {
		handlers: new Map<string, (event: unknown) => void>(),
		mount(node: HTMLElement) {
			const field = document.createElement("input");
			field.setAttribute("aria-label", "Card number");
			node.append(field);
			// Stripe reports its frame ready once it has loaded.
			queueMicrotask(() => element.handlers.get("ready")?.({}));
		},
		on(event: string, handler: (event: unknown) => void) {
			element.handlers.set(event, handler);
		},
		off(event: string) {
			element.handlers.delete(event);
		},
		update() {},
		destroy() {},
	};
	const stripe = {
		elements(options: { clientSecret: string }) {
			fake.clientSecrets.push(options.clientSecret);
			return { create: () => element, update() {}, getElement: () => null };
		},
		createToken() {},
		createPaymentMethod() {},
		confirmCardPayment() {},
		async confirmPayment(options: {
			confirmParams?: { return_url?: string };
			redirect: string;
		}): Promise<PaymentIntentResult> {
			fake.confirmations.push({
				return_url: options.confirmParams?.return_url,
				redirect: options.redirect,
			});
			const answer = fake.nextConfirmation;
			if (answer === "succeeded")
				return {
					paymentIntent: { status: "succeeded" },
				} as PaymentIntentResult;
			return {
				error: { type: "card_error", message: answer.error },
			} as PaymentIntentResult;
		},
	};
	return Promise.resolve(stripe as unknown as Stripe);
}
