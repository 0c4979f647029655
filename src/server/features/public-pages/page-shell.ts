import fs from "node:fs/promises";
import path from "node:path";
import { escapeHtml } from "../../platform/mail/mail-html.ts";
import { siteFrame } from "./site-frame.ts";

/** What one server-rendered page puts into the web app's index.html. */
export type PageParts = {
	/** The whole <title> text. */
	title: string;
	description: string;
	/** More <head> elements (canonical, Open Graph, JSON-LD), already escaped. */
	head: string;
	/** The page's main content, already escaped: it goes inside <main>. */
	main: string;
	/** The navigation link of the page's section ("/blog"), highlighted. */
	activeLink?: string;
};

const ROOT = '<div id="root"></div>';
const TITLE = /<title>[^<]*<\/title>/;
const DESCRIPTION = /<meta\s+name="description"[^>]*>/;

/** Used when there is no web build (API-only runs, tests): the same parts, without the app. */
const PLAIN_SHELL = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title></title>
  </head>
  <body>
    ${ROOT}
  </body>
</html>
`;

/** The template's markers are all there: a title, a description to replace and an empty root. */
function isUsable(template: string): boolean {
	return (
		template.includes(ROOT) &&
		TITLE.test(template) &&
		template.includes("</head>")
	);
}

/** Fills a template; `$` in the parts is text, never a replacement pattern. */
export function fillShell(template: string, parts: PageParts): string {
	const shell = isUsable(template) ? template : PLAIN_SHELL;
	const meta = `<meta name="description" content="${escapeHtml(parts.description)}" />`;
	const withoutDescription = shell.replace(DESCRIPTION, "");
	return withoutDescription
		.replace(TITLE, () => `<title>${escapeHtml(parts.title)}</title>`)
		.replace("</head>", () => `${meta}${parts.head}</head>`)
		.replace(
			ROOT,
			() => `<div id="root">${siteFrame(parts.main, parts.activeLink)}</div>`,
		);
}

/**
 * The web app's built index.html, read again only when the file changes (a new build), so every
 * page links the current scripts and style sheet. Without a web build, a plain shell.
 */
export function createPageShell(webRoot: string | undefined) {
	const file = webRoot ? path.join(webRoot, "index.html") : undefined;
	let cached: { mtimeMs: number; template: string } | undefined;

	async function readTemplate(): Promise<string> {
		if (!file) return PLAIN_SHELL;
		try {
			const { mtimeMs } = await fs.stat(file);
			if (cached?.mtimeMs !== mtimeMs)
				cached = { mtimeMs, template: await fs.readFile(file, "utf8") };
			return cached.template;
		} catch {
			return PLAIN_SHELL;
		}
	}

	return {
		render: async (parts: PageParts) => fillShell(await readTemplate(), parts),
	};
}

export type PageShell = ReturnType<typeof createPageShell>;
