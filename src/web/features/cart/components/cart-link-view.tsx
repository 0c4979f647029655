import { Link, useLocation } from "react-router";
import { formatPieces } from "../pieces.ts";

function CartIcon() {
	return (
		<svg
			viewBox="0 0 24 24"
			className="h-6 w-6 stroke-current"
			fill="none"
			strokeWidth="2"
			strokeLinecap="round"
			strokeLinejoin="round"
			aria-hidden="true"
		>
			<path d="M3 4h2l2.4 11.2a1 1 0 0 0 1 .8h9.2a1 1 0 0 0 1-.8L20 8H6.2" />
			<circle cx="9.5" cy="19.5" r="1.5" />
			<circle cx="17" cy="19.5" r="1.5" />
		</svg>
	);
}

/**
 * The navigation bar's way to the cart: an icon with the pieces in the cart as a badge, named
 * "Cart, 3 pieces" for screen readers. Without a count (not known yet) it is the icon alone,
 * named "Cart": what the bar shows while the cart's code loads.
 */
export function CartLinkView({ pieces }: { pieces: number | undefined }) {
	const { pathname } = useLocation();
	const isActive = pathname === "/cart";
	return (
		<Link
			to="/cart"
			className={`btn btn-ghost btn-square indicator text-secondary-content ${isActive ? "bg-secondary-content/15" : ""}`}
			aria-label={
				pieces === undefined ? "Cart" : `Cart, ${formatPieces(pieces)}`
			}
			aria-current={isActive ? "page" : undefined}
		>
			<CartIcon />
			{pieces !== undefined && pieces > 0 && (
				<span
					className="indicator-item badge badge-accent badge-sm px-1.5 font-semibold"
					aria-hidden="true"
				>
					{pieces > 999 ? "999+" : pieces}
				</span>
			)}
		</Link>
	);
}
