import {
	isStockOut,
	type ToolStock,
} from "../../../../shared/purchase-rule.ts";
import { BusyButton } from "../../../components/ui/busy-button.tsx";
import { readBrowserCart } from "../../../lib/browser-cart.ts";
import { failureReason, notify } from "../../../lib/toast.ts";
import { useAddToCart } from "../cart.queries.ts";
import type { CartOwner } from "../cart-owner.ts";
import { formatPieces } from "../pieces.ts";

export type CartTool = ToolStock & { id: string; tool_name: string };

/**
 * Adds pieces of one tool to the cart, on top of those it holds, and says how that went in a
 * toast. `isReady` is false while it is not known whose cart it is (`owner` undefined).
 */
export function useAddToCartAction(
	tool: CartTool,
	owner: CartOwner | undefined,
) {
	const addToCart = useAddToCart(owner ?? "visitor");
	async function add(quantity: number): Promise<boolean> {
		try {
			const cart = await addToCart.mutateAsync({ tool, quantity });
			// The toast is read out: it says the cart's new count the badge shows.
			const pieces =
				cart?.pieces ??
				readBrowserCart().reduce((sum, line) => sum + line.quantity, 0);
			notify.success(
				`Added ${formatPieces(quantity)} of ${tool.tool_name} to your cart, which holds ${formatPieces(pieces)}`,
				{ autoClose: 2000 },
			);
			return true;
		} catch (error) {
			notify.error(`Failed to add to the cart${failureReason(error)}`);
			return false;
		}
	}
	return {
		add,
		isPending: addToCart.isPending,
		isReady: owner !== undefined && !isStockOut(tool),
	};
}

/**
 * 'Add to cart' with a set quantity (a tool card adds the tool's minimum order). Disabled for a
 * tool out of stock and while it is not known whose cart it is.
 */
export function AddToCartButton({
	tool,
	quantity,
	owner,
	className = "btn btn-outline btn-primary",
}: {
	tool: CartTool;
	quantity: number;
	owner: CartOwner | undefined;
	className?: string;
}) {
	const action = useAddToCartAction(tool, owner);
	return (
		<BusyButton
			type="button"
			className={className}
			isBusy={action.isPending}
			disabled={!action.isReady}
			aria-label={`Add to cart: ${tool.tool_name}`}
			onClick={() => void action.add(quantity)}
		>
			Add to cart
		</BusyButton>
	);
}
