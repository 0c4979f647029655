import { BusinessSummarySection } from "./business-summary-section.tsx";
import { FavoriteQuestionsSection } from "./favorite-questions-section.tsx";
import { HomeReviewsSection } from "./home-reviews-section.tsx";
import { LatestToolsSection } from "./latest-tools-section.tsx";

/** The home page below its first screen: the catalog, the figures, reviews and questions. */
export function HomeSectionsBelow() {
	return (
		<>
			<LatestToolsSection />
			<BusinessSummarySection />
			<HomeReviewsSection />
			<FavoriteQuestionsSection />
		</>
	);
}
