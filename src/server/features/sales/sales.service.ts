import {
	ORDER_STATUSES,
	type OrderStatus,
} from "../../../shared/orders.schemas.ts";
import {
	LOW_STOCK_LIMIT,
	type SalesQuery,
	type SalesReport,
	TOP_TOOLS_LIMIT,
} from "../../../shared/sales.schemas.ts";
import type { Db } from "../../platform/db/database.ts";
import {
	countLowStockTools,
	countPlacedOrders,
	findLowStockTools,
	findTopTools,
	sumRevenueByBucket,
} from "./sales.repository.ts";
import { salesRangeOf, todayUtc } from "./sales-periods.ts";

/**
 * The dashboard's figures for the last 30 days, 12 weeks or 12 months up to `until` (today by
 * default). The database sums each bucket; a bucket with no order is filled in here with zeros,
 * so the chart has every day, week or month of the range.
 */
export async function getSalesReport(
	db: Db,
	query: SalesQuery,
): Promise<SalesReport> {
	const range = salesRangeOf(query.period, query.until ?? todayUtc());
	const { fromAt, beforeAt } = range;
	const [revenueRows, placedRows, topTools, lowStock, lowStockTotal] =
		await Promise.all([
			sumRevenueByBucket(db, query.period, fromAt, beforeAt),
			countPlacedOrders(db, query.period, fromAt, beforeAt),
			findTopTools(db, fromAt, beforeAt, TOP_TOOLS_LIMIT),
			findLowStockTools(db, LOW_STOCK_LIMIT),
			countLowStockTools(db),
		]);
	const revenueOf = new Map(revenueRows.map((row) => [row.start, row]));
	const ordersOf = new Map<string, number>();
	const countOf = new Map<OrderStatus, number>();
	for (const row of placedRows) {
		ordersOf.set(row.start, (ordersOf.get(row.start) ?? 0) + row.orders);
		countOf.set(row.status, (countOf.get(row.status) ?? 0) + row.orders);
	}
	const buckets = range.starts.map((start) => ({
		start,
		revenue_cents: revenueOf.get(start)?.revenue_cents ?? 0,
		paid_orders: revenueOf.get(start)?.paid_orders ?? 0,
		orders: ordersOf.get(start) ?? 0,
	}));
	const sum = (pick: (bucket: (typeof buckets)[number]) => number) =>
		buckets.reduce((total, bucket) => total + pick(bucket), 0);
	const revenueCents = sum((bucket) => bucket.revenue_cents);
	const paidOrders = sum((bucket) => bucket.paid_orders);
	return {
		period: query.period,
		from: range.from,
		to: range.to,
		buckets,
		revenue_cents: revenueCents,
		paid_orders: paidOrders,
		orders: sum((bucket) => bucket.orders),
		average_order_cents:
			paidOrders === 0 ? null : Math.round(revenueCents / paidOrders),
		orders_by_status: ORDER_STATUSES.map((status) => ({
			status,
			count: countOf.get(status) ?? 0,
		})),
		top_tools: topTools,
		low_stock: { total: lowStockTotal, items: lowStock },
	};
}

export function createSalesUseCases(db: Db) {
	return {
		getSalesReport: (query: SalesQuery) => getSalesReport(db, query),
	};
}

export type SalesUseCases = ReturnType<typeof createSalesUseCases>;
