/**
 * Renders stored plain text: paragraphs separated by blank lines; a paragraph starting with
 * "## " is a subheading. Text is never parsed as HTML.
 */
export function RichText({
	text,
	headingLevel = 2,
}: {
	text: string;
	headingLevel?: 2 | 3 | 4;
}) {
	const Heading = `h${headingLevel}` as const;
	const blocks = text
		.split(/\n\s*\n/)
		.map((block) => block.trim())
		.filter(Boolean);
	return (
		<>
			{blocks.map((block, index) =>
				block.startsWith("## ") ? (
					// biome-ignore lint/suspicious/noArrayIndexKey: blocks of one text never reorder
					<Heading key={index} className="mt-6 mb-2 text-xl font-semibold">
						{block.slice(3)}
					</Heading>
				) : (
					// biome-ignore lint/suspicious/noArrayIndexKey: blocks of one text never reorder
					<p key={index} className="mb-4 whitespace-pre-line leading-relaxed">
						{block}
					</p>
				),
			)}
		</>
	);
}
