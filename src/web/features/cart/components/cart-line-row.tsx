import { useEffect, useRef, useState } from "react";
import type { CartLine } from "../../../../shared/cart.schemas.ts";
import { formatCents } from "../../../../shared/money.ts";
import {
	checkPurchase,
	lineTotalCents,
	unitPriceCents,
} from "../../../../shared/purchase-rule.ts";
import { NextBreakHint } from "../../../components/next-break-hint.tsx";
import { TextField } from "../../../components/ui/field.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { failureReason, notify } from "../../../lib/toast.ts";
import { useRemoveCartLine, useSetCartLine } from "../cart.queries.ts";
import type { CartOwner } from "../cart-owner.ts";

/** The typed quantity as a number; an empty box is no number, not zero. */
function toQuantity(text: string): number {
	return text.trim() === "" ? Number.NaN : Number(text);
}

/** How long typing settles before a new quantity is saved, so "12" is one change, not two. */
export const QUANTITY_SETTLE_MS = 500;

/**
 * One line of the cart: the tool's picture, name and unit price, its quantity (checked by the
 * purchase rule while typed, saved once typing settles or the box is left), the line's total and
 * 'Remove'. A line whose tool was deleted can only be removed. `onProblem` tells the page whether
 * the line can be checked out as typed.
 */
export function CartLineRow({
	line,
	owner,
	onProblem,
}: {
	line: CartLine;
	owner: CartOwner;
	onProblem: (toolId: string, hasProblem: boolean) => void;
}) {
	const setLine = useSetCartLine(owner);
	const removeLine = useRemoveCartLine(owner);
	const [text, setText] = useState(String(line.quantity));
	// Why the shop refused the last quantity saved; cleared by the next change.
	const [refusal, setRefusal] = useState<string>();
	const saved = useRef(line.quantity);
	const { tool } = line;
	const name = tool?.tool_name ?? "A tool no longer sold";

	// The cart read again (another tab, a merge) shows its quantity unless one is being typed.
	useEffect(() => {
		if (saved.current !== line.quantity) {
			saved.current = line.quantity;
			setText(String(line.quantity));
		}
	}, [line.quantity]);

	const quantity = toQuantity(text);
	const check = tool ? checkPurchase(tool, quantity) : undefined;
	const typedProblem = check && !check.canOrder ? check.message : undefined;
	const isChanged = quantity !== line.quantity;
	const problem =
		typedProblem ??
		refusal ??
		(isChanged ? undefined : (line.problem ?? undefined));
	const hasProblem = problem !== undefined;

	useEffect(() => {
		onProblem(line.tool_id, hasProblem);
	}, [onProblem, line.tool_id, hasProblem]);
	useEffect(
		() => () => onProblem(line.tool_id, false),
		[onProblem, line.tool_id],
	);

	// A quantity the shop refused is not sent again until it is changed.
	const canSave =
		check?.canOrder === true && isChanged && refusal === undefined;
	function save() {
		if (!canSave || setLine.isPending) return;
		saved.current = quantity;
		setLine.mutate(
			{ toolId: line.tool_id, quantity },
			{
				onError: (error) => {
					saved.current = line.quantity;
					setRefusal(
						error instanceof ApiError && error.status < 500
							? error.message
							: `The quantity could not be saved${failureReason(error)}. Please try again.`,
					);
				},
			},
		);
	}
	// biome-ignore lint/correctness/useExhaustiveDependencies: saves once typing settles on a new quantity
	useEffect(() => {
		if (!canSave) return;
		const timer = setTimeout(save, QUANTITY_SETTLE_MS);
		return () => clearTimeout(timer);
	}, [text, canSave]);

	async function remove() {
		try {
			await removeLine.mutateAsync(line.tool_id);
			notify.info(`${name} was removed from your cart`, { autoClose: 2000 });
		} catch (error) {
			notify.error(`Failed to remove ${name}${failureReason(error)}`);
		}
	}

	const titleId = `cart-line-${line.tool_id}`;
	return (
		<article
			className="grid grid-cols-[4.5rem_1fr] gap-x-4 gap-y-3 rounded-box border border-base-300 bg-base-100 p-4 sm:grid-cols-[6rem_1fr_9rem_7rem]"
			aria-labelledby={titleId}
		>
			<div className="row-span-2 aspect-[4/3] overflow-hidden rounded-box bg-base-200 sm:row-span-1">
				{tool && (
					<img
						src={tool.img}
						alt=""
						width={800}
						height={600}
						className="h-full w-full object-cover"
						loading="lazy"
						decoding="async"
					/>
				)}
			</div>
			<div className="min-w-0">
				<h2 id={titleId} className="font-semibold">
					{name}
				</h2>
				{tool && (
					<>
						<p className="text-sm text-base-content/80">
							{[
								`Part number ${tool.sku}`,
								`${formatCents(unitPriceCents(tool, quantity > 0 ? quantity : line.quantity))} a piece`,
								`minimum order ${tool.minimum_quantity}`,
								tool.pack_size > 1 ? `packs of ${tool.pack_size}` : undefined,
							]
								.filter(Boolean)
								.join(" · ")}
						</p>
						{!hasProblem && <NextBreakHint tool={tool} quantity={quantity} />}
					</>
				)}
			</div>
			{tool ? (
				<TextField
					label={
						<>
							Quantity<span className="sr-only"> of {name}</span>
						</>
					}
					type="number"
					inputMode="numeric"
					min={tool.minimum_quantity}
					max={tool.available_quantity}
					step={tool.pack_size}
					className="col-start-2 sm:col-start-auto"
					error={problem}
					announcesError
					value={text}
					onChange={(event) => {
						setRefusal(undefined);
						setText(event.target.value);
					}}
					onBlur={save}
				/>
			) : (
				<p className="col-start-2 text-sm text-error sm:col-start-auto">
					{line.problem ?? "This tool is no longer sold."}
				</p>
			)}
			<div className="col-span-2 flex items-center justify-between gap-2 sm:col-span-1 sm:flex-col sm:items-end sm:justify-start">
				<p
					className={`font-bold ${hasProblem ? "text-base-content/80 line-through" : ""}`}
				>
					<span className="sr-only">Line total </span>
					{tool && Number.isInteger(quantity) && quantity > 0
						? formatCents(lineTotalCents(tool, quantity))
						: formatCents(line.line_total_cents)}
				</p>
				<button
					type="button"
					className="btn btn-ghost btn-sm text-error"
					aria-label={`Remove ${name} from the cart`}
					disabled={removeLine.isPending}
					onClick={() => void remove()}
				>
					Remove
				</button>
			</div>
		</article>
	);
}
