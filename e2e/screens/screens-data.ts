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
