/** Text made safe to put in HTML, inside elements and attributes alike. */
export function escapeHtml(text: string): string {
	return text
		.replaceAll("&", "&amp;")
		.replaceAll("<", "&lt;")
		.replaceAll(">", "&gt;")
		.replaceAll('"', "&quot;")
		.replaceAll("'", "&#39;");
}

/** The start of every mail's HTML version: one look for every mail the shop sends. */
export const MAIL_HTML_START =
	'<!doctype html><html><body style="font-family:sans-serif;color:#1f2937;line-height:1.5">';
export const MAIL_HTML_END = "</body></html>";

const ADDRESS = /https?:\/\/[^\s<>"]+/g;

/**
 * The HTML version of a plain-text mail: each paragraph a `<p>`, its line breaks kept, and each
 * web address a link to itself (the text is escaped first, so nothing in it becomes markup).
 */
export function htmlFromText(text: string): string {
	const paragraphs = text.split(/\n{2,}/).map(
		(paragraph) =>
			`<p>${escapeHtml(paragraph)
				.replace(ADDRESS, (address) => `<a href="${address}">${address}</a>`)
				.replaceAll("\n", "<br>")}</p>`,
	);
	return `${MAIL_HTML_START}${paragraphs.join("")}${MAIL_HTML_END}`;
}
