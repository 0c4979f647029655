/**
 * 'Add to cart' as it looks before it can be used, while the cart's code loads: the same button,
 * disabled, so the card does not move when the working one replaces it.
 */
export function AddToCartPlaceholder({
	toolName,
	className = "btn btn-outline btn-primary",
}: {
	toolName: string;
	className?: string;
}) {
	return (
		<button
			type="button"
			className={className}
			disabled
			aria-label={`Add to cart: ${toolName}`}
		>
			Add to cart
		</button>
	);
}
