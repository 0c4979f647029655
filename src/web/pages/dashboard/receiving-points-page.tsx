import { useCallback, useEffect, useState } from "react";
import { Navigate, useSearchParams } from "react-router";
import type {
	ReceivingPoint,
	ReceivingPointInput,
} from "../../../shared/receiving-points.schemas.ts";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { Modal } from "../../components/ui/modal.tsx";
import { Pager } from "../../components/ui/pager.tsx";
import { QueryBoundary } from "../../components/ui/query-boundary.tsx";
import { SearchField } from "../../components/ui/search-field.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { useSession } from "../../features/auth/session.queries.ts";
import { ReceivingPointForm } from "../../features/receiving-points/components/receiving-point-form.tsx";
import { ReceivingPointRow } from "../../features/receiving-points/components/receiving-point-row.tsx";
import {
	useEditReceivingPoints,
	useReceivingPointPage,
} from "../../features/receiving-points/receiving-points.queries.ts";
import { readPageParam } from "../../lib/page-param.ts";
import { usePageTitle } from "../../lib/page-title.ts";
import { failureReason, notify } from "../../lib/toast.ts";

const SEARCH_MAX_LENGTH = 100;

/** "104 receiving points", "1 receiving point matches “austin”". */
function describeCount(total: number, search: string): string {
	const points = `${total} receiving ${total === 1 ? "point" : "points"}`;
	if (!search) return points;
	return `${points} ${total === 1 ? "matches" : "match"} “${search}”`;
}

/** The admin's receiving points; a customer is sent to their own dashboard (the API refuses them too). */
export function ReceivingPointsPage() {
	usePageTitle("Receiving Points");
	const session = useSession();
	if (session.status !== "signed-in")
		return <Spinner label="Loading your account" />;
	if (!session.me.is_admin) return <Navigate to="/dashboard" replace />;
	return <ReceivingPointsAdmin />;
}

/**
 * The receiving points customers choose from at checkout: a page of them by name, searched by
 * name or address (both in the address bar), with add, edit and delete.
 */
function ReceivingPointsAdmin() {
	const [params, setParams] = useSearchParams();
	const page = readPageParam(params.get("page"));
	const search = (params.get("q") ?? "").trim().slice(0, SEARCH_MAX_LENGTH);
	const points = useReceivingPointPage(page, search);
	const { add, edit, remove } = useEditReceivingPoints();
	const [editing, setEditing] = useState<ReceivingPoint | "new">();
	const [toDelete, setToDelete] = useState<ReceivingPoint>();

	/** Changes the address's search and page; any other parameter stays. */
	const showList = useCallback(
		(changes: { page?: number; q?: string }, { replace = false } = {}) => {
			setParams(
				(current) => {
					const next = new URLSearchParams(current);
					if (changes.q !== undefined) {
						if (changes.q) next.set("q", changes.q);
						else next.delete("q");
					}
					if (changes.page !== undefined) {
						if (changes.page > 1) next.set("page", String(changes.page));
						else next.delete("page");
					}
					return next;
				},
				{ replace },
			);
		},
		[setParams],
	);
	const searchFor = useCallback(
		(text: string) => showList({ q: text, page: 1 }, { replace: true }),
		[showList],
	);

	const pageCount = points.data
		? Math.max(1, Math.ceil(points.data.total / points.data.page_size))
		: 1;
	// Deleting the last point of the last page leaves that page empty: show the one before it.
	const isPastTheEnd =
		!points.isPlaceholderData &&
		points.data !== undefined &&
		points.data.total > 0 &&
		page > pageCount;
	useEffect(() => {
		if (isPastTheEnd) showList({ page: pageCount }, { replace: true });
	}, [isPastTheEnd, pageCount, showList]);

	async function save(input: ReceivingPointInput) {
		if (editing === "new") {
			await add.mutateAsync(input);
			notify.success("Receiving point added");
		} else if (editing) {
			await edit.mutateAsync({ id: editing.id, input });
			notify.success("Receiving point saved");
		}
		setEditing(undefined);
	}

	async function deletePoint() {
		if (!toDelete) return;
		try {
			await remove.mutateAsync(toDelete.id);
			notify.info("Item deleted", { autoClose: 500 });
		} catch (error) {
			notify.error(
				`Failed to delete the receiving point${failureReason(error)}`,
			);
		} finally {
			setToDelete(undefined);
		}
	}

	return (
		<section className="space-y-4" aria-labelledby="receiving-points-title">
			<h1 id="receiving-points-title" className="text-2xl font-bold">
				Receiving Points
			</h1>
			<p className="text-base-content/80">
				Customers who choose collection at checkout pick one of these.
			</p>
			<div className="flex flex-wrap items-end justify-between gap-4">
				<SearchField
					label="Search by name or address"
					className="w-full max-w-sm"
					value={search}
					maxLength={SEARCH_MAX_LENGTH}
					onSearch={searchFor}
				/>
				<button
					type="button"
					className="btn btn-primary"
					onClick={() => setEditing("new")}
				>
					Add a receiving point
				</button>
			</div>
			<QueryBoundary
				query={points}
				loadingLabel="Loading the receiving points"
				errorTitle="The receiving points could not be loaded"
			>
				{(data) => {
					if (data.total === 0)
						return (
							<EmptyState
								message={
									search
										? `No receiving point matches “${search}”.`
										: "No receiving points yet. Add the first, and customers can collect their orders there."
								}
							/>
						);
					return (
						<>
							<p className="text-sm" aria-live="polite">
								{describeCount(data.total, search)}
							</p>
							<ul
								className="divide-y divide-base-300 rounded-box border border-base-300 bg-base-100"
								aria-label="Receiving points by name"
								aria-busy={points.isPlaceholderData}
							>
								{data.items.map((point) => (
									<li key={point.id}>
										<ReceivingPointRow
											point={point}
											onEdit={setEditing}
											onDelete={setToDelete}
										/>
									</li>
								))}
							</ul>
							<Pager
								label="Pages of receiving points"
								page={data.page}
								pageCount={pageCount}
								onGoTo={(next) => showList({ page: next })}
							/>
						</>
					);
				}}
			</QueryBoundary>
			<Modal
				isOpen={editing !== undefined}
				title={
					editing === "new" || editing === undefined
						? "Add a receiving point"
						: `Edit ${editing.name}`
				}
				onClose={() => setEditing(undefined)}
			>
				<ReceivingPointForm
					initial={editing === "new" ? undefined : editing}
					submitLabel={
						editing === "new" ? "Add receiving point" : "Save receiving point"
					}
					onSave={save}
					onCancel={() => setEditing(undefined)}
				/>
			</Modal>
			<ConfirmDialog
				isOpen={toDelete !== undefined}
				title="Delete this receiving point?"
				message={
					toDelete &&
					`“${toDelete.name}” is no longer offered at checkout. Orders already placed for collection there keep its address and hours.`
				}
				confirmLabel="Delete"
				isPending={remove.isPending}
				onConfirm={() => void deletePoint()}
				onCancel={() => setToDelete(undefined)}
			/>
		</section>
	);
}
