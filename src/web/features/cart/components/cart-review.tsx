import { useId } from "react";
import { Link } from "react-router";
import type { Cart } from "../../../../shared/cart.schemas.ts";
import { formatCents } from "../../../../shared/money.ts";

/**
 * The lines about to be ordered, as the checkout shows them: each tool with its quantity, unit
 * price and line total, and the order's total. `lineProblems` are the shop's reasons a line can
 * no longer be ordered (by tool id), shown beside the line; so is the cart's own `problem`.
 */
export function CartReview({
	cart,
	lineProblems,
}: {
	cart: Cart;
	lineProblems: Record<string, string>;
}) {
	const titleId = useId();
	return (
		<section className="flex flex-col gap-3" aria-labelledby={titleId}>
			<div className="flex items-baseline justify-between gap-2">
				<h2 id={titleId} className="text-lg font-semibold">
					Your order
				</h2>
				<Link to="/cart" className="link link-primary text-sm">
					Change the cart
				</Link>
			</div>
			<ul className="divide-y divide-base-300">
				{cart.lines.map((line) => {
					const problem = lineProblems[line.tool_id] ?? line.problem;
					const name = line.tool?.tool_name ?? "A tool no longer sold";
					return (
						<li key={line.tool_id} className="flex items-start gap-3 py-3">
							<div className="aspect-[4/3] w-16 shrink-0 overflow-hidden rounded-box bg-base-200">
								{line.tool && (
									<img
										src={line.tool.img}
										alt=""
										width={800}
										height={600}
										className="h-full w-full object-cover"
										loading="lazy"
										decoding="async"
									/>
								)}
							</div>
							<div className="min-w-0 flex-1">
								<p className="font-medium">{name}</p>
								{line.tool && (
									<p className="text-sm text-base-content/80">
										{`${line.quantity} × ${formatCents(line.unit_price_cents)}`}
										{line.unit_price_cents < line.tool.price_cents &&
											" (volume price)"}
									</p>
								)}
								{problem && <p className="text-sm text-error">{problem}</p>}
							</div>
							<p className="font-semibold">
								{formatCents(line.line_total_cents)}
							</p>
						</li>
					);
				})}
			</ul>
			<p className="flex justify-between border-t border-base-300 pt-3 text-lg">
				<span>Total</span>
				<strong className="text-primary">
					{formatCents(cart.total_cents)}
				</strong>
			</p>
		</section>
	);
}
