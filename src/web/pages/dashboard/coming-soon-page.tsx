/** A dashboard page that a coming release fills; says what will be here instead of an empty page. */
export function ComingSoonPage({
	title,
	text,
}: {
	title: string;
	text: string;
}) {
	return (
		<section aria-labelledby="coming-soon-title" className="space-y-4">
			<h1 id="coming-soon-title" className="text-2xl font-bold">
				{title}
			</h1>
			<div className="alert alert-info alert-soft">
				<span>Coming soon. {text}</span>
			</div>
		</section>
	);
}
