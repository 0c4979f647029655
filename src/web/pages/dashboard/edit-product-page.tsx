import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import type {
	Tool,
	ToolForm as ToolFormValues,
} from "../../../shared/tools.schemas.ts";
import { QueryBoundary } from "../../components/ui/query-boundary.tsx";
import { ToolForm } from "../../features/tools/components/tool-form.tsx";
import {
	useEditTool,
	useToolToEdit,
} from "../../features/tools/tools.queries.ts";
import { ApiError } from "../../lib/api-client.ts";
import { usePageTitle } from "../../lib/page-title.ts";
import { failureReason, notify } from "../../lib/toast.ts";

const MANAGE_PRODUCTS = "/dashboard/manage-products";

const isCode = (error: unknown, ...codes: string[]) =>
	error instanceof ApiError && codes.includes(error.code);

function ToolGone() {
	return (
		<section className="space-y-4" aria-labelledby="tool-gone-title">
			<h1 id="tool-gone-title" className="text-2xl font-bold">
				This tool no longer exists
			</h1>
			<p>Another admin may have deleted it. There is nothing left to edit.</p>
			<Link to={MANAGE_PRODUCTS} className="btn btn-primary">
				Back to Manage Products
			</Link>
		</section>
	);
}

/**
 * Edits one tool as stored now; a save names the version it was made on (409 if it is stale) and
 * the stock it showed, so orders placed meanwhile are kept.
 */
export function EditProductPage() {
	usePageTitle("Edit product");
	const { toolId = "" } = useParams();
	const tool = useToolToEdit(toolId);
	const editTool = useEditTool();
	const navigate = useNavigate();
	/** Why the save was refused and the form needs a reload; null while it does not. */
	const [stale, setStale] = useState<string | null>(null);
	const [isDeleted, setIsDeleted] = useState(false);

	if (isDeleted || isCode(tool.error, "NOT_FOUND", "VALIDATION_FAILED"))
		return <ToolGone />;

	async function save(
		opened: Tool,
		fields: ToolFormValues,
		image: File | undefined,
	) {
		try {
			await editTool.mutateAsync({
				toolId: opened.id,
				fields: {
					...fields,
					version: String(opened.version),
					available_quantity_seen: String(opened.available_quantity),
				},
				image,
			});
		} catch (error) {
			if (isCode(error, "CONFLICT"))
				setStale(
					// The stock moved (orders, cancels) so that this change no longer fits: the server
					// says how many pieces there are now. Otherwise someone else saved first.
					error instanceof ApiError && error.details.length > 0
						? error.message
						: "Someone else changed this tool after you opened it. Reload to see their changes; what you typed here will be replaced.",
				);
			else if (isCode(error, "NOT_FOUND")) setIsDeleted(true);
			else notify.error(`Failed to update the tool${failureReason(error)}`);
			throw error;
		}
		notify.success("Tool updated successfully");
		navigate(MANAGE_PRODUCTS);
	}

	async function reload() {
		await tool.refetch();
		setStale(null);
	}

	return (
		<section className="space-y-4" aria-labelledby="edit-product-title">
			<h1 id="edit-product-title" className="text-2xl font-bold">
				{tool.data ? `Edit ${tool.data.tool_name}` : "Edit tool"}
			</h1>
			<Link to={MANAGE_PRODUCTS} className="link link-primary text-sm">
				← Manage Products
			</Link>
			{stale && (
				<div role="alert" className="alert alert-warning">
					<span>{stale}</span>
					<button
						type="button"
						className="btn btn-sm"
						disabled={tool.isFetching}
						onClick={() => void reload()}
					>
						Reload
					</button>
				</div>
			)}
			<QueryBoundary
				query={tool}
				loadingLabel="Loading the tool"
				errorTitle="The tool could not be loaded"
			>
				{(data) => (
					// A reload refills the form with the tool as stored now.
					<ToolForm
						key={tool.dataUpdatedAt}
						tool={data}
						submitLabel="Save changes"
						isSaving={editTool.isPending}
						onSave={(fields, image) => save(data, fields, image)}
					/>
				)}
			</QueryBoundary>
		</section>
	);
}
