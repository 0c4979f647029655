/**
 * The classes web/features/blog/components/markdown.tsx gives each element: the app's CSS resets
 * the browser's own headings, lists and quotes. `h1` is drawn as an h2 there too (the post's
 * title is the page's one h1).
 */
const ELEMENTS: Record<string, { tag: string; className: string }> = {
	h1: { tag: "h2", className: "mt-8 mb-3 text-2xl font-bold" },
	h2: { tag: "h2", className: "mt-6 mb-2 text-xl font-semibold" },
	h3: { tag: "h3", className: "mt-4 mb-2 text-lg font-semibold" },
	p: { tag: "p", className: "mb-4 leading-relaxed" },
	ul: { tag: "ul", className: "mb-4 list-disc pl-6" },
	ol: { tag: "ol", className: "mb-4 list-decimal pl-6" },
	blockquote: {
		tag: "blockquote",
		className: "mb-4 border-l-4 border-base-300 pl-4 italic",
	},
	code: { tag: "code", className: "rounded bg-base-200 px-1" },
};

/** Loaded on the first post page, not at start-up: most requests never render Markdown. */
let renderer:
	| Promise<{
			react: typeof import("react");
			server: typeof import("react-dom/server");
			markdown: typeof import("react-markdown");
	  }>
	| undefined;

function loadRenderer() {
	renderer ??= Promise.all([
		import("react"),
		import("react-dom/server"),
		import("react-markdown"),
	]).then(([react, server, markdown]) => ({ react, server, markdown }));
	return renderer;
}

type ElementProps = Record<string, unknown> & { node?: unknown };

/**
 * A post's Markdown as HTML, by the same library and settings as the web app's MarkdownText
 * (react-markdown, rendered to a string here): raw HTML in it is dropped, never parsed, unsafe
 * link schemes removed, and all text escaped, so the page and the app draw the same elements.
 */
export async function markdownToHtml(text: string): Promise<string> {
	const { react, server, markdown } = await loadRenderer();
	const { createElement } = react;
	const components = Object.fromEntries([
		...Object.entries(ELEMENTS).map(([name, { tag, className }]) => [
			name,
			({ node: _node, ...props }: ElementProps) =>
				createElement(tag, { className, ...props }),
		]),
		[
			"a",
			({ node: _node, ...props }: ElementProps) =>
				createElement("a", {
					className: "link link-primary",
					rel: "noopener noreferrer nofollow",
					...props,
				}),
		],
		[
			"img",
			({ node: _node, alt, ...props }: ElementProps) =>
				createElement("img", {
					className: "my-4 max-w-full rounded-box",
					alt: typeof alt === "string" ? alt : "",
					loading: "lazy",
					...props,
				}),
		],
	]);
	return server.renderToStaticMarkup(
		createElement(
			markdown.default,
			{
				skipHtml: true,
				urlTransform: markdown.defaultUrlTransform,
				components,
			},
			text,
		),
	);
}
