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
