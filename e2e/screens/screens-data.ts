import {
	demoBlogPosts,
	demoTools,
} from "../../src/server/features/demo/demo-content.ts";
import { seedId } from "../../src/server/features/demo/seed-demo.ts";

/**
 * The fixed content of the screenshot server (scripts/screens-server.ts): who signs in, the
 * clock every page reads, and the tool and post whose pages are shown.
 */
export const SCREENS_PASSWORD = "screens secret phrase";

export const SCREENS_ACCOUNTS = {
	customer: { name: "Casey Morgan", email: "casey.morgan@screens.test" },
	admin: { name: "Ada Brooks", email: "ada.brooks@screens.test" },
	/** A second customer, so the admin's lists hold more than one person. */
	neighbour: { name: "Riley Chen", email: "riley.chen@screens.test" },
} as const;

/** The demo catalog is stamped an hour apart back from here; the browser's clock stands here too. */
export const SCREENS_SEEDED_AT = "2026-11-20T12:00:00.000Z";
export const SCREENS_CLOCK = "2026-11-20T15:30:00.000Z";

const firstTool = demoTools[0];
const firstPost = demoBlogPosts[0];
if (!firstTool || !firstPost) throw new Error("the demo content is empty");

/** The newest demo tool: its purchase page and its edit page are shown. */
export const SCREENS_TOOL_ID = seedId(`tool:${firstTool.art}`);
export const SCREENS_POST_SLUG = firstPost.slug;
export const SCREENS_POST_ID = seedId(`blog:${firstPost.slug}`);

/**
 * The admin's API keys, newest first: one in use, one never used, one revoked. The prefixes are
 * fixed here (a real key's are random), so the API Keys page looks the same on every run.
 */
export const SCREENS_API_KEYS = [
	{
		name: "Warehouse stock sync",
		scopes: ["catalog:read", "stock:write"],
		prefix: "tgk_W4rEh0",
		created_at: "2026-11-19T10:20:00.000Z",
		last_used_at: "2026-11-20T15:12:00.000Z",
		revoked_at: null,
	},
	{
		name: "Accounting export",
		scopes: ["orders:read"],
		prefix: "tgk_Acc7Xp",
		created_at: "2026-11-18T14:05:00.000Z",
		last_used_at: null,
		revoked_at: null,
	},
	{
		name: "Old ERP connector",
		scopes: ["catalog:read", "orders:read", "stock:write"],
		prefix: "tgk_0ldErp",
		created_at: "2026-11-02T09:00:00.000Z",
		last_used_at: "2026-11-16T08:45:00.000Z",
		revoked_at: "2026-11-17T11:30:00.000Z",
	},
] as const;

/** The webhook endpoint whose deliveries are shown: the ERP's, the newer of the two. */
export const SCREENS_WEBHOOK_ENDPOINT_ID =
	"3b7c0000-0000-4000-8000-000000000001";

/** The admin's webhook endpoints, newest first: one for the orders, one for the catalog. */
export const SCREENS_WEBHOOK_ENDPOINTS = [
	{
		id: SCREENS_WEBHOOK_ENDPOINT_ID,
		url: "https://erp.morgan-joinery.example/hooks/tools-gallery",
		description: "ERP: orders as they happen",
		events: ["order.placed", "order.paid", "order.shipped", "order.cancelled"],
		created_at: "2026-11-18T09:40:00.000Z",
	},
	{
		id: "3b7c0000-0000-4000-8000-000000000002",
		url: "https://catalog-sync.example.net/webhooks/tools",
		description: "",
		events: ["tool.created", "tool.updated", "tool.deleted"],
		created_at: "2026-11-12T16:05:00.000Z",
	},
] as const;

type ScreensAttempt = {
	at: string;
	status_code: number | null;
	error: string | null;
	duration_ms: number;
};

/** Attempts refused with one status code, from `first`, each after the back-off's wait. */
function refusedAttempts(first: string, count: number, statusCode: number) {
	const attempts: ScreensAttempt[] = [];
	let at = new Date(first).getTime();
	for (let attempt = 1; attempt <= count; attempt++) {
		attempts.push({
			at: new Date(at).toISOString(),
			status_code: statusCode,
			error: `The receiver answered ${statusCode}`,
			duration_ms: 180 + attempt * 7,
		});
		at += Math.min(30_000 * 2 ** (attempt - 1), 3_600_000);
	}
	return attempts;
}

/**
 * The ERP endpoint's deliveries, newest first: one pending after three attempts (its next one
 * just after the clock), one delivered at once, one given up on after 10, one delivered at the
 * second attempt and an older one delivered. The event ids are the order timeline's, as the
 * dispatcher names them.
 */
export const SCREENS_WEBHOOK_DELIVERIES: readonly {
	event_id: string;
	event: string;
	status: "pending" | "delivered" | "failed";
	created_at: string;
	next_attempt_at: string | null;
	attempts: readonly ScreensAttempt[];
}[] = [
	{
		event_id: "evt_order_58",
		event: "order.paid",
		status: "pending",
		created_at: "2026-11-20T15:28:10.000Z",
		next_attempt_at: "2026-11-20T15:31:52.000Z",
		attempts: [
			{
				at: "2026-11-20T15:28:10.000Z",
				status_code: null,
				error: "No answer within 10 s",
				duration_ms: 10_004,
			},
			{
				at: "2026-11-20T15:28:50.000Z",
				status_code: 502,
				error: "The receiver answered 502",
				duration_ms: 231,
			},
			{
				at: "2026-11-20T15:29:52.000Z",
				status_code: 503,
				error: "The receiver answered 503",
				duration_ms: 118,
			},
		],
	},
	{
		event_id: "evt_order_57",
		event: "order.placed",
		status: "delivered",
		created_at: "2026-11-20T15:02:00.000Z",
		next_attempt_at: null,
		attempts: [
			{
				at: "2026-11-20T15:02:01.000Z",
				status_code: 200,
				error: null,
				duration_ms: 187,
			},
		],
	},
	{
		event_id: "evt_order_52",
		event: "order.shipped",
		status: "failed",
		created_at: "2026-11-19T08:15:00.000Z",
		next_attempt_at: null,
		attempts: refusedAttempts("2026-11-19T08:15:01.000Z", 10, 500),
	},
	{
		event_id: "evt_order_49",
		event: "order.placed",
		status: "delivered",
		created_at: "2026-11-19T07:58:00.000Z",
		next_attempt_at: null,
		attempts: [
			{
				at: "2026-11-19T07:58:01.000Z",
				status_code: null,
				error: "connect ECONNREFUSED 203.0.113.7:443",
				duration_ms: 42,
			},
			{
				at: "2026-11-19T07:58:31.000Z",
				status_code: 200,
				error: null,
				duration_ms: 205,
			},
		],
	},
	{
		event_id: "evt_order_44",
		event: "order.cancelled",
		status: "delivered",
		created_at: "2026-11-18T17:20:00.000Z",
		next_attempt_at: null,
		attempts: [
			{
				at: "2026-11-18T17:20:01.000Z",
				status_code: 204,
				error: null,
				duration_ms: 164,
			},
		],
	},
];
