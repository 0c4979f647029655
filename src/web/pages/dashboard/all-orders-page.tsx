import { useCallback, useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import {
	type Order,
	type OrderStatus,
	OrderStatusSchema,
} from "../../../shared/orders.schemas.ts";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { SelectField } from "../../components/ui/field.tsx";
import { PagedTable } from "../../components/ui/paged-table.tsx";
import { QueryBoundary } from "../../components/ui/query-boundary.tsx";
import { SearchField } from "../../components/ui/search-field.tsx";
import {
	orderPieces,
	orderSummary,
} from "../../features/orders/components/order-card.tsx";
import {
	ORDER_COLUMNS,
	OrderCells,
} from "../../features/orders/components/order-cells.tsx";
import { OrderDeletionsSection } from "../../features/orders/components/order-deletions-section.tsx";
import { UnpaidHoldersSection } from "../../features/orders/components/unpaid-holders-section.tsx";
import {
	useAllOrders,
	useDeleteOrder,
} from "../../features/orders/orders.queries.ts";
import { readPageParam } from "../../lib/page-param.ts";
import { usePageTitle } from "../../lib/page-title.ts";
import { failureReason, notify } from "../../lib/toast.ts";

const readStatus = (value: string | null): OrderStatus | "" => {
	const parsed = OrderStatusSchema.safeParse(value);
	return parsed.success ? parsed.data : "";
};

function whatDeletingDoes(order: Order): string {
	const what = `The order of ${orderSummary(order)} for ${order.email} will be deleted, and a record of it kept.`;
	if (order.status === "unpaid")
		return `${what} It is unpaid: its ${orderPieces(order)} pieces go back into stock.`;
	if (order.status === "cancelled")
		return `${what} It was cancelled: its pieces are already back in stock.`;
	if (order.status === "refunded")
		return `${what} It was refunded in full: nothing more goes back into stock.`;
	return `${what} It is paid: its pieces stay sold.`;
}

/** The statuses the list can be filtered by, in the order of an order's life. */
const STATUS_OPTIONS: readonly { value: OrderStatus; label: string }[] = [
	{ value: "unpaid", label: "Unpaid" },
	{ value: "paid", label: "Paid" },
	{ value: "shipped", label: "Shipped" },
	{ value: "ready_for_collection", label: "Ready for collection" },
	{ value: "delivered", label: "Delivered" },
	{ value: "collected", label: "Collected" },
	{ value: "cancelled", label: "Cancelled" },
	{ value: "refunded", label: "Refunded" },
];

export function AllOrdersPage() {
	usePageTitle("Manage All Orders");
	const [params, setParams] = useSearchParams();
	const page = readPageParam(params.get("page"));
	const status = readStatus(params.get("status"));
	const email = (params.get("email") ?? "").trim();
	const [toDelete, setToDelete] = useState<Order>();
	const orders = useAllOrders(page, status, email);
	const deleteOrder = useDeleteOrder();

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

	const searchEmail = useCallback(
		(text: string) => showList({ email: text, page: "" }, { replace: true }),
		[showList],
	);

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
			<div className="flex flex-wrap items-start gap-4">
				<SelectField
					label="Status"
					className="w-56"
					value={status}
					onChange={(event) =>
						showList({ status: event.target.value, page: "" })
					}
				>
					<option value="">All</option>
					{STATUS_OPTIONS.map((option) => (
						<option key={option.value} value={option.value}>
							{option.label}
						</option>
					))}
				</SelectField>
				<SearchField
					label="Search by customer email"
					className="w-full max-w-sm"
					value={email}
					onSearch={searchEmail}
				/>
			</div>
			<QueryBoundary
				query={orders}
				loadingLabel="Loading the orders"
				errorTitle="The orders could not be loaded"
			>
				{(data) => {
					if (data.total === 0)
						return (
							<EmptyState
								message={
									status || email ? "No orders match." : "No orders yet."
								}
							/>
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
