import { useCallback, useEffect, useId, useState } from "react";
import { useSearchParams } from "react-router";
import {
	type Order,
	type OrderStatus,
	OrderStatusSchema,
} from "../../../shared/orders.schemas.ts";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { PagedTable } from "../../components/ui/paged-table.tsx";
import { QueryBoundary } from "../../components/ui/query-boundary.tsx";
import {
	ORDER_COLUMNS,
	OrderCells,
} from "../../features/orders/components/order-cells.tsx";
import {
	useAllOrders,
	useDeleteOrder,
} from "../../features/orders/orders.queries.ts";
import { readPageParam } from "../../lib/page-param.ts";
import { failureReason, notify } from "../../lib/toast.ts";
import { OrderDeletionsSection } from "./order-deletions-section.tsx";
import { UnpaidHoldersSection } from "./unpaid-holders-section.tsx";

const readStatus = (value: string | null): OrderStatus | "" => {
	const parsed = OrderStatusSchema.safeParse(value);
	return parsed.success ? parsed.data : "";
};

function whatDeletingDoes(order: Order): string {
	const what = `The order of ${order.order_quantity} × ${order.tool_name} for ${order.email} will be deleted, and a record of it kept.`;
	if (order.status === "unpaid")
		return `${what} It is unpaid: its ${order.order_quantity} pieces go back into stock.`;
	if (order.status === "paid")
		return `${what} It is paid: its pieces stay sold.`;
	return `${what} It was cancelled: its pieces are already back in stock.`;
}

export function AllOrdersPage() {
	const [params, setParams] = useSearchParams();
	const page = readPageParam(params.get("page"));
	const status = readStatus(params.get("status"));
	const email = (params.get("email") ?? "").trim();
	const [typed, setTyped] = useState(email);
	const [toDelete, setToDelete] = useState<Order>();
	const orders = useAllOrders(page, status, email);
	const deleteOrder = useDeleteOrder();
	const searchId = useId();
	const statusId = useId();

	/** Changes the address's filters and page; any other parameter (the audit's page) stays. */
	const showList = useCallback(
		(changes: Record<string, string>, { replace = false } = {}) => {
			setParams(
				(current) => {
					const next = new URLSearchParams(current);
					for (const [name, value] of Object.entries(changes))
						if (value && !(name === "page" && value === "1"))
							next.set(name, value);
						else next.delete(name);
					return next;
				},
				{ replace },
			);
		},
		[setParams],
	);

	// Typing settles for 300 ms before the list is asked again, from its first page.
	useEffect(() => {
		if (typed.trim() === email) return;
		const timer = setTimeout(
			() => showList({ email: typed.trim(), page: "" }, { replace: true }),
			300,
		);
		return () => clearTimeout(timer);
	}, [typed, email, showList]);

	const pageCount = orders.data
		? Math.max(1, Math.ceil(orders.data.total / orders.data.page_size))
		: 1;
	// Deleting the last order of the last page leaves that page empty: show the one before it.
	const isPastTheEnd =
		!orders.isPlaceholderData &&
		orders.data !== undefined &&
		orders.data.total > 0 &&
		page > pageCount;
	useEffect(() => {
		if (isPastTheEnd) showList({ page: String(pageCount) }, { replace: true });
	}, [isPastTheEnd, pageCount, showList]);

	async function remove() {
		if (!toDelete) return;
		try {
			await deleteOrder.mutateAsync(toDelete.id);
			notify.info("Item deleted", { autoClose: 500 });
		} catch (error) {
			notify.error(`Failed to delete the order${failureReason(error)}`);
		} finally {
			setToDelete(undefined);
		}
	}

	return (
		<section className="space-y-4" aria-labelledby="all-orders-title">
			<h1 id="all-orders-title" className="text-2xl font-bold">
				Manage All Orders
			</h1>
			<div className="flex flex-wrap gap-4">
				<div>
					<label className="label" htmlFor={statusId}>
						Status
					</label>
					<select
						id={statusId}
						className="select"
						value={status}
						onChange={(event) =>
							showList({ status: event.target.value, page: "" })
						}
					>
						<option value="">All</option>
						<option value="unpaid">Unpaid</option>
						<option value="paid">Paid</option>
						<option value="cancelled">Cancelled</option>
					</select>
				</div>
				<div className="w-full max-w-sm">
					<label className="label" htmlFor={searchId}>
						Search by customer email
					</label>
					<input
						id={searchId}
						type="search"
						className="input w-full"
						value={typed}
						onChange={(event) => setTyped(event.target.value)}
					/>
				</div>
			</div>
			<QueryBoundary
				query={orders}
				loadingLabel="Loading the orders"
				errorTitle="The orders could not be loaded"
			>
				{(data) => {
					if (data.total === 0)
						return (
							<p className="py-8 text-center">
								{status || email ? "No orders match." : "No orders yet."}
							</p>
						);
					return (
						<PagedTable
							page={data}
							isBusy={orders.isPlaceholderData}
							caption="Orders, newest first"
							columns={ORDER_COLUMNS}
							pagerLabel="Pages of orders"
							onGoTo={(next) => showList({ page: String(next) })}
							renderCells={(order) => (
								<OrderCells order={order} onDelete={setToDelete} />
							)}
						/>
					);
				}}
			</QueryBoundary>
			<UnpaidHoldersSection />
			<OrderDeletionsSection />
			<ConfirmDialog
				isOpen={toDelete !== undefined}
				title="Delete this order?"
				message={toDelete && whatDeletingDoes(toDelete)}
				confirmLabel="Delete Order"
				isPending={deleteOrder.isPending}
				onConfirm={() => void remove()}
				onCancel={() => setToDelete(undefined)}
			/>
		</section>
	);
}
