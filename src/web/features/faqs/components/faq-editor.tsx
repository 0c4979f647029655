import { useState } from "react";
import type { Faq, FaqInput } from "../../../../shared/faqs.schemas.ts";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { QueryBoundary } from "../../../components/ui/query-boundary.tsx";
import { failureReason, notify } from "../../../lib/toast.ts";
import { useEditFaqs, useFaqs } from "../faqs.queries.ts";
import { FaqForm } from "./faq-form.tsx";

/** The 'Favorite Questions' of the home page: add, edit, move and remove questions. */
export function FaqEditor() {
	const faqs = useFaqs();
	const { add, edit, remove, reorder } = useEditFaqs();
	const [editingId, setEditingId] = useState<string>();
	const [toRemove, setToRemove] = useState<Faq>();

	async function attempt(
		action: () => Promise<unknown>,
		done: string,
		failed: string,
	) {
		try {
			await action();
			notify.success(done);
			return true;
		} catch (error) {
			notify.error(`${failed}${failureReason(error)}`);
			return false;
		}
	}

	function move(list: Faq[], index: number, step: -1 | 1) {
		const ids = list.map((faq) => faq.id);
		const [moved] = ids.splice(index, 1);
		if (moved === undefined) return;
		ids.splice(index + step, 0, moved);
		void attempt(
			() => reorder.mutateAsync(ids),
			"Question moved",
			"Failed to move the question",
		);
	}

	return (
		<section className="space-y-4" aria-labelledby="faq-editor-title">
			<h2 id="faq-editor-title" className="text-xl font-semibold">
				Favorite Questions
			</h2>
			<QueryBoundary
				query={faqs}
				loadingLabel="Loading the questions"
				errorTitle="The questions could not be loaded"
			>
				{({ items }) =>
					items.length === 0 ? (
						<EmptyState message="No questions yet. Add one below; the home page shows them in this order." />
					) : (
						<ol className="space-y-3">
							{items.map((faq, index) => (
								<li
									key={faq.id}
									className="rounded-box border border-base-300 p-3"
								>
									{editingId === faq.id ? (
										<FaqForm
											label={`Edit question ${index + 1}`}
											initial={{ question: faq.question, answer: faq.answer }}
											submitLabel="Save question"
											onCancel={() => setEditingId(undefined)}
											onSave={async (input: FaqInput) => {
												const isSaved = await attempt(
													() => edit.mutateAsync({ id: faq.id, input }),
													"Question saved",
													"Failed to save the question",
												);
												if (isSaved) setEditingId(undefined);
												return isSaved;
											}}
										/>
									) : (
										<div className="flex flex-wrap items-center justify-between gap-2">
											<p className="font-medium">{faq.question}</p>
											<div className="flex flex-wrap gap-1">
												<button
													type="button"
													className="btn btn-xs"
													aria-label={`Move up: ${faq.question}`}
													disabled={index === 0 || reorder.isPending}
													onClick={() => move(items, index, -1)}
												>
													Up
												</button>
												<button
													type="button"
													className="btn btn-xs"
													aria-label={`Move down: ${faq.question}`}
													disabled={
														index === items.length - 1 || reorder.isPending
													}
													onClick={() => move(items, index, 1)}
												>
													Down
												</button>
												<button
													type="button"
													className="btn btn-outline btn-xs"
													aria-label={`Edit: ${faq.question}`}
													onClick={() => setEditingId(faq.id)}
												>
													Edit
												</button>
												<button
													type="button"
													className="btn btn-outline btn-error btn-xs"
													aria-label={`Remove: ${faq.question}`}
													onClick={() => setToRemove(faq)}
												>
													Remove
												</button>
											</div>
										</div>
									)}
								</li>
							))}
						</ol>
					)
				}
			</QueryBoundary>
			<FaqForm
				label="Add a question"
				submitLabel="Add question"
				onSave={(input) =>
					attempt(
						() => add.mutateAsync(input),
						"Question added",
						"Failed to add the question",
					)
				}
			/>
			<ConfirmDialog
				isOpen={toRemove !== undefined}
				title="Remove this question?"
				message={toRemove && `“${toRemove.question}” leaves the home page.`}
				confirmLabel="Remove question"
				isPending={remove.isPending}
				onConfirm={() => {
					const faq = toRemove;
					setToRemove(undefined);
					if (faq)
						void attempt(
							() => remove.mutateAsync(faq.id),
							"Item deleted",
							"Failed to remove the question",
						);
				}}
				onCancel={() => setToRemove(undefined)}
			/>
		</section>
	);
}
