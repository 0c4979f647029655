import os from "node:os";
import path from "node:path";
import { expect, type Locator, type Page } from "@playwright/test";
import {
	demoBlogPosts,
	demoTools,
} from "../../src/server/features/demo/demo-content.ts";
import { toolSlug } from "../../src/shared/tools.schemas.ts";
import {
	SCREENS_CLOCK,
	SCREENS_POST_ID,
	SCREENS_POST_SLUG,
	SCREENS_TOOL_ID,
	SCREENS_WEBHOOK_ENDPOINT_ID,
} from "./screens-data.ts";

export type Role = "visitor" | "customer" | "admin";
export const ROLES: readonly Role[] = ["visitor", "customer", "admin"];

/** One page of the app (src/web/app/app-routes.tsx, pages/dashboard/dashboard-routes.tsx). */
export type Screen = {
	/** Names the baseline: `<role>-<name>-<width>.png`. */
	name: string;
	path: string;
	/** The page's main heading, shown once its content is in. */
	heading: string;
	/** Who can see it; others are sent elsewhere (signed out to /login, other roles away). */
	roles: readonly Role[];
	/** A link on `path` to follow first, by its accessible name: pages whose address has an id. */
	follow?: RegExp;
	/**
	 * The page as the server draws it for a visitor without JavaScript (server-rendered public
	 * pages): the app's scripts are answered empty, so it never takes over.
	 */
	isServerRendered?: boolean;
};

/** The checkout of three tools the screenshot server places for the customer. */
const CHECKED_OUT = /^View order of .+ and 2 more/;

const everyone = ROLES;
const signedIn: readonly Role[] = ["customer", "admin"];
const toolName = demoTools[0]?.tool_name ?? "";
const postTitle = demoBlogPosts[0]?.title ?? "";
/** The newest demo tool's part number: the seed numbers the demo tools oldest first. */
const toolSku = `TG-${String(demoTools.length).padStart(6, "0")}`;

export const SCREENS: readonly Screen[] = [
	{
		name: "home",
		path: "/",
		heading: "Welcome to Tools Gallery",
		roles: everyone,
	},
	{ name: "login", path: "/login", heading: "Login", roles: ["visitor"] },
	{ name: "sign-up", path: "/sign-up", heading: "Sign Up", roles: ["visitor"] },
	{
		name: "forgot-password",
		path: "/forgot-password",
		heading: "Forgot password",
		roles: everyone,
	},
	{
		name: "reset-password",
		path: "/reset-password?token=screens-reset-token",
		heading: "Reset password",
		roles: everyone,
	},
	{ name: "blog", path: "/blog", heading: "Blog", roles: everyone },
	{
		name: "blog-post",
		path: `/blog/${SCREENS_POST_SLUG}`,
		heading: postTitle,
		roles: everyone,
	},
	{
		name: "tool-page-server",
		path: `/tools/${toolSlug(toolName, toolSku)}`,
		heading: toolName,
		roles: ["visitor"],
		isServerRendered: true,
	},
	{
		name: "blog-post-server",
		path: `/blog/${SCREENS_POST_SLUG}`,
		heading: postTitle,
		roles: ["visitor"],
		isServerRendered: true,
	},
	{
		name: "all-reviews",
		path: "/all-reviews",
		heading: "Customer Review",
		roles: everyone,
	},
	{
		name: "portfolio-about-me",
		path: "/my-portfolio/about-me",
		heading: "About Me",
		roles: everyone,
	},
	{
		name: "portfolio-education",
		path: "/my-portfolio/education",
		heading: "About Education",
		roles: everyone,
	},
	{
		name: "portfolio-project",
		path: "/my-portfolio/project",
		heading: "About Project",
		roles: everyone,
	},
	{
		name: "portfolio-technology",
		path: "/my-portfolio/technology",
		heading: "About Technology",
		roles: everyone,
	},
	{
		name: "not-found",
		path: "/no-such-page",
		heading: "Sorry, we couldn't find this page.",
		roles: everyone,
	},
	{
		name: "tool-purchase",
		path: `/tool-purchase/${SCREENS_TOOL_ID}`,
		heading: toolName,
		roles: signedIn,
	},
	{
		name: "cart",
		path: "/cart",
		heading: "Cart",
		roles: ["visitor", "customer"],
	},
	{
		name: "checkout",
		path: "/checkout",
		heading: "Checkout",
		roles: ["customer"],
	},
	{
		name: "my-profile",
		path: "/dashboard/profile",
		heading: "My Profile",
		roles: signedIn,
	},
	{
		name: "my-orders",
		path: "/dashboard/my-orders",
		heading: "My Orders",
		roles: signedIn,
	},
	{
		name: "order-detail",
		path: "/dashboard/my-orders",
		follow: CHECKED_OUT,
		heading: "Your order",
		roles: ["customer"],
	},
	{
		name: "my-quotes",
		path: "/dashboard/my-quotes",
		heading: "My Quotes",
		roles: ["customer"],
	},
	{
		name: "new-quote",
		path: `/dashboard/quotes/new?tool=${SCREENS_TOOL_ID}`,
		heading: "Request a quote",
		roles: ["customer"],
	},
	{
		name: "add-review",
		path: "/dashboard/review",
		heading: "Add A Review",
		roles: ["customer"],
	},
	{
		name: "sales",
		path: "/dashboard/sales",
		heading: "Sales",
		roles: ["admin"],
	},
	{
		name: "add-product",
		path: "/dashboard/add-a-product",
		heading: "Add A Product",
		roles: ["admin"],
	},
	{
		name: "import-export",
		path: "/dashboard/import-export",
		heading: "Import & Export",
		roles: ["admin"],
	},
	{
		name: "manage-products",
		path: "/dashboard/manage-products",
		heading: "Manage Products",
		roles: ["admin"],
	},
	{
		name: "edit-product",
		path: `/dashboard/manage-products/${SCREENS_TOOL_ID}/edit`,
		heading: `Edit ${toolName}`,
		roles: ["admin"],
	},
	{
		name: "manage-all-orders",
		path: "/dashboard/all-order",
		heading: "Manage All Orders",
		roles: ["admin"],
	},
	{
		name: "manage-order",
		path: "/dashboard/all-order",
		follow: CHECKED_OUT,
		heading: "Manage order",
		roles: ["admin"],
	},
	{
		name: "quote-requests",
		path: "/dashboard/quote-requests",
		heading: "Quote Requests",
		roles: ["admin"],
	},
	{
		name: "mail",
		path: "/dashboard/mail-outbox",
		heading: "Mail",
		roles: ["admin"],
	},
	{
		name: "make-admin",
		path: "/dashboard/make-admin",
		heading: "Make Admin",
		roles: ["admin"],
	},
	{
		name: "manage-reviews",
		path: "/dashboard/manage-reviews",
		heading: "Manage Reviews",
		roles: ["admin"],
	},
	{
		name: "manage-blog",
		path: "/dashboard/manage-blog",
		heading: "Manage Blog",
		roles: ["admin"],
	},
	{
		name: "blog-editor-new",
		path: "/dashboard/manage-blog/new",
		heading: "Write a post",
		roles: ["admin"],
	},
	{
		name: "blog-editor-edit",
		path: `/dashboard/manage-blog/${SCREENS_POST_ID}/edit`,
		heading: `Edit ${postTitle}`,
		roles: ["admin"],
	},
	{
		name: "manage-content",
		path: "/dashboard/manage-content",
		heading: "Manage Content",
		roles: ["admin"],
	},
	{
		name: "receiving-points",
		path: "/dashboard/receiving-points",
		heading: "Receiving Points",
		roles: ["admin"],
	},
	{
		name: "payment-terms",
		path: "/dashboard/payment-terms",
		heading: "Payment Terms",
		roles: ["admin"],
	},
	{
		name: "shop-settings",
		path: "/dashboard/shop-settings",
		heading: "Shop Settings",
		roles: ["admin"],
	},
	{
		name: "api-keys",
		path: "/dashboard/api-keys",
		heading: "API Keys",
		roles: ["admin"],
	},
	{
		name: "webhooks",
		path: "/dashboard/webhooks",
		heading: "Webhooks",
		roles: ["admin"],
	},
	{
		name: "webhook-deliveries",
		path: `/dashboard/webhooks/${SCREENS_WEBHOOK_ENDPOINT_ID}`,
		heading: "Webhook deliveries",
		roles: ["admin"],
	},
	{
		name: "security-log",
		path: "/dashboard/security-log",
		heading: "Security log",
		roles: ["admin"],
	},
];

/**
 * What a page shows that the screenshot server cannot pin: an invoice's number holds the year it
 * was issued and its issue time is the run's (invoices are never changed after issue). They are
 * masked in the screenshots.
 */
export function volatileParts(page: Page): Locator[] {
	return [
		page.getByRole("link", { name: /^(Invoice|Credit note) .+\(PDF\)$/ }),
		page.locator("li:has(a[download]) time"),
		page.getByText(/^(Invoice|Credit note) \S+ issued$/),
	];
}

/** Where the sign-in step (sign-in.setup.ts) keeps each role's session, per server port. */
const AUTH_DIR = path.join(
	os.tmpdir(),
	`tools-gallery-screens-auth-${process.env.SCREENS_PORT ?? 4180}`,
);

/** The saved browser session of a role, for `test.use({ storageState })`; none for a visitor. */
export function storageStateOf(role: Role): string | undefined {
	return role === "visitor" ? undefined : path.join(AUTH_DIR, `${role}.json`);
}

export function screensOf(role: Role): Screen[] {
	return SCREENS.filter((screen) => screen.roles.includes(role));
}

/**
 * Opens a page on the fixed clock and waits until it is complete: its heading shown, nothing
 * loading, every image (lazy ones too) decoded and the fonts in.
 */
export async function openScreen(page: Page, screen: Screen): Promise<void> {
	await page.clock.setFixedTime(new Date(SCREENS_CLOCK));
	if (screen.isServerRendered)
		await page.route("**/assets/*.js", (route) =>
			route.fulfill({ contentType: "text/javascript", body: "" }),
		);
	await page.goto(screen.path);
	if (screen.follow)
		await page.getByRole("link", { name: screen.follow }).first().click();
	await expect(
		page.getByRole("heading", { name: screen.heading, exact: true }),
	).toBeVisible();
	// A server-rendered page shows its heading before the app replaces it: wait for the app.
	if (!screen.isServerRendered)
		await expect(page.locator("[data-server-rendered]")).toHaveCount(0);
	// What is far down a page renders as the reader comes near it (the home page's sections):
	// scrolled to the end, the whole page is in before its picture is taken from the top.
	await page.evaluate(() =>
		window.scrollTo(0, document.documentElement.scrollHeight),
	);
	await expect(page.locator(".loading")).toHaveCount(0);
	await page.evaluate(() => window.scrollTo(0, 0));
	await page.evaluate(async () => {
		const images = [...document.images];
		for (const image of images) image.loading = "eager";
		await Promise.all(
			images.map((image) =>
				image.complete
					? undefined
					: new Promise((settle) => {
							image.addEventListener("load", settle, { once: true });
							image.addEventListener("error", settle, { once: true });
						}),
			),
		);
		await Promise.all(images.map((image) => image.decode().catch(() => {})));
		await document.fonts.ready;
	});
}
