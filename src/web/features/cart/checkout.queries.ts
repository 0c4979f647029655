import type { CheckoutInput } from "../../../shared/checkout.schemas.ts";
import { useIdempotentOrder } from "../../lib/idempotency-key.ts";
import { queryKeys } from "../../lib/query-keys.ts";
import { useReadAgain } from "../../lib/read-again.ts";

/**
 * Checks the customer's cart out as one order, with one Idempotency-Key per intended order (these
 * lines, this delivery), kept across retries (`useIdempotentOrder`).
 */
export function useCheckout() {
	const readAgain = useReadAgain();
	// Ordered lines leave the cart and the stock moves; a refusal means the cart shown was out of
	// date. Either way the cart, the orders and the tools are read again, without waiting: the
	// checkout goes on to the order at once instead of showing an empty cart.
	const { send, isPending } = useIdempotentOrder<CheckoutInput>(
		"/api/checkout",
		() => {
			void readAgain(
				queryKeys.cart.all,
				queryKeys.orders.all,
				queryKeys.tools.all,
			);
		},
	);
	return { checkOut: send, isPending };
}
