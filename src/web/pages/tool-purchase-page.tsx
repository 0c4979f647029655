import { Link, useParams } from "react-router";
import { formatCents } from "../../shared/money.ts";
import { isStockOut } from "../../shared/purchase-rule.ts";
import { QueryBoundary } from "../components/ui/query-boundary.tsx";
import { useSession } from "../features/auth/session.queries.ts";
import { AddToCartButton } from "../features/cart/components/add-to-cart-button.tsx";
import { OrderForm } from "../features/orders/components/order-form.tsx";
import { PriceTable } from "../features/tools/components/price-table.tsx";
import { ToolShowcase } from "../features/tools/components/tool-showcase.tsx";
import { useTool } from "../features/tools/tools.queries.ts";
import { ApiError } from "../lib/api-client.ts";
import { usePageTitle } from "../lib/page-title.ts";
import { NotFoundPage } from "./not-found-page.tsx";

/**
 * The purchase page of one tool, for signed-in customers: its figures, and the order form whose
 * quantity is ordered at once or added to the cart to order later with other tools (not for
 * admins, whose menus have no cart).
 */
export function ToolPurchasePage() {
	const { toolId = "" } = useParams();
	const tool = useTool(toolId);
	const session = useSession();
	usePageTitle(tool.data?.tool_name ?? "Buy a tool");

	// No tool has this id, or it is not an id at all: either way the page does not exist.
	const isMissing =
		tool.error instanceof ApiError &&
		(tool.error.code === "NOT_FOUND" ||
			tool.error.code === "VALIDATION_FAILED");
	if (isMissing) return <NotFoundPage />;
	return (
		<QueryBoundary
			query={tool}
			loadingLabel="Loading the tool"
			errorTitle="We could not load this tool"
		>
			{(data) => (
				<ToolShowcase tool={data}>
					<dl className="grid grid-cols-2 gap-x-4 gap-y-2">
						<dt className="text-base-content/70">Tool ID</dt>
						<dd className="break-all text-right font-mono text-sm">
							{data.id}
						</dd>
						<dt className="text-base-content/70">Part number</dt>
						<dd className="text-right font-mono text-sm">{data.sku}</dd>
						<dt className="text-base-content/70">Price</dt>
						<dd className="text-right text-xl font-bold text-primary">
							{formatCents(data.price_cents)}
						</dd>
						<dt className="text-base-content/70">Available</dt>
						<dd className="text-right font-medium">
							{data.available_quantity} pieces
						</dd>
						<dt className="text-base-content/70">Minimum order</dt>
						<dd className="text-right font-medium">
							{data.minimum_quantity} pieces
						</dd>
						{data.pack_size > 1 && (
							<>
								<dt className="text-base-content/70">Pack size</dt>
								<dd className="text-right font-medium">
									{data.pack_size} pieces
								</dd>
							</>
						)}
						<dt className="text-base-content/70">Supplier</dt>
						<dd className="text-right font-medium">{data.supplier_name}</dd>
					</dl>
					{isStockOut(data) && (
						<span className="badge badge-warning">Stock Out</span>
					)}
					<OrderForm
						key={data.id}
						tool={data}
						priceDetails={(quantity) => (
							<PriceTable tool={data} quantity={quantity} />
						)}
						secondaryAction={
							session.status === "signed-in" && !session.me.is_admin
								? (quantity, canOrder) => (
										// A disabled fieldset disables the button inside: a quantity the
										// purchase rule refuses is not added to the cart either.
										<fieldset disabled={!canOrder} className="contents">
											<AddToCartButton
												tool={data}
												quantity={quantity}
												owner="customer"
											/>
										</fieldset>
									)
								: undefined
						}
					/>
					{!session.me?.is_admin && (
						<p className="text-sm">
							More than the stock, another price or a delivery date?{" "}
							<Link
								to={`/dashboard/quotes/new?tool=${encodeURIComponent(data.id)}`}
								className="link link-primary"
							>
								Request a quote
							</Link>
						</p>
					)}
				</ToolShowcase>
			)}
		</QueryBoundary>
	);
}
