import { formatCents, groupThousands } from "../../shared/money.ts";
import { nextPriceBreak, type PriceBreak } from "../../shared/purchase-rule.ts";

/** "Order 20 more pieces to pay $22.50 each.", or nothing past the last break. */
export function NextBreakHint({
	tool,
	quantity,
}: {
	tool: {
		pack_size: number;
		price_cents: number;
		price_breaks: readonly PriceBreak[];
	};
	quantity: number;
}) {
	const next = Number.isInteger(quantity)
		? nextPriceBreak(tool, quantity)
		: undefined;
	if (!next) return null;
	return (
		<p className="text-sm">
			Order {groupThousands(next.pieces_more)} more pieces to pay{" "}
			{formatCents(next.price_cents)} each.
		</p>
	);
}
