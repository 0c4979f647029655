import * as z from "zod/mini";
import { OrderStatusSchema } from "./orders.schemas.ts";
import { ToolIdSchema } from "./tools.schemas.ts";

/** How the sales dashboard groups its figures: by day, by week (Monday to Sunday) or by month, in UTC. */
export const SALES_PERIODS = ["day", "week", "month"] as const;
export const SalesPeriodSchema = z.enum(
	SALES_PERIODS,
	`period must be one of ${SALES_PERIODS.join(", ")}`,
);
export type SalesPeriod = z.infer<typeof SalesPeriodSchema>;

/** How many of each period the dashboard shows: the last 30 days, 12 weeks or 12 months. */
export const SALES_PERIOD_COUNTS: Record<SalesPeriod, number> = {
	day: 30,
	week: 12,
	month: 12,
};

/** Tools listed among the best sellers, and among those running low. */
export const TOP_TOOLS_LIMIT = 10;
export const LOW_STOCK_LIMIT = 20;

const UNTIL_MESSAGE = "until must be a day (YYYY-MM-DD)";
/** A day that exists: Date.parse would roll "2026-02-30" over to 2 March instead of refusing it. */
const CalendarDaySchema = z.iso.date();
const FIRST_YEAR = 2000;
const LAST_YEAR = 9998;

/**
 * `until` is the last day the figures run to (UTC), today by default; the page sends the admin's
 * today, so the dashboard and the clock it is read by agree. Years are bounded so that counting
 * a year back or a month on never leaves four-digit years.
 */
export const SalesQuerySchema = z.object({
	period: z._default(SalesPeriodSchema, "day"),
	until: z.optional(
		z.string(UNTIL_MESSAGE).check(
			z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: UNTIL_MESSAGE, abort: true }),
			z.refine((day) => CalendarDaySchema.safeParse(day).success, {
				error: "until is not a real day",
				abort: true,
			}),
			z.refine((day) => {
				const year = Number(day.slice(0, 4));
				return year >= FIRST_YEAR && year <= LAST_YEAR;
			}, `until must be in the years ${FIRST_YEAR} to ${LAST_YEAR}`),
		),
	),
});
export type SalesQuery = z.infer<typeof SalesQuerySchema>;

const Cents = z.int();
const Count = z.int().check(z.nonnegative());

/**
 * One day, week or month: `start` is its first day. Revenue and paid orders are counted by the
 * day the order was paid, orders by the day it was placed.
 */
export const SalesBucketSchema = z.object({
	start: CalendarDaySchema,
	revenue_cents: Cents,
	paid_orders: Count,
	orders: Count,
});
export type SalesBucket = z.infer<typeof SalesBucketSchema>;

export const SalesStatusCountSchema = z.object({
	status: OrderStatusSchema,
	count: Count,
});
export type SalesStatusCount = z.infer<typeof SalesStatusCountSchema>;

/** A best seller: pieces sold and their revenue, refunded pieces left out. */
export const TopToolSchema = z.object({
	tool_id: ToolIdSchema,
	tool_name: z.string(),
	pieces: Count,
	revenue_cents: Cents,
});
export type TopTool = z.infer<typeof TopToolSchema>;

/** A tool in the catalog whose stock is below twice its minimum order. */
export const LowStockToolSchema = z.object({
	id: ToolIdSchema,
	tool_name: z.string(),
	available_quantity: Count,
	minimum_quantity: Count,
});
export type LowStockTool = z.infer<typeof LowStockToolSchema>;

/**
 * The sales dashboard's figures for a period, from its first day `from` to its last day `to`
 * (both included, UTC). Revenue is what paid orders brought in, less what was refunded of them;
 * `orders` counts the orders placed, deleted ones left out. The average order value is the
 * revenue over the paid orders, null when none was paid.
 */
export const SalesReportSchema = z.object({
	period: SalesPeriodSchema,
	from: CalendarDaySchema,
	to: CalendarDaySchema,
	buckets: z.array(SalesBucketSchema),
	revenue_cents: Cents,
	paid_orders: Count,
	orders: Count,
	average_order_cents: z.nullable(Cents),
	/** Every status, those of no order too, for the orders placed in the period. */
	orders_by_status: z.array(SalesStatusCountSchema),
	top_tools: z.array(TopToolSchema),
	/** The lowest stock first, at most LOW_STOCK_LIMIT of them; `total` counts them all. */
	low_stock: z.object({
		total: Count,
		items: z.array(LowStockToolSchema),
	}),
});
export type SalesReport = z.infer<typeof SalesReportSchema>;
