import { Link, useParams } from "react-router";
import { formatCents } from "../../shared/money.ts";
import { isStockOut } from "../../shared/purchase-rule.ts";
import { QueryBoundary } from "../components/ui/query-boundary.tsx";
import { OrderForm } from "../features/orders/components/order-form.tsx";
import { useTool } from "../features/tools/tools.queries.ts";
import { ApiError } from "../lib/api-client.ts";
import { usePageTitle } from "../lib/page-title.ts";
import { NotFoundPage } from "./not-found-page.tsx";

/** The purchase page of one tool, for signed-in customers: its figures and the order form. */
export function ToolPurchasePage() {
	const { toolId = "" } = useParams();
	const tool = useTool(toolId);
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
				<article
					className="mx-auto grid max-w-5xl gap-8 px-4 py-10 md:grid-cols-2"
					aria-labelledby="tool-title"
				>
					<figure className="aspect-[4/3] overflow-hidden rounded-box bg-base-200">
						<img
							src={data.img_large}
							srcSet={`${data.img} 800w, ${data.img_large} 1600w`}
							sizes="(min-width: 1024px) 30rem, (min-width: 768px) 50vw, 100vw"
							alt={data.tool_name}
							width={1600}
							height={1200}
							className="h-full w-full object-cover"
							fetchPriority="high"
						/>
					</figure>
					<div className="flex flex-col gap-4">
						<Link to="/" className="link link-primary text-sm">
							← All tools
						</Link>
						<h1 id="tool-title" className="text-3xl font-bold">
							{data.tool_name}
						</h1>
						<p className="text-base-content/80">{data.description}</p>
						<dl className="grid grid-cols-2 gap-x-4 gap-y-2">
							<dt className="text-base-content/70">Tool ID</dt>
							<dd className="break-all text-right font-mono text-sm">
								{data.id}
							</dd>
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
							<dt className="text-base-content/70">Supplier</dt>
							<dd className="text-right font-medium">{data.supplier_name}</dd>
						</dl>
						{isStockOut(data) && (
							<span className="badge badge-warning">Stock Out</span>
						)}
						<OrderForm key={data.id} tool={data} />
					</div>
				</article>
			)}
		</QueryBoundary>
	);
}
