import { useEffect, useState } from "react";
import { useOrderUntilPaid, useRefreshOrders } from "../orders.queries.ts";

const GIVE_UP_AFTER_MS = 30_000;

/** Said before paying with Stripe: who takes the card. */
export function StripePaymentNote() {
	return (
		<p className="alert alert-info alert-soft text-sm">
			Card payment opens Stripe's secure form: your card details go to Stripe,
			never to this shop.
		</p>
	);
}

/** While Stripe's card form loads from Stripe. */
export function StripeCardFormLoading() {
	return (
		<p role="status" className="flex items-center gap-2 text-sm">
			<span className="loading loading-spinner loading-sm" aria-hidden="true" />
			Loading Stripe's card form…
		</p>
	);
}

/**
 * After Stripe took the payment: the order becomes paid when Stripe's webhook reaches the shop,
 * so the order is read again until it is paid, for at most 30 s.
 */
export function StripePaymentWait({
	orderId,
	onPaid,
}: {
	orderId: string;
	onPaid: () => void;
}) {
	const [hasGivenUp, setHasGivenUp] = useState(false);
	const order = useOrderUntilPaid(orderId, !hasGivenUp);
	const refreshOrders = useRefreshOrders();
	const isPaid = order.data?.status === "paid";

	useEffect(() => {
		const timer = setTimeout(() => setHasGivenUp(true), GIVE_UP_AFTER_MS);
		return () => clearTimeout(timer);
	}, []);

	// biome-ignore lint/correctness/useExhaustiveDependencies: once, when the order turns paid
	useEffect(() => {
		if (!isPaid) return;
		void refreshOrders();
		onPaid();
	}, [isPaid]);

	if (hasGivenUp && !isPaid)
		return (
			<p role="status" className="alert alert-warning text-sm">
				Stripe has not confirmed the payment yet. Your order shows as paid, with
				its transaction ID, as soon as it does.
			</p>
		);
	return (
		<p role="status" className="flex items-center gap-2 text-sm">
			<span className="loading loading-spinner loading-sm" aria-hidden="true" />
			Your payment is being confirmed…
		</p>
	);
}
