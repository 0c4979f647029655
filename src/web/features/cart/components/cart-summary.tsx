import { type ReactNode, useId } from "react";
import type { Cart } from "../../../../shared/cart.schemas.ts";
import { formatCents } from "../../../../shared/money.ts";

/**
 * The cart's figures beside its lines: how many tools and pieces, and the order total (the
 * lines that can be ordered as they are). `children` is the next step (Checkout).
 */
export function CartSummary({
	cart,
	isUpdating,
	children,
}: {
	cart: Cart;
	/** The figures are the ones before the last change until the server has priced it. */
	isUpdating: boolean;
	children: ReactNode;
}) {
	const titleId = useId();
	return (
		<section
			className="flex h-fit flex-col gap-4 rounded-box bg-base-200 p-5 lg:sticky lg:top-24"
			aria-labelledby={titleId}
			aria-busy={isUpdating}
		>
			<h2 id={titleId} className="text-lg font-semibold">
				Order summary
			</h2>
			<dl className="grid grid-cols-2 gap-x-4 gap-y-1">
				<dt className="text-base-content/80">Tools</dt>
				<dd className="text-right">{cart.lines.length}</dd>
				<dt className="text-base-content/80">Pieces</dt>
				<dd className="text-right">{cart.pieces}</dd>
				<dt className="text-lg">Total</dt>
				<dd
					className="text-right text-lg font-bold text-primary"
					aria-live="polite"
				>
					{formatCents(cart.total_cents)}
				</dd>
			</dl>
			{children}
		</section>
	);
}
