import { type ReactNode, useId, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Link } from "react-router";
import { formatCents } from "../../../../shared/money.ts";
import type {
	Order,
	PlaceOrderInput,
} from "../../../../shared/orders.schemas.ts";
import {
	checkPurchase,
	lineTotalCents,
	smallestOrder,
	unitPriceCents,
} from "../../../../shared/purchase-rule.ts";
import type { Tool } from "../../../../shared/tools.schemas.ts";
import { BusyButton } from "../../../components/ui/busy-button.tsx";
import { TextField } from "../../../components/ui/field.tsx";
import { ApiError, isAnswerLost } from "../../../lib/api-client.ts";
import { failureReason, notify } from "../../../lib/toast.ts";
import { usePlaceOrder } from "../orders.queries.ts";

/**
 * The quantity and 'Order Confirm' of the purchase page. The purchase rule is checked while the
 * customer types, with the same messages the server answers; the server decides in the end.
 * `secondaryAction` renders another use of the same quantity beside 'Order Confirm' (adding it
 * to the cart), told the quantity typed and whether the purchase rule allows it.
 */
export function OrderForm({
	tool,
	secondaryAction,
	priceDetails,
}: {
	tool: Tool;
	secondaryAction?: (quantity: number, canOrder: boolean) => ReactNode;
	/** What the page shows of the tool's prices at the quantity typed (its volume prices). */
	priceDetails?: (quantity: number) => ReactNode;
}) {
	const [placed, setPlaced] = useState<Order>();
	// Why the shop refused the last order for the unpaid orders already held: shown until the next try.
	const [unpaidLimit, setUnpaidLimit] = useState<string>();
	// An order sent whose answer never came: it may exist. Shown, with its retry, until the next try.
	const [unconfirmed, setUnconfirmed] = useState<PlaceOrderInput>();
	const placement = usePlaceOrder();
	const headingId = useId();
	// Nothing typed yet (or just ordered) shows the tool's minimum, as it is now.
	const form = useForm({
		mode: "onChange",
		defaultValues: { quantity: String(smallestOrder(tool)) },
	});
	const text = useWatch({ control: form.control, name: "quantity" });

	const quantity = toQuantity(text);
	const check = checkPurchase(tool, quantity);
	// 'Stock Out' is shown beside the tool's figures; here it only disables ordering.
	const message =
		!check.canOrder && check.reason !== "STOCK_OUT" ? check.message : undefined;
	const hasTotal = Number.isInteger(quantity) && quantity > 0;

	/** Sends the order; the same input sent again after a failure reuses its Idempotency-Key. */
	async function order(input: PlaceOrderInput) {
		setUnpaidLimit(undefined);
		setUnconfirmed(undefined);
		try {
			const newOrder = await placement.placeOrder(input);
			notify.success("Order Added", { autoClose: 1000 });
			form.reset({ quantity: String(smallestOrder(tool)) });
			setPlaced(newOrder);
		} catch (error) {
			if (isAnswerLost(error)) {
				setUnconfirmed(input);
				return;
			}
			notify.error(`Failed to order${failureReason(error)}`);
			if (error instanceof ApiError && error.code === "TOO_MANY_UNPAID_ORDERS")
				setUnpaidLimit(error.message);
		}
	}

	const confirm = form.handleSubmit(() => {
		if (!check.canOrder || placement.isPending) return;
		return order({ tool_id: tool.id, order_quantity: quantity });
	});

	return (
		<form
			className="flex flex-col gap-3 rounded-box bg-base-200 p-4"
			aria-labelledby={headingId}
			noValidate
			onSubmit={(event) => void confirm(event)}
		>
			<h2 id={headingId} className="text-lg font-semibold">
				Order this tool
			</h2>
			<TextField
				label="Quantity"
				type="number"
				inputMode="numeric"
				min={smallestOrder(tool)}
				max={tool.available_quantity}
				step={tool.pack_size}
				hint={
					tool.pack_size > 1
						? `Sold in packs of ${tool.pack_size} pieces.`
						: undefined
				}
				error={message}
				announcesError
				{...form.register("quantity", {
					onChange: () => setPlaced(undefined),
				})}
			/>
			{priceDetails?.(hasTotal ? quantity : 0)}
			<div aria-live="polite">
				{tool.price_breaks.length > 0 && (
					<p className="flex justify-between">
						<span>Price each</span>
						<span>
							{formatCents(unitPriceCents(tool, hasTotal ? quantity : 0))}
						</span>
					</p>
				)}
				<p className="flex justify-between text-lg">
					<span>Total</span>
					<strong>
						{hasTotal ? formatCents(lineTotalCents(tool, quantity)) : "—"}
					</strong>
				</p>
			</div>
			<div className="flex flex-wrap gap-2">
				<BusyButton
					isBusy={placement.isPending}
					disabled={!check.canOrder}
					className="btn btn-primary"
				>
					Order Confirm
				</BusyButton>
				{secondaryAction?.(quantity, check.canOrder)}
			</div>
			{unpaidLimit && (
				<div role="alert" className="alert alert-warning flex-col items-start">
					<p>{unpaidLimit}</p>
					<Link to="/dashboard/my-orders" className="link">
						Go to My Orders
					</Link>
				</div>
			)}
			{unconfirmed && (
				<div role="alert" className="alert alert-warning flex-col items-start">
					<p>
						{`We could not confirm your order of ${unconfirmed.order_quantity} pieces yet. Check My Orders before ordering again.`}
					</p>
					<div className="flex flex-wrap items-center gap-3">
						<button
							type="button"
							className="btn btn-sm"
							disabled={placement.isPending}
							onClick={() => void order(unconfirmed)}
						>
							Try again
						</button>
						<Link to="/dashboard/my-orders" className="link">
							Check My Orders
						</Link>
					</div>
				</div>
			)}
			{placed && (
				<p role="status" className="text-sm">
					{`Ordered ${placed.order_quantity} pieces for ${formatCents(placed.total_cents)}. `}
					<Link to="/dashboard/my-orders" className="link link-primary">
						See my orders
					</Link>
				</p>
			)}
		</form>
	);
}

/** The typed quantity as a number; an empty box is no number, not zero. */
function toQuantity(text: string): number {
	return text.trim() === "" ? Number.NaN : Number(text);
}
