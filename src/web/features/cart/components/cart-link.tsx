import { useCartPieces, useMergeLeftoverBrowserCart } from "../cart.queries.ts";
import type { CartOwner } from "../cart-owner.ts";
import { CartLinkView } from "./cart-link-view.tsx";

/**
 * The cart link with the pieces in the cart (screen readers hear a new count in the toast of the
 * tool added). A signed-in customer's leftover browser cart is handed to their account from here.
 */
export function CartLink({ owner }: { owner: CartOwner | undefined }) {
	const pieces = useCartPieces(owner);
	// The navigation bar is on every page: where a cart left in the browser is first noticed.
	useMergeLeftoverBrowserCart(owner);
	return <CartLinkView pieces={pieces} />;
}
