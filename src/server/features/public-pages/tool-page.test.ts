import { expect, test } from "vitest";
import * as z from "zod";
import { toolSlug } from "../../../shared/tools.schemas.ts";
import {
	createPublicPagesApp,
	deleteTestTool,
	metaContent,
	parseHtml,
	structuredDataOf,
} from "../../test-support/public-pages.ts";
import { insertTestTool } from "../../test-support/test-app.ts";

/** The properties search engines need of a schema.org Product with its offer. */
const OfferSchema = z
	.object({
		"@type": z.enum(["Offer", "AggregateOffer"]),
		price: z.optional(z.string().regex(/^\d+\.\d{2}$/)),
		lowPrice: z.optional(z.string().regex(/^\d+\.\d{2}$/)),
		priceCurrency: z.string().regex(/^[A-Z]{3}$/),
		availability: z.enum([
			"https://schema.org/InStock",
			"https://schema.org/OutOfStock",
		]),
		url: z.url(),
	})
	.refine((offer) => offer.price ?? offer.lowPrice, "price or lowPrice");
const ProductSchema = z.object({
	"@context": z.literal("https://schema.org"),
	"@type": z.literal("Product"),
	name: z.string().min(1),
	description: z.string().min(1),
	sku: z.string().min(1),
	image: z.array(z.url()).min(1),
	brand: z.object({ "@type": z.literal("Brand"), name: z.string().min(1) }),
	offers: OfferSchema,
});

const DRILL = {
	tool_name: "Cordless Drill 18V",
	description: `A brushless drill with two batteries, a charger and a case. ${"It drills wood, metal and masonry all day long. ".repeat(4)}`,
	sku: "DR18V-2",
	price_cents: 2500,
	minimum_quantity: 10,
	available_quantity: 500,
	pack_size: 5,
	price_breaks: [
		{ min_quantity: 50, price_cents: 2250 },
		{ min_quantity: 200, price_cents: 1990 },
	],
};

test("a tool's page is HTML a visitor reads without JavaScript: title, canonical, Open Graph, the product and its price table", async () => {
	const { app, db } = await createPublicPagesApp();
	await insertTestTool(db, DRILL);
	const slug = toolSlug(DRILL.tool_name, DRILL.sku);

	const answer = await app.inject({ url: `/tools/${slug}` });

	expect(answer.statusCode).toBe(200);
	expect(answer.headers["content-type"]).toBe("text/html; charset=utf-8");
	expect(answer.headers["cache-control"]).toBe("no-cache");
	const page = parseHtml(answer.body);
	expect(page.title).toBe("Cordless Drill 18V · Tools Gallery");
	const url = `http://localhost:3000/tools/${slug}`;
	expect(
		page.querySelector('link[rel="canonical"]')?.getAttribute("href"),
	).toBe(url);
	const description = metaContent(page, "description") ?? "";
	expect(description.startsWith("A brushless drill with two batteries")).toBe(
		true,
	);
	expect(description.length).toBeLessThanOrEqual(155);
	expect(description.endsWith("…")).toBe(true);
	expect(page.querySelectorAll('meta[name="description"]')).toHaveLength(1);
	expect(metaContent(page, "og:type")).toBe("product");
	expect(metaContent(page, "og:title")).toBe("Cordless Drill 18V");
	expect(metaContent(page, "og:url")).toBe(url);
	expect(metaContent(page, "og:image")).toBe(
		"http://localhost:3000/images/test-tool.webp",
	);
	// Inside the web app's own index.html, which still loads the app.
	expect(page.querySelector('script[type="module"]')?.getAttribute("src")).toBe(
		"/assets/index-test.js",
	);
	const root = page.querySelector("#root");
	expect(root?.querySelector("h1")?.textContent).toBe("Cordless Drill 18V");
	const photo = root?.querySelector("img");
	expect(photo?.getAttribute("srcset")).toBe(
		"/images/test-tool.webp 800w, /images/test-tool.webp 1600w",
	);
	expect([photo?.getAttribute("width"), photo?.getAttribute("height")]).toEqual(
		["1600", "1200"],
	);
	const figures = [...(root?.querySelectorAll("dt") ?? [])].map((term) => [
		term.textContent,
		term.nextElementSibling?.textContent,
	]);
	expect(figures).toEqual([
		["Part number", "DR18V-2"],
		["Price", "$25.00"],
		["Available", "500 pieces"],
		["Minimum order", "10 pieces"],
		["Pack size", "5 pieces"],
		["Supplier", "Test Supplier"],
	]);
	const rows = [...(root?.querySelectorAll("tbody tr") ?? [])].map((row) =>
		[...row.querySelectorAll("td")].map((cell) => cell.textContent),
	);
	expect(rows).toEqual([
		["10+ pieces", "$25.00"],
		["50+ pieces", "$22.50"],
		["200+ pieces", "$19.90"],
	]);
	expect(root?.querySelector('a[href^="/tool-purchase/"]')?.textContent).toBe(
		"Buy Now",
	);
});

test("a tool's page carries schema.org Product data that validates: sku, image, offer with price, currency and availability", async () => {
	const { app, db } = await createPublicPagesApp();
	await insertTestTool(db, DRILL);
	const outOfStock = await insertTestTool(db, {
		tool_name: "Bench Vise",
		available_quantity: 3,
		minimum_quantity: 10,
	});

	const drillPage = parseHtml(
		(
			await app.inject({
				url: `/tools/${toolSlug(DRILL.tool_name, DRILL.sku)}`,
			})
		).body,
	);
	const [product, ...others] = structuredDataOf(drillPage);
	expect(others).toEqual([]);
	const parsed = ProductSchema.parse(product);
	expect(parsed).toMatchObject({
		name: "Cordless Drill 18V",
		sku: "DR18V-2",
		image: ["http://localhost:3000/images/test-tool.webp", expect.any(String)],
		brand: { name: "Test Supplier" },
		offers: {
			"@type": "Offer",
			price: "25.00",
			priceCurrency: "USD",
			availability: "https://schema.org/InStock",
			url: `http://localhost:3000/tools/${toolSlug(DRILL.tool_name, DRILL.sku)}`,
		},
	});
	expect(
		(product as { offers: { priceSpecification: unknown[] } }).offers
			.priceSpecification,
	).toHaveLength(3);

	const vise = parseHtml(
		(
			await app.inject({
				url: `/tools/${toolSlug(outOfStock.tool_name, outOfStock.sku)}`,
			})
		).body,
	);
	expect(
		ProductSchema.parse(structuredDataOf(vise)[0]).offers.availability,
	).toBe("https://schema.org/OutOfStock");
	expect(vise.querySelector("#root dd .badge")?.textContent).toBe("Stock Out");
});

test("a tool named like markup renders inert: escaped in the HTML, \\u003c in the JSON-LD, no script of its own", async () => {
	const { app, db } = await createPublicPagesApp();
	const name = "</script><script>alert(1)</script>";
	const tool = await insertTestTool(db, {
		tool_name: name,
		description: `Says "hi" & <img src=x onerror=alert(2)>`,
		supplier_name: "<b>Bold</b> & Co",
	});

	const answer = await app.inject({
		url: `/tools/${toolSlug(name, tool.sku)}`,
	});

	expect(answer.statusCode).toBe(200);
	expect(answer.body).not.toContain("<script>alert(1)");
	expect(answer.body).not.toContain("<img src=x");
	expect(answer.body).not.toContain("<b>Bold</b>");
	expect(answer.body).toContain("\\u003c/script\\u003e");
	const page = parseHtml(answer.body);
	const scripts = [...page.querySelectorAll("script")].map((script) =>
		script.getAttribute("type"),
	);
	expect(scripts).toEqual(["module", "application/ld+json"]);
	expect(page.querySelector("h1")?.textContent).toBe(name);
	expect(page.querySelectorAll("#root img")).toHaveLength(1);
	expect(page.title).toBe(`${name} · Tools Gallery`);
	expect(metaContent(page, "og:title")).toBe(name);
	expect(ProductSchema.parse(structuredDataOf(page)[0]).name).toBe(name);
});

test("a deleted tool's page is 410 Gone, a real page naming it, kept out of search engines, with the way home; its JSON is 410 too", async () => {
	const { app, db } = await createPublicPagesApp();
	const tool = await insertTestTool(db, { tool_name: "Old Saw" });
	const slug = toolSlug(tool.tool_name, tool.sku);
	await deleteTestTool(db, tool.id);

	const answer = await app.inject({ url: `/tools/${slug}` });

	expect(answer.statusCode).toBe(410);
	expect(answer.headers["content-type"]).toBe("text/html; charset=utf-8");
	const page = parseHtml(answer.body);
	expect(page.querySelector("h1")?.textContent).toBe(
		"Old Saw is no longer sold",
	);
	expect(metaContent(page, "robots")).toBe("noindex");
	expect(page.querySelector('#root a[href="/"]')?.textContent).toBe(
		"Back to the homepage",
	);
	expect(structuredDataOf(page)).toEqual([]);

	const json = await app.inject({ url: `/api/tools/by-slug/${slug}` });
	expect(json.statusCode).toBe(410);
	expect(json.json()).toEqual({
		error: { code: "GONE", message: "Old Saw is no longer sold" },
	});
});

test("an address no tool ever had is the not-found page, 404, not indexed; its JSON is 404", async () => {
	const { app } = await createPublicPagesApp();

	const answer = await app.inject({ url: "/tools/no-such-tool-tg-999999" });

	expect(answer.statusCode).toBe(404);
	const page = parseHtml(answer.body);
	expect(page.querySelector("h1")?.textContent).toBe(
		"Sorry, we couldn't find this page.",
	);
	expect(page.title).toBe("Page not found · Tools Gallery");
	expect(metaContent(page, "robots")).toBe("noindex");
	const json = await app.inject({ url: "/api/tools/by-slug/no-such-tool" });
	expect(json.statusCode).toBe(404);
	expect(json.json().error.code).toBe("NOT_FOUND");
	const notASlug = await app.inject({
		url: "/api/tools/by-slug/Not%20A%20Slug",
	});
	expect(notASlug.statusCode).toBe(400);
});

test("the JSON of a tool's address is the tool, as GET /api/tools/{id} answers it", async () => {
	const { app, db } = await createPublicPagesApp();
	const tool = await insertTestTool(db, DRILL);

	const bySlug = await app.inject({
		url: `/api/tools/by-slug/${toolSlug(DRILL.tool_name, DRILL.sku)}`,
	});

	expect(bySlug.statusCode).toBe(200);
	expect(bySlug.headers["cache-control"]).toBe("no-store");
	expect(bySlug.json()).toEqual(
		(await app.inject({ url: `/api/tools/${tool.id}` })).json(),
	);
});

test("a page that did not change answers 304 to its ETag", async () => {
	const { app, db } = await createPublicPagesApp();
	await insertTestTool(db, DRILL);
	const url = `/tools/${toolSlug(DRILL.tool_name, DRILL.sku)}`;
	const first = await app.inject({ url });
	const etag = String(first.headers.etag);

	const again = await app.inject({ url, headers: { "if-none-match": etag } });

	expect(again.statusCode).toBe(304);
	expect(again.body).toBe("");
});
