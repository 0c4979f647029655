import { type ReactNode, use } from "react";
import { Link } from "react-router";
import { formatCents } from "../../../../shared/money.ts";
import { isStockOut } from "../../../../shared/purchase-rule.ts";
import type { Tool } from "../../../../shared/tools.schemas.ts";
import { ToolCardExtraAction } from "./tool-card-extra-action.ts";

/**
 * A tool of the catalog; `actions` replaces its 'Buy Now' link and the extra action (Manage
 * Products: edit, delete).
 */
export function ToolCard({
	tool,
	isPriority = false,
	actions,
}: {
	tool: Tool;
	isPriority?: boolean;
	actions?: ReactNode;
}) {
	const ExtraAction = use(ToolCardExtraAction);
	const cheapest = tool.price_breaks.at(-1);
	return (
		<article
			className="card bg-base-100 shadow-md transition-shadow hover:shadow-xl"
			aria-labelledby={`tool-${tool.id}`}
		>
			<figure className="aspect-[4/3] bg-base-200">
				<img
					src={tool.img}
					alt={tool.tool_name}
					width={800}
					height={600}
					className="h-full w-full object-cover"
					loading={isPriority ? "eager" : "lazy"}
					fetchPriority={isPriority ? "high" : "auto"}
					decoding="async"
				/>
			</figure>
			<div className="card-body gap-3">
				<h3 id={`tool-${tool.id}`} className="card-title text-lg">
					<Link to={`/tools/${tool.slug}`} className="link-hover">
						{tool.tool_name}
					</Link>
				</h3>
				<p className="text-sm text-base-content/80">{tool.description}</p>
				<dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
					<dt className="text-base-content/70">Price</dt>
					<dd className="text-right text-lg font-bold text-primary">
						{formatCents(tool.price_cents)}
					</dd>
					{cheapest && (
						<>
							<dt className="text-base-content/70">Volume price</dt>
							<dd className="text-right font-medium">
								{`${formatCents(cheapest.price_cents)} from ${cheapest.min_quantity}`}
							</dd>
						</>
					)}
					<dt className="text-base-content/70">Part number</dt>
					<dd className="text-right font-mono text-sm">{tool.sku}</dd>
					<dt className="text-base-content/70">Available</dt>
					<dd className="text-right font-medium">
						{tool.available_quantity} pieces
					</dd>
					<dt className="text-base-content/70">Minimum order</dt>
					<dd className="text-right font-medium">
						{tool.minimum_quantity} pieces
					</dd>
					{tool.pack_size > 1 && (
						<>
							<dt className="text-base-content/70">Pack size</dt>
							<dd className="text-right font-medium">
								{tool.pack_size} pieces
							</dd>
						</>
					)}
					<dt className="text-base-content/70">Supplier</dt>
					<dd className="text-right font-medium">{tool.supplier_name}</dd>
				</dl>
				<div className="card-actions mt-auto items-center justify-between pt-2">
					{isStockOut(tool) ? (
						<span className="badge badge-warning">Stock Out</span>
					) : (
						<span />
					)}
					{actions ?? (
						<div className="flex flex-wrap justify-end gap-2">
							{ExtraAction && <ExtraAction tool={tool} />}
							<Link
								to={`/tool-purchase/${tool.id}`}
								className="btn btn-primary"
								aria-label={`Buy Now: ${tool.tool_name}`}
							>
								Buy Now
							</Link>
						</div>
					)}
				</div>
			</div>
		</article>
	);
}
