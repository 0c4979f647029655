import {
	Elements,
	PaymentElement,
	useElements,
	useStripe,
} from "@stripe/react-stripe-js";
import type { Stripe } from "@stripe/stripe-js";
import { loadStripe } from "@stripe/stripe-js/pure";
import { type FormEvent, useEffect, useState } from "react";
import { StripeCardFormLoading } from "./stripe-payment-wait.tsx";

/**
 * Stripe.js, loaded from js.stripe.com the first time a customer pays by card (the `pure` entry
 * point loads nothing until asked), and kept for the shop's key after that.
 */
const loadedStripe = new Map<string, Promise<Stripe | null>>();

function stripeFor(publishableKey: string): Promise<Stripe | null> {
	let stripe = loadedStripe.get(publishableKey);
	if (!stripe) {
		stripe = loadStripe(publishableKey).catch((error: unknown) => {
			// A failed load (offline, blocked) may be tried again on the next attempt.
			loadedStripe.delete(publishableKey);
			throw error;
		});
		loadedStripe.set(publishableKey, stripe);
	}
	return stripe;
}

type StripeCardFormProps = {
	publishableKey: string;
	/** The PaymentIntent's client secret, from the shop's "pay this order". */
	clientSecret: string;
	amount: string;
	onClose: () => void;
	/** Stripe took the payment; the shop marks the order paid when Stripe's webhook arrives. */
	onConfirmed: () => void;
};

/**
 * Stripe's Payment Element inside the payment modal: the card fields are Stripe's own frames,
 * so card details go to Stripe and never pass through the shop.
 */
export function StripeCardForm({
	publishableKey,
	clientSecret,
	...props
}: StripeCardFormProps) {
	const [stripe, setStripe] = useState<Stripe | null>();
	const [hasFailedToLoad, setHasFailedToLoad] = useState(false);

	useEffect(() => {
		let isCurrent = true;
		stripeFor(publishableKey).then(
			(loaded) => {
				if (!isCurrent) return;
				if (loaded) setStripe(loaded);
				else setHasFailedToLoad(true);
			},
			() => {
				if (isCurrent) setHasFailedToLoad(true);
			},
		);
		return () => {
			isCurrent = false;
		};
	}, [publishableKey]);

	if (hasFailedToLoad)
		return (
			<>
				<p role="alert" className="alert alert-error alert-soft text-sm">
					Stripe's card form could not be loaded. Check your connection and try
					again; nothing was charged.
				</p>
				<div className="modal-action">
					<button type="button" className="btn" onClick={props.onClose}>
						Close
					</button>
				</div>
			</>
		);
	if (!stripe) return <StripeCardFormLoading />;
	return (
		<Elements stripe={stripe} options={{ clientSecret }}>
			<CardFields {...props} />
		</Elements>
	);
}

function CardFields({
	amount,
	onClose,
	onConfirmed,
}: Omit<StripeCardFormProps, "publishableKey" | "clientSecret">) {
	const stripe = useStripe();
	const elements = useElements();
	const [isReady, setIsReady] = useState(false);
	const [isPaying, setIsPaying] = useState(false);
	const [failure, setFailure] = useState<string>();

	async function pay(event: FormEvent) {
		event.preventDefault();
		if (!stripe || !elements || isPaying) return;
		setIsPaying(true);
		setFailure(undefined);
		const result = await stripe.confirmPayment({
			elements,
			// Only payment methods that leave the page (bank redirects) come back here.
			confirmParams: { return_url: window.location.href },
			redirect: "if_required",
		});
		setIsPaying(false);
		if (result.error)
			setFailure(result.error.message ?? "The payment was not accepted.");
		else onConfirmed();
	}

	return (
		<form className="space-y-4" onSubmit={(event) => void pay(event)}>
			{!isReady && !failure && <StripeCardFormLoading />}
			<PaymentElement
				onReady={() => setIsReady(true)}
				onLoadError={(event) =>
					setFailure(
						event.error.message ??
							"Stripe's card form could not be loaded. Try again later.",
					)
				}
			/>
			{failure && (
				<p role="alert" className="alert alert-error alert-soft text-sm">
					{failure}
				</p>
			)}
			<div className="modal-action">
				<button type="button" className="btn" onClick={onClose}>
					Close
				</button>
				<button
					type="submit"
					className="btn btn-primary"
					disabled={!isReady || isPaying}
					aria-busy={isPaying || undefined}
				>
					{isPaying && (
						<span
							className="loading loading-spinner loading-sm"
							aria-hidden="true"
						/>
					)}
					{`Pay ${amount} by card`}
				</button>
			</div>
		</form>
	);
}
