import Markdown, { type Components, defaultUrlTransform } from "react-markdown";

/** Element styles: the app's CSS resets the browser's own headings, lists and quotes. */
const components: Components = {
	h1: ({ node: _node, ...props }) => (
		<h2 className="mt-8 mb-3 text-2xl font-bold" {...props} />
	),
	h2: ({ node: _node, ...props }) => (
		<h2 className="mt-6 mb-2 text-xl font-semibold" {...props} />
	),
	h3: ({ node: _node, ...props }) => (
		<h3 className="mt-4 mb-2 text-lg font-semibold" {...props} />
	),
	p: ({ node: _node, ...props }) => (
		<p className="mb-4 leading-relaxed" {...props} />
	),
	ul: ({ node: _node, ...props }) => (
		<ul className="mb-4 list-disc pl-6" {...props} />
	),
	ol: ({ node: _node, ...props }) => (
		<ol className="mb-4 list-decimal pl-6" {...props} />
	),
	a: ({ node: _node, ...props }) => (
		<a
			className="link link-primary"
			rel="noopener noreferrer nofollow"
			{...props}
		/>
	),
	blockquote: ({ node: _node, ...props }) => (
		<blockquote
			className="mb-4 border-l-4 border-base-300 pl-4 italic"
			{...props}
		/>
	),
	code: ({ node: _node, ...props }) => (
		<code className="rounded bg-base-200 px-1" {...props} />
	),
	img: ({ node: _node, alt, ...props }) => (
		<img
			className="my-4 max-w-full rounded-box"
			alt={alt ?? ""}
			loading="lazy"
			{...props}
		/>
	),
};

/**
 * A blog post's Markdown, rendered as React elements: raw HTML in it is dropped, never parsed,
 * and unsafe links are removed. The post page and the editor's live preview both use this.
 */
export function MarkdownText({ text }: { text: string }) {
	return (
		<Markdown
			skipHtml
			// Keeps http(s), mailto and relative addresses; drops javascript:, data:, vbscript:…
			urlTransform={defaultUrlTransform}
			components={components}
		>
			{text}
		</Markdown>
	);
}
