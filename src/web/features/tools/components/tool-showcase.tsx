import type { ReactNode } from "react";
import { Link } from "react-router";
import type { Tool } from "../../../../shared/tools.schemas.ts";

/**
 * A tool shown on a page of its own: its large photo beside its name and description, and what
 * the page adds under them (`children`: its figures, prices and actions). The public page and
 * the purchase page share it, and the server renders the same markup for the public page.
 */
export function ToolShowcase({
	tool,
	children,
}: {
	tool: Tool;
	children: ReactNode;
}) {
	return (
		<article
			className="mx-auto grid max-w-5xl gap-8 px-4 py-10 md:grid-cols-2"
			aria-labelledby="tool-title"
		>
			<figure className="aspect-[4/3] overflow-hidden rounded-box bg-base-200">
				<img
					src={tool.img_large}
					srcSet={`${tool.img} 800w, ${tool.img_large} 1600w`}
					sizes="(min-width: 1024px) 30rem, (min-width: 768px) 50vw, 100vw"
					alt={tool.tool_name}
					width={1600}
					height={1200}
					className="h-full w-full object-cover"
					fetchPriority="high"
				/>
			</figure>
			<div className="flex flex-col gap-4">
				<Link to="/" className="link link-primary text-sm">
					← All tools
				</Link>
				<h1 id="tool-title" className="text-3xl font-bold">
					{tool.tool_name}
				</h1>
				<p className="text-base-content/80">{tool.description}</p>
				{children}
			</div>
		</article>
	);
}
