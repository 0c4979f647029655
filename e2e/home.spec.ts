import { ToolPageSchema } from "../src/shared/tools.schemas.ts";
import { openHomeSections } from "./fixtures/home.ts";
import { expect, test } from "./fixtures/test.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const MONTHS = [
	"Jan",
	"Feb",
	"Mar",
	"Apr",
	"May",
	"Jun",
	"Jul",
	"Aug",
	"Sep",
	"Oct",
	"Nov",
	"Dec",
];

/** "Nov 21st 2026", written independently of the app's formatter. */
function summaryDate(date: Date): string {
	const day = date.getDate();
	const suffix =
		day >= 11 && day <= 13
			? "th"
			: (["th", "st", "nd", "rd"][day % 10] ?? "th");
	return `${MONTHS[date.getMonth()]} ${day}${suffix} ${date.getFullYear()}`;
}

test("hero welcomes the visitor and 'Shop Now' brings the latest tools into view", async ({
	page,
}) => {
	// A phone's first screen: the sections under it wait until the visitor comes to them.
	await page.setViewportSize({ width: 375, height: 812 });
	const catalogReads: string[] = [];
	page.on("request", (request) => {
		if (new URL(request.url()).pathname === "/api/tools")
			catalogReads.push(request.url());
	});
	await page.goto("/");
	await expect(
		page.getByRole("heading", { level: 1, name: "Welcome to Tools Gallery" }),
	).toBeVisible();
	await expect(page.getByText(/biggest tool-kit shop/)).toBeVisible();
	await page.waitForLoadState("networkidle");
	expect(catalogReads, "the catalog is read only when it is wanted").toEqual(
		[],
	);

	const latestToolsHeading = page.getByRole("heading", {
		level: 2,
		name: "Latest Tools",
	});
	await expect(latestToolsHeading).not.toBeInViewport();
	await page.getByRole("link", { name: "Shop Now" }).click();
	await expect(latestToolsHeading).toBeInViewport();
	await expect(
		page.getByRole("region", { name: "Latest Tools" }).getByRole("article"),
	).toHaveCount(6);
	expect(catalogReads).toHaveLength(1);
});

test("a keyboard user tabs from the hero into the latest tools without scrolling", async ({
	page,
}) => {
	await page.setViewportSize({ width: 375, height: 812 });
	await page.goto("/");
	await expect(
		page.getByRole("heading", { level: 1, name: "Welcome to Tools Gallery" }),
	).toBeVisible();
	const searchBox = page.getByRole("searchbox", {
		name: "Search tools by name",
	});
	const isSearchBoxFocused = () =>
		page.evaluate(
			() => document.activeElement?.matches('input[type="search"]') ?? false,
		);
	for (let press = 0; press < 30 && !(await isSearchBoxFocused()); press++)
		await page.keyboard.press("Tab");
	await expect(searchBox).toBeFocused();
	await expect(searchBox).toBeInViewport();
});

test("a search address shows its results at once, and clearing the search keeps the box and its focus", async ({
	page,
}) => {
	await page.setViewportSize({ width: 375, height: 812 });
	await page.goto("/?q=drill");
	const searchBox = page.getByRole("searchbox", {
		name: "Search tools by name",
	});
	await expect(searchBox).toHaveValue("drill");
	await expect(
		page
			.getByRole("region", { name: "Search results" })
			.getByRole("article")
			.first(),
	).toBeVisible();

	await searchBox.fill("");
	await expect(page).not.toHaveURL(/q=/);
	await expect(searchBox).toBeFocused();
	await expect(
		page.getByRole("region", { name: "Latest Tools" }).getByRole("article"),
	).toHaveCount(6);
});

test("a tool card shows the image, name, description, price, part number, stock, minimum, supplier and a Buy Now link", async ({
	page,
	request,
}) => {
	const response = await request.get("/api/tools?page=1&page_size=6");
	expect(response.ok()).toBe(true);
	const newest = ToolPageSchema.parse(await response.json()).items[0];
	if (!newest) throw new Error("The demo catalog has no tools");

	await openHomeSections(page);
	const cards = page
		.getByRole("region", { name: "Latest Tools" })
		.getByRole("article");
	await expect(cards).toHaveCount(6);
	await expect(cards.first()).toHaveAccessibleName(newest.tool_name);
	const card = page.getByRole("article", {
		name: newest.tool_name,
		exact: true,
	});

	const image = card.getByRole("img", { name: newest.tool_name, exact: true });
	await expect(image).toBeVisible();
	await expect
		.poll(() =>
			image.evaluate((img: HTMLImageElement) =>
				img.complete ? img.naturalWidth : 0,
			),
		)
		.toBeGreaterThan(0);

	await expect(
		card.getByRole("heading", { name: newest.tool_name, exact: true }),
	).toBeVisible();
	await expect(
		card.getByText(newest.description, { exact: true }),
	).toBeVisible();

	const terms = card.getByRole("term");
	const definitions = card.getByRole("definition");
	// The newest tool may be another journey's, with volume prices or packs of its own.
	const cheapest = newest.price_breaks.at(-1);
	type Row = [term: string, definition: string | RegExp];
	const rows: Row[] = [
		["Price", /^\$\d{1,3}(,\d{3})*\.\d{2}$/],
		...(cheapest
			? [["Volume price", new RegExp(`from ${cheapest.min_quantity}$`)] as Row]
			: []),
		["Part number", newest.sku],
		["Available", `${newest.available_quantity} pieces`],
		["Minimum order", `${newest.minimum_quantity} pieces`],
		...(newest.pack_size > 1
			? [["Pack size", `${newest.pack_size} pieces`] as Row]
			: []),
		["Supplier", newest.supplier_name],
	];
	await expect(terms).toHaveText(rows.map(([term]) => term));
	await expect(definitions).toHaveText(
		rows.map(([, definition]) => definition),
	);
	const dollars = (newest.price_cents / 100).toLocaleString("en-US", {
		minimumFractionDigits: 2,
	});
	await expect(definitions.first()).toHaveText(`$${dollars}`);
	for (const definition of await definitions.all())
		await expect(definition).toBeVisible();

	const buyNow = card.getByRole("link", { name: /Buy Now/ });
	await expect(buyNow).toBeVisible();
	await expect(buyNow).toHaveAttribute("href", `/tool-purchase/${newest.id}`);
	expect(newest.id).toMatch(UUID);
});

test("the tool grid has 3 columns on a large screen", async ({ page }) => {
	await page.setViewportSize({ width: 1280, height: 900 });
	await openHomeSections(page);
	const cards = page
		.getByRole("region", { name: "Latest Tools" })
		.getByRole("article");
	await expect(cards).toHaveCount(6);

	const boxes = await Promise.all(
		[0, 1, 2, 3].map((index) => cards.nth(index).boundingBox()),
	);
	const [first, second, third, fourth] = boxes.map((box) => {
		if (!box) throw new Error("A tool card is not rendered");
		return box;
	});
	if (!first || !second || !third || !fourth)
		throw new Error("Fewer than 4 tool cards");
	expect(second.y).toBeCloseTo(first.y, 0);
	expect(third.y).toBeCloseTo(first.y, 0);
	expect(second.x).toBeGreaterThan(first.x + first.width - 1);
	expect(third.x).toBeGreaterThan(second.x + second.width - 1);
	// The fourth card starts the second row.
	expect(fourth.x).toBeCloseTo(first.x, 0);
	expect(fourth.y).toBeGreaterThan(first.y + first.height - 1);
});

test("the business summary shows the figures and the date range up to today", async ({
	page,
}) => {
	const before = summaryDate(new Date());
	await openHomeSections(page);
	const summary = page.getByRole("region", {
		name: "Trusted by workshops across the country",
	});
	// The receiving points are the shop's own list now: the figure is their count.
	const points = await page.request.get("/api/receiving-points/count");
	const { total } = (await points.json()) as { total: number };
	expect(total).toBeGreaterThan(100);
	for (const [label, value] of [
		["Total customers", "2K"],
		["Earned Reviews", "1.5K+"],
		["Receiving point", String(total)],
	] as const) {
		await expect(summary.getByText(label, { exact: true })).toBeVisible();
		await expect(summary.getByText(value, { exact: true })).toBeVisible();
	}
	const after = summaryDate(new Date());
	await expect(
		summary.getByText(
			new RegExp(`^From Jan 1st 2021 to (${before}|${after})$`),
		),
		`the range should end today, ${after}`,
	).toBeVisible();
});

test("the home page shows 3 reviews and 'All Reviews' opens the review list", async ({
	page,
}) => {
	await openHomeSections(page);
	const reviews = page.getByRole("region", { name: "What our customers say" });
	await expect(reviews.getByRole("article")).toHaveCount(3);
	for (const card of await reviews.getByRole("article").all()) {
		await expect(
			card.getByRole("img", { name: /^Rated [1-5] out of 5$/ }),
		).toBeVisible();
	}

	await reviews.getByRole("link", { name: "All Reviews" }).click();
	await expect(page).toHaveURL("/all-reviews");
	await expect(
		page.getByRole("heading", { level: 1, name: "Customer Review" }),
	).toBeVisible();
});

test("the Favorite Questions section lists the 5 questions", async ({
	page,
}) => {
	await openHomeSections(page);
	const section = page.getByRole("region", { name: "Favorite Questions" });
	await expect(section.getByRole("group")).toHaveCount(5);
	await expect(section.locator("summary")).toHaveText([
		/prototypal inheritance/i,
		/manage state/i,
		/performance/i,
		/set React state directly/i,
		/search an array of products by name/i,
	]);
});
