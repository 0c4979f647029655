import { type FormEvent, useId, useState } from "react";
import { Link } from "react-router";
import { formatCents } from "../../../../shared/money.ts";
import type { Order } from "../../../../shared/orders.schemas.ts";
import { checkPurchase } from "../../../../shared/purchase-rule.ts";
import type { Tool } from "../../../../shared/tools.schemas.ts";
import { ApiError } from "../../../lib/api-client.ts";
import { failureReason, notify } from "../../../lib/toast.ts";
import { newIdempotencyKey, usePlaceOrder } from "../orders.queries.ts";

/**
 * The quantity and 'Order Confirm' of the purchase page. The purchase rule is checked while the
 * customer types, with the same messages the server answers; the server decides in the end.
 */
export function OrderForm({ tool }: { tool: Tool }) {
	// Nothing typed yet (or just ordered) shows the tool's minimum, as it is now.
	const [typed, setTyped] = useState<string>();
	const [placed, setPlaced] = useState<Order>();
	// Why the shop refused the last order for the unpaid orders already held: shown until the next try.
	const [unpaidLimit, setUnpaidLimit] = useState<string>();
	const placeOrder = usePlaceOrder();
	const headingId = useId();
	const inputId = useId();
	const messageId = useId();

	const text = typed ?? String(tool.minimum_quantity);
	const quantity = text.trim() === "" ? Number.NaN : Number(text);
	const check = checkPurchase(tool, quantity);
	// 'Stock Out' is shown beside the tool's figures; here it only disables ordering.
	const message =
		!check.canOrder && check.reason !== "STOCK_OUT" ? check.message : undefined;
	const hasTotal = Number.isInteger(quantity) && quantity > 0;

	async function confirm(event: FormEvent) {
		event.preventDefault();
		if (!check.canOrder || placeOrder.isPending) return;
		setUnpaidLimit(undefined);
		try {
			const order = await placeOrder.mutateAsync({
				input: { tool_id: tool.id, order_quantity: quantity },
				idempotencyKey: newIdempotencyKey(),
			});
			notify.success("Order Added", { autoClose: 1000 });
			setTyped(undefined);
			setPlaced(order);
		} catch (error) {
			notify.error(`Failed to order${failureReason(error)}`);
			if (error instanceof ApiError && error.code === "TOO_MANY_UNPAID_ORDERS")
				setUnpaidLimit(error.message);
		}
	}

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
			<div>
				<label className="label" htmlFor={inputId}>
					Quantity
				</label>
				<input
					id={inputId}
					type="number"
					inputMode="numeric"
					className="input w-full"
					min={tool.minimum_quantity}
					max={tool.available_quantity}
					step={1}
					value={text}
					onChange={(event) => {
						setTyped(event.target.value);
						setPlaced(undefined);
					}}
					aria-invalid={message ? true : undefined}
					aria-describedby={message ? messageId : undefined}
				/>
				{message && (
					<p id={messageId} role="alert" className="mt-1 text-sm text-error">
						{message}
					</p>
				)}
			</div>
			<p className="flex justify-between text-lg" aria-live="polite">
				<span>Total</span>
				<strong>
					{hasTotal ? formatCents(tool.price_cents * quantity) : "—"}
				</strong>
			</p>
			<button
				type="submit"
				className="btn btn-primary"
				disabled={!check.canOrder || placeOrder.isPending}
				aria-busy={placeOrder.isPending || undefined}
			>
				{placeOrder.isPending && (
					<span
						className="loading loading-spinner loading-sm"
						aria-hidden="true"
					/>
				)}
				Order Confirm
			</button>
			{unpaidLimit && (
				<div role="alert" className="alert alert-warning flex-col items-start">
					<p>{unpaidLimit}</p>
					<Link to="/dashboard/my-orders" className="link">
						Go to My Orders
					</Link>
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
