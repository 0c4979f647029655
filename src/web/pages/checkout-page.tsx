import { useNavigate } from "react-router";
import type { Profile } from "../../shared/accounts.schemas.ts";
import type { DeliveryAddress } from "../../shared/checkout.schemas.ts";
import { formatCents } from "../../shared/money.ts";
import { EmptyState } from "../components/ui/empty-state.tsx";
import { QueryBoundary } from "../components/ui/query-boundary.tsx";
import { Spinner } from "../components/ui/spinner.tsx";
import { useCart } from "../features/cart/cart.queries.ts";
import { CheckoutForm } from "../features/cart/components/checkout-form.tsx";
import { useOwnPaymentTerms } from "../features/payment-terms/payment-terms.queries.ts";
import { useProfile } from "../features/profile/profile.queries.ts";
import { ReceivingPointPicker } from "../features/receiving-points/components/receiving-point-picker.tsx";
import { formatDay } from "../lib/dates.ts";
import { usePageTitle } from "../lib/page-title.ts";
import { notify } from "../lib/toast.ts";

/** The delivery address as the profile has it, to start from; any part may be missing. */
function addressFrom(profile: Profile | undefined): DeliveryAddress {
	return {
		recipient: profile?.name ?? "",
		address: profile?.address ?? "",
		city: profile?.city ?? "",
		state: profile?.state ?? "",
		zip: profile?.zip ?? "",
	};
}

/**
 * Checking the signed-in customer's cart out as one order: review, delivery or collection, and
 * 'Place order'. The placed order waits in My Orders, to be paid from there.
 */
export function CheckoutPage() {
	usePageTitle("Checkout");
	const navigate = useNavigate();
	const cart = useCart("customer");
	// The address is only a start: without a profile the customer types it.
	const profile = useProfile();
	const invoiceTerms = useOwnPaymentTerms();

	return (
		<section
			className="mx-auto max-w-6xl space-y-6 px-4 py-10"
			aria-labelledby="checkout-title"
		>
			<h1 id="checkout-title" className="text-3xl font-bold">
				Checkout
			</h1>
			<QueryBoundary
				query={cart}
				loadingLabel="Loading your cart"
				errorTitle="Your cart could not be loaded"
			>
				{(data) => {
					if (data.lines.length === 0)
						return (
							<EmptyState
								message="Your cart is empty"
								action={
									<a href="/#latest-tools" className="btn btn-primary">
										Browse the tools
									</a>
								}
							/>
						);
					if (profile.isPending || invoiceTerms.isPending)
						return <Spinner label="Loading your address" />;
					return (
						<CheckoutForm
							cart={data}
							prefill={addressFrom(profile.data)}
							invoiceTerms={invoiceTerms.data ?? null}
							renderPointPicker={(picker) => (
								<ReceivingPointPicker {...picker} />
							)}
							onPlaced={(order) => {
								const invoice = order.invoices[0];
								if (order.payment_method === "invoice" && invoice) {
									notify.success(
										`Order placed for ${formatCents(order.total_cents)}: invoice ${invoice.number} is due by ${formatDay(order.due_at ?? order.created_at)}`,
									);
									navigate(`/dashboard/my-orders/${order.id}`);
									return;
								}
								notify.success(
									`Order placed for ${formatCents(order.total_cents)}: pay for it here when you are ready`,
								);
								navigate("/dashboard/my-orders");
							}}
						/>
					);
				}}
			</QueryBoundary>
		</section>
	);
}
