import { Link, useParams } from "react-router";
import { formatCents, groupThousands } from "../../shared/money.ts";
import { isStockOut, smallestOrder } from "../../shared/purchase-rule.ts";
import type { Tool } from "../../shared/tools.schemas.ts";
import { QueryBoundary } from "../components/ui/query-boundary.tsx";
import { useSession } from "../features/auth/session.queries.ts";
import { cartOwnerOf } from "../features/cart/cart-owner.ts";
import { AddToCartButton } from "../features/cart/components/add-to-cart-button.tsx";
import { PriceTable } from "../features/tools/components/price-table.tsx";
import { ToolShowcase } from "../features/tools/components/tool-showcase.tsx";
import { useToolBySlug } from "../features/tools/tools.queries.ts";
import { ApiError } from "../lib/api-client.ts";
import { usePageTitle } from "../lib/page-title.ts";
import { NotFoundPage } from "./not-found-page.tsx";

/** "1 piece", "1,200 pieces". */
const pieces = (count: number) =>
	`${groupThousands(count)} ${count === 1 ? "piece" : "pieces"}`;

/** A deleted tool's address: the server's 410 page, drawn the same way. */
function ToolGone({ message }: { message: string }) {
	usePageTitle(message);
	return (
		<div className="mx-auto flex max-w-xl flex-col items-center gap-6 px-4 py-24 text-center">
			<p className="text-7xl font-black text-primary">410</p>
			<h1 className="text-2xl font-bold">{message}</h1>
			<p>
				This tool has left our catalog for good. Our other tools are on the
				homepage.
			</p>
			<Link to="/" className="btn btn-primary">
				Back to the homepage
			</Link>
		</div>
	);
}

/** Visitors and customers may add the smallest order to their cart; admins have no cart. */
function AddToCart({ tool }: { tool: Tool }) {
	const session = useSession();
	if (session.me?.is_admin) return null;
	return (
		<AddToCartButton
			tool={tool}
			quantity={smallestOrder(tool)}
			owner={cartOwnerOf(session.status)}
		/>
	);
}

function ToolFigures({ tool }: { tool: Tool }) {
	return (
		<dl className="grid grid-cols-2 gap-x-4 gap-y-2">
			<dt className="text-base-content/70">Part number</dt>
			<dd className="break-all text-right font-mono text-sm">{tool.sku}</dd>
			<dt className="text-base-content/70">Price</dt>
			<dd className="text-right text-xl font-bold text-primary">
				{formatCents(tool.price_cents)}
			</dd>
			<dt className="text-base-content/70">Available</dt>
			<dd className="text-right font-medium">
				{isStockOut(tool) ? (
					<span className="badge badge-warning">Stock Out</span>
				) : (
					pieces(tool.available_quantity)
				)}
			</dd>
			<dt className="text-base-content/70">Minimum order</dt>
			<dd className="text-right font-medium">
				{pieces(tool.minimum_quantity)}
			</dd>
			<dt className="text-base-content/70">Pack size</dt>
			<dd className="text-right font-medium">{pieces(tool.pack_size)}</dd>
			<dt className="text-base-content/70">Supplier</dt>
			<dd className="text-right font-medium">{tool.supplier_name}</dd>
		</dl>
	);
}

/**
 * A tool's public page (/tools/{slug}), open to everyone. The server sends the same page as HTML
 * for visitors and crawlers without JavaScript (server/features/public-pages): the two draw the
 * same elements with the same classes, so nothing moves when the app takes over. 'Buy Now' leads
 * to the purchase page, which asks a visitor to sign in first.
 */
export function ToolPage() {
	const { slug = "" } = useParams();
	const tool = useToolBySlug(slug);
	usePageTitle(tool.data?.tool_name ?? "Tool");

	if (tool.error instanceof ApiError && tool.error.code === "GONE")
		return <ToolGone message={tool.error.message} />;
	// No tool has this address, or it is not an address at all: the page does not exist.
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
					<ToolFigures tool={data} />
					<PriceTable tool={data} />
					<div className="flex flex-wrap gap-2">
						<AddToCart tool={data} />
						<Link
							to={`/tool-purchase/${data.id}`}
							className="btn btn-primary"
							aria-label={`Buy Now: ${data.tool_name}`}
						>
							Buy Now
						</Link>
					</div>
				</ToolShowcase>
			)}
		</QueryBoundary>
	);
}
