import { formatCents, groupThousands } from "../../../shared/money.ts";
import { toolPagePath } from "../../../shared/public-pages.schemas.ts";
import { isStockOut, priceTable } from "../../../shared/purchase-rule.ts";
import type { ShopCurrency } from "../../../shared/shop-settings.schemas.ts";
import { centsToDollars, type Tool } from "../../../shared/tools.schemas.ts";
import { escapeHtml } from "../../platform/mail/mail-html.ts";
import {
	absoluteUrl,
	headElements,
	metaDescription,
	NOINDEX,
	type PageMeta,
	pageTitle,
} from "./page-meta.ts";
import type { PageParts } from "./page-shell.ts";

/** "1 piece", "1,200 pieces". */
const pieces = (count: number) =>
	`${groupThousands(count)} ${count === 1 ? "piece" : "pieces"}`;

/** The volume prices as web/features/tools/components/price-table.tsx draws them. */
function priceTableHtml(tool: Tool): string {
	if (tool.price_breaks.length === 0) return "";
	const rows = priceTable(tool)
		.map(
			(row) =>
				`<tr><td>${groupThousands(row.min_quantity)}+ pieces</td><td class="text-right">${formatCents(row.price_cents)}</td></tr>`,
		)
		.join("");
	return `<div class="space-y-1"><table class="table table-sm w-auto"><caption class="text-left font-semibold">Volume prices</caption><thead><tr class="text-base-content"><th scope="col">Quantity</th><th scope="col" class="text-right">Price each</th></tr></thead><tbody>${rows}</tbody></table></div>`;
}

/** The tool's figures as the web app's tool page (pages/tool-page.tsx) lists them. */
function figuresHtml(tool: Tool): string {
	const stock = isStockOut(tool)
		? '<span class="badge badge-warning">Stock Out</span>'
		: pieces(tool.available_quantity);
	const rows: [string, string, string][] = [
		[
			"Part number",
			"break-all text-right font-mono text-sm",
			escapeHtml(tool.sku),
		],
		[
			"Price",
			"text-right text-xl font-bold text-primary",
			formatCents(tool.price_cents),
		],
		["Available", "text-right font-medium", stock],
		["Minimum order", "text-right font-medium", pieces(tool.minimum_quantity)],
		["Pack size", "text-right font-medium", pieces(tool.pack_size)],
		["Supplier", "text-right font-medium", escapeHtml(tool.supplier_name)],
	];
	return `<dl class="grid grid-cols-2 gap-x-4 gap-y-2">${rows
		.map(
			([term, classes, value]) =>
				`<dt class="text-base-content/70">${term}</dt><dd class="${classes}">${value}</dd>`,
		)
		.join("")}</dl>`;
}

/** The article of pages/tool-page.tsx, with 'Buy Now' as a plain link (no cart without the app). */
function productHtml(tool: Tool): string {
	const name = escapeHtml(tool.tool_name);
	const img = escapeHtml(tool.img);
	const imgLarge = escapeHtml(tool.img_large);
	return `<article class="mx-auto grid max-w-5xl gap-8 px-4 py-10 md:grid-cols-2" aria-labelledby="tool-title"><figure class="aspect-[4/3] overflow-hidden rounded-box bg-base-200"><img src="${imgLarge}" srcset="${img} 800w, ${imgLarge} 1600w" sizes="(min-width: 1024px) 30rem, (min-width: 768px) 50vw, 100vw" alt="${name}" width="1600" height="1200" class="h-full w-full object-cover" fetchpriority="high" /></figure><div class="flex flex-col gap-4"><a href="/" class="link link-primary text-sm">← All tools</a><h1 id="tool-title" class="text-3xl font-bold">${name}</h1><p class="text-base-content/80">${escapeHtml(tool.description)}</p>${figuresHtml(tool)}${priceTableHtml(tool)}<div class="flex flex-wrap gap-2"><a href="/tool-purchase/${escapeHtml(tool.id)}" class="btn btn-primary" aria-label="Buy Now: ${name}">Buy Now</a></div></div></article>`;
}

/**
 * schema.org Product data: the offer at the price of the smallest order, in the shop's currency,
 * with one price specification per row of the price table when there are volume prices.
 */
export function productStructuredData(
	tool: Tool,
	{
		url,
		currency,
		publicUrl,
	}: { url: string; currency: ShopCurrency; publicUrl: string },
) {
	const table = priceTable(tool);
	const offer = {
		"@type": "Offer",
		url,
		price: centsToDollars(tool.price_cents),
		priceCurrency: currency,
		availability: isStockOut(tool)
			? "https://schema.org/OutOfStock"
			: "https://schema.org/InStock",
		eligibleQuantity: {
			"@type": "QuantitativeValue",
			minValue: table[0]?.min_quantity ?? tool.minimum_quantity,
			unitCode: "C62",
		},
		seller: { "@type": "Organization", name: tool.supplier_name },
		...(tool.price_breaks.length > 0 && {
			priceSpecification: table.map((row) => ({
				"@type": "UnitPriceSpecification",
				price: centsToDollars(row.price_cents),
				priceCurrency: currency,
				eligibleQuantity: {
					"@type": "QuantitativeValue",
					minValue: row.min_quantity,
					unitCode: "C62",
				},
			})),
		}),
	};
	return {
		"@context": "https://schema.org",
		"@type": "Product",
		name: tool.tool_name,
		description: tool.description,
		sku: tool.sku,
		image: [
			absoluteUrl(publicUrl, tool.img_large),
			absoluteUrl(publicUrl, tool.img),
		],
		brand: { "@type": "Brand", name: tool.supplier_name },
		manufacturer: { "@type": "Organization", name: tool.supplier_name },
		offers: offer,
	};
}

/** /tools/{slug} of a listed tool: the product, its head for search engines and link previews. */
export function productPage(
	tool: Tool,
	{ publicUrl, currency }: { publicUrl: string; currency: ShopCurrency },
): PageParts {
	const url = absoluteUrl(publicUrl, toolPagePath(tool.slug));
	const description = metaDescription(tool.description);
	const meta: PageMeta = {
		title: tool.tool_name,
		description,
		canonicalUrl: url,
		ogType: "product",
		imageUrl: absoluteUrl(publicUrl, tool.img_large),
		imageAlt: tool.tool_name,
		structuredData: productStructuredData(tool, { url, currency, publicUrl }),
	};
	return {
		title: pageTitle(tool.tool_name),
		description,
		head: headElements(meta),
		main: productHtml(tool),
	};
}

/** The 404 and 410 pages: pages/not-found-page.tsx's look, kept out of search engines. */
function missingPage(
	code: string,
	{ title, heading, text }: { title: string; heading: string; text: string },
): PageParts {
	return {
		title: pageTitle(title),
		description: heading,
		head: NOINDEX,
		main: `<div class="mx-auto flex max-w-xl flex-col items-center gap-6 px-4 py-24 text-center"><p class="text-7xl font-black text-primary">${code}</p><h1 class="text-2xl font-bold">${escapeHtml(heading)}</h1>${text ? `<p>${escapeHtml(text)}</p>` : ""}<a href="/" class="btn btn-primary">Back to the homepage</a></div>`,
	};
}

/** A deleted tool's address: what it was, that it is gone for good, the way home. */
export function goneToolPage(toolName: string): PageParts {
	const heading = `${toolName} is no longer sold`;
	return missingPage("410", {
		title: heading,
		heading,
		text: "This tool has left our catalog for good. Our other tools are on the homepage.",
	});
}

/** An address no page has: the web app's not-found page. */
export function notFoundPage(): PageParts {
	return missingPage("404", {
		title: "Page not found",
		heading: "Sorry, we couldn't find this page.",
		text: "",
	});
}
