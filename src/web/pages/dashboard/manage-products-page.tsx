import { useCallback, useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import type { Tool } from "../../../shared/tools.schemas.ts";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { Pager } from "../../components/ui/pager.tsx";
import { QueryBoundary } from "../../components/ui/query-boundary.tsx";
import { ToolCard } from "../../features/tools/components/tool-card.tsx";
import {
	useDeleteTool,
	useToolsPage,
} from "../../features/tools/tools.queries.ts";
import { usePageTitle } from "../../lib/page-title.ts";
import { failureReason, notify } from "../../lib/toast.ts";

function readPage(value: string | null): number {
	const page = Number(value);
	return Number.isInteger(page) && page >= 1 ? page : 1;
}

export function ManageProductsPage() {
	usePageTitle("Manage Products");
	const [params, setParams] = useSearchParams();
	const page = readPage(params.get("page"));
	const tools = useToolsPage(page);
	const deleteTool = useDeleteTool();
	const [toDelete, setToDelete] = useState<Tool>();

	const showPage = useCallback(
		(nextPage: number, { replace = false } = {}) => {
			setParams(
				(current) => {
					const next = new URLSearchParams(current);
					if (nextPage === 1) next.delete("page");
					else next.set("page", String(nextPage));
					return next;
				},
				{ replace },
			);
		},
		[setParams],
	);

	const goTo = (nextPage: number) => {
		showPage(nextPage);
		document.getElementById("manage-products-title")?.scrollIntoView?.();
	};

	const pageCount = tools.data
		? Math.max(1, Math.ceil(tools.data.total / tools.data.page_size))
		: 1;
	// Deleting the last tool of the last page leaves that page empty: show the one before it.
	const isPastTheEnd =
		!tools.isPlaceholderData &&
		tools.data !== undefined &&
		tools.data.total > 0 &&
		page > pageCount;
	useEffect(() => {
		if (isPastTheEnd) showPage(pageCount, { replace: true });
	}, [isPastTheEnd, pageCount, showPage]);

	async function remove() {
		if (!toDelete) return;
		try {
			await deleteTool.mutateAsync(toDelete.id);
			notify.info("Item deleted", { autoClose: 500 });
		} catch (error) {
			notify.error(`Failed to delete the tool${failureReason(error)}`);
		} finally {
			setToDelete(undefined);
		}
	}

	return (
		<section className="space-y-4" aria-labelledby="manage-products-title">
			<h1 id="manage-products-title" className="text-2xl font-bold">
				Manage Products
			</h1>
			<QueryBoundary
				query={tools}
				loadingLabel="Loading tools"
				errorTitle="The tools could not be loaded"
			>
				{(data) => {
					if (data.total === 0)
						return (
							<div className="py-8 text-center">
								<p className="mb-4">No tools yet.</p>
								<Link to="/dashboard/add-a-product" className="btn btn-primary">
									Add A Product
								</Link>
							</div>
						);
					return (
						<>
							<h2 className="text-xl font-semibold">
								{`Total Products ${data.total}`}
							</h2>
							<div
								className="grid gap-8 md:grid-cols-2 xl:grid-cols-3"
								aria-busy={tools.isPlaceholderData}
							>
								{data.items.map((tool) => (
									<ToolCard
										key={tool.id}
										tool={tool}
										actions={
											<div className="flex gap-2">
												<Link
													to={`/dashboard/manage-products/${tool.id}/edit`}
													className="btn btn-outline btn-sm"
													aria-label={`Edit: ${tool.tool_name}`}
												>
													Edit
												</Link>
												<button
													type="button"
													className="btn btn-error btn-sm"
													aria-label={`Delete Tools: ${tool.tool_name}`}
													onClick={() => setToDelete(tool)}
												>
													Delete Tools
												</button>
											</div>
										}
									/>
								))}
							</div>
							<Pager
								label="Pages of tools"
								page={data.page}
								pageCount={pageCount}
								onGoTo={goTo}
							/>
						</>
					);
				}}
			</QueryBoundary>
			<ConfirmDialog
				isOpen={toDelete !== undefined}
				title="Delete this tool?"
				message={`“${toDelete?.tool_name ?? ""}” will no longer be on sale. Orders already placed keep their copy of it.`}
				confirmLabel="Delete"
				isPending={deleteTool.isPending}
				onConfirm={() => void remove()}
				onCancel={() => setToDelete(undefined)}
			/>
		</section>
	);
}
