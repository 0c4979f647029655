import { Link, useNavigate, useSearchParams } from "react-router";
import { formatCents } from "../../../shared/money.ts";
import { QueryBoundary } from "../../components/ui/query-boundary.tsx";
import { QuoteRequestForm } from "../../features/quotes/components/quote-request-form.tsx";
import { useTool } from "../../features/tools/tools.queries.ts";
import { ApiError } from "../../lib/api-client.ts";
import { usePageTitle } from "../../lib/page-title.ts";
import { notify } from "../../lib/toast.ts";
import { NotFoundPage } from "../not-found-page.tsx";

/**
 * 'Request a quote' for the tool named in the address (`?tool=`): its summary (price, stock,
 * minimum order, packs) beside the request form. The request then waits in My Quotes.
 */
export function NewQuotePage() {
	usePageTitle("Request a quote");
	const [params] = useSearchParams();
	const toolId = params.get("tool");
	if (!toolId) return <NotFoundPage />;
	return <NewQuoteForTool toolId={toolId} />;
}

function NewQuoteForTool({ toolId }: { toolId: string }) {
	const tool = useTool(toolId);
	const navigate = useNavigate();

	// No tool has this id (or it was deleted), or it is not an id at all.
	const isMissing =
		tool.error instanceof ApiError &&
		(tool.error.code === "NOT_FOUND" ||
			tool.error.code === "VALIDATION_FAILED");
	if (isMissing) return <NotFoundPage />;
	return (
		<section className="space-y-6" aria-labelledby="new-quote-title">
			<h1 id="new-quote-title" className="text-2xl font-bold">
				Request a quote
			</h1>
			<QueryBoundary
				query={tool}
				loadingLabel="Loading the tool"
				errorTitle="We could not load this tool"
			>
				{(data) => (
					<div className="grid items-start gap-8 lg:grid-cols-[20rem_1fr]">
						<article
							className="card bg-base-100 shadow-md"
							aria-labelledby="quote-tool-title"
						>
							<figure className="aspect-[4/3] bg-base-200">
								<img
									src={data.img}
									alt=""
									width={800}
									height={600}
									className="h-full w-full object-cover"
								/>
							</figure>
							<div className="card-body gap-2">
								<h2 id="quote-tool-title" className="card-title text-lg">
									{data.tool_name}
								</h2>
								<dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
									<dt className="text-base-content/70">Part number</dt>
									<dd className="text-right font-mono">{data.sku}</dd>
									<dt className="text-base-content/70">Price</dt>
									<dd className="text-right font-medium">
										{formatCents(data.price_cents)}
									</dd>
									<dt className="text-base-content/70">Available</dt>
									<dd className="text-right font-medium">
										{`${data.available_quantity} pieces`}
									</dd>
									<dt className="text-base-content/70">Minimum order</dt>
									<dd className="text-right font-medium">
										{`${data.minimum_quantity} pieces`}
									</dd>
									{data.pack_size > 1 && (
										<>
											<dt className="text-base-content/70">Pack size</dt>
											<dd className="text-right font-medium">
												{`${data.pack_size} pieces`}
											</dd>
										</>
									)}
								</dl>
								<Link
									to={`/tool-purchase/${encodeURIComponent(data.id)}`}
									className="link link-primary text-sm"
								>
									Back to the tool
								</Link>
							</div>
						</article>
						<div className="space-y-4">
							<p className="text-base-content/80">
								Tell the shop how many pieces you need, and if you like the
								price you have in mind and the day you need them by. We mail you
								the shop's answer; nothing is ordered until you accept it.
							</p>
							<QuoteRequestForm
								tool={data}
								onRequested={(quote) => {
									notify.success(
										`Quote requested for ${quote.quantity} × ${quote.tool_name}: we mail you the answer`,
									);
									navigate("/dashboard/my-quotes");
								}}
							/>
						</div>
					</div>
				)}
			</QueryBoundary>
		</section>
	);
}
