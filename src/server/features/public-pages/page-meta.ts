import { escapeHtml } from "../../platform/mail/mail-html.ts";

/** What search engines and link previews read of a page, besides its title and description. */
export type PageMeta = {
	title: string;
	description: string;
	/** The page's absolute address. */
	canonicalUrl: string;
	/** Open Graph's kind of page: "product", "article". */
	ogType: string;
	/** Absolute address of the picture a link preview shows, if the page has one. */
	imageUrl?: string;
	imageAlt?: string;
	/** schema.org data of the page (Product, BlogPosting). */
	structuredData?: object;
};

/** The shop's name in titles, as the web app writes them (lib/page-title.ts). */
export const SHOP_NAME = "Tools Gallery";

/** "Cordless Drill · Tools Gallery": the web app's form (formatPageTitle), so nothing changes on take-over. */
export function pageTitle(title: string): string {
	return `${title} · ${SHOP_NAME}`;
}

/** About the length search engines show: longer text is cut at a word and ends with "…". */
export const DESCRIPTION_MAX_LENGTH = 155;

/** Text on one line, cut to DESCRIPTION_MAX_LENGTH at the last whole word. */
export function metaDescription(text: string): string {
	const line = text.replace(/\s+/g, " ").trim();
	if (line.length <= DESCRIPTION_MAX_LENGTH) return line;
	const cut = line.slice(0, DESCRIPTION_MAX_LENGTH - 1);
	const lastSpace = cut.lastIndexOf(" ");
	return `${(lastSpace > 60 ? cut.slice(0, lastSpace) : cut).replace(/[\s.,;:!?-]+$/, "")}…`;
}

/**
 * An address on the shop (`/images/x.webp`) as an absolute URL under PUBLIC_URL, joined as the
 * mails' links are (PUBLIC_URL has no trailing slash); an address that is absolute already stays.
 */
export function absoluteUrl(publicUrl: string, pathOrUrl: string): string {
	return /^https?:\/\//.test(pathOrUrl)
		? pathOrUrl
		: `${publicUrl}${pathOrUrl}`;
}

/**
 * JSON for a <script type="application/ld+json"> block: `<` (and `>`, `&`) as \u escapes, so no
 * text in it (a tool named `</script>…`) can close the block, and the line separators that some
 * parsers refuse inside strings.
 */
export function jsonForScript(data: unknown): string {
	return JSON.stringify(data)
		.replaceAll("<", "\\u003c")
		.replaceAll(">", "\\u003e")
		.replaceAll("&", "\\u0026")
		.replaceAll("\u2028", "\\u2028")
		.replaceAll("\u2029", "\\u2029");
}

function metaTag(attribute: "name" | "property", key: string, value: string) {
	return `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;
}

/** The <head> elements of a page: canonical link, Open Graph and Twitter card, JSON-LD. */
export function headElements(meta: PageMeta): string {
	const tags = [
		`<link rel="canonical" href="${escapeHtml(meta.canonicalUrl)}" />`,
		metaTag("property", "og:site_name", SHOP_NAME),
		metaTag("property", "og:type", meta.ogType),
		metaTag("property", "og:title", meta.title),
		metaTag("property", "og:description", meta.description),
		metaTag("property", "og:url", meta.canonicalUrl),
	];
	if (meta.imageUrl) {
		tags.push(metaTag("property", "og:image", meta.imageUrl));
		if (meta.imageAlt)
			tags.push(metaTag("property", "og:image:alt", meta.imageAlt));
		tags.push(metaTag("name", "twitter:card", "summary_large_image"));
	}
	if (meta.structuredData)
		tags.push(
			`<script type="application/ld+json">${jsonForScript(meta.structuredData)}</script>`,
		);
	return tags.join("");
}

/** A page no search engine should keep: a gone tool, an unknown address. */
export const NOINDEX = '<meta name="robots" content="noindex" />';
