import { usePageTitle } from "../../lib/page-title.ts";
import { BannerSection } from "./banner-section.tsx";
import { BusinessSummarySection } from "./business-summary-section.tsx";
import { FavoriteQuestionsSection } from "./favorite-questions-section.tsx";
import { HeroSection } from "./hero-section.tsx";
import { HomeReviewsSection } from "./home-reviews-section.tsx";
import { LatestToolsSection } from "./latest-tools-section.tsx";

export function HomePage() {
	usePageTitle();
	return (
		<>
			<HeroSection />
			<BannerSection />
			<LatestToolsSection />
			<BusinessSummarySection />
			<HomeReviewsSection />
			<FavoriteQuestionsSection />
		</>
	);
}
