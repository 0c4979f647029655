import { EmptyState } from "../../components/ui/empty-state.tsx";
import { QueryBoundary } from "../../components/ui/query-boundary.tsx";
import { RichText } from "../../components/ui/rich-text.tsx";
import { useFaqs } from "../../features/faqs/faqs.queries.ts";

export function FavoriteQuestionsSection() {
	const faqs = useFaqs();
	return (
		<section
			className="mx-auto max-w-4xl px-4 py-12"
			aria-labelledby="faq-title"
		>
			<h2 id="faq-title" className="mb-8 text-center text-3xl font-bold">
				Favorite Questions
			</h2>
			<QueryBoundary
				deferContent
				query={faqs}
				loadingLabel="Loading questions"
				errorTitle="We could not load the questions"
			>
				{(list) =>
					list.items.length === 0 ? (
						<EmptyState message="There are no favorite questions yet: check back soon." />
					) : (
						<div className="space-y-3">
							{list.items.map((faq, index) => (
								<details
									key={faq.id}
									className="collapse collapse-arrow border border-base-300 bg-base-100"
									open={index === 0}
								>
									<summary className="collapse-title font-semibold">
										{faq.question}
									</summary>
									<div className="collapse-content text-base-content/85">
										<RichText text={faq.answer} headingLevel={3} />
									</div>
								</details>
							))}
						</div>
					)
				}
			</QueryBoundary>
		</section>
	);
}
