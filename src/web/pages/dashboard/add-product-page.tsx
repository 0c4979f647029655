import type { ToolForm as ToolFormValues } from "../../../shared/tools.schemas.ts";
import { ToolForm } from "../../features/tools/components/tool-form.tsx";
import { useAddTool } from "../../features/tools/tools.queries.ts";
import { usePageTitle } from "../../lib/page-title.ts";
import { failureReason, notify } from "../../lib/toast.ts";

export function AddProductPage() {
	usePageTitle("Add A Product");
	const addTool = useAddTool();

	async function save(fields: ToolFormValues, image: File | undefined) {
		if (!image) return;
		try {
			await addTool.mutateAsync({ fields, image });
		} catch (error) {
			notify.error(`Failed to add the tool${failureReason(error)}`);
			throw error;
		}
		notify.success("Tool added successfully");
	}

	return (
		<section className="space-y-4" aria-labelledby="add-product-title">
			<h1 id="add-product-title" className="text-2xl font-bold">
				Add A Product
			</h1>
			<p className="text-base-content/80">
				The tool is on sale as soon as it is added, newest first on the home
				page.
			</p>
			<ToolForm
				submitLabel="Add Product"
				isSaving={addTool.isPending}
				onSave={save}
			/>
		</section>
	);
}
