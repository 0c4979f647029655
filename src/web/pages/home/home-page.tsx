import { type Ref, Suspense, useState } from "react";
import { useSearchParams } from "react-router";
import { Spinner } from "../../components/ui/spinner.tsx";
import { useHasPainted } from "../../lib/first-paint.ts";
import { lazyComponent } from "../../lib/lazy-component.ts";
import { useNearViewport } from "../../lib/near-viewport.ts";
import { usePageTitle } from "../../lib/page-title.ts";
import { BannerSection } from "./banner-section.tsx";
import { HeroSection } from "./hero-section.tsx";

// What the first screen shows comes with the first download; the sections under it (the tool
// cards, reviews and questions, with the code that reads and checks their data) load once the
// first screen is painted and the reader scrolls towards them or follows 'Shop Now' to them; an
// address with a search in it (`/?q=drill`, a link someone shared) shows its results right away.
const HomeSectionsBelow = lazyComponent(() =>
	import("./home-sections-below.tsx").then(
		(module) => module.HomeSectionsBelow,
	),
);

/**
 * A screen's height, so the footer does not show and then move while the sections load; 'Shop
 * Now' pressed meanwhile scrolls to where the tools will be.
 */
function SectionsLoading({ ref }: { ref?: Ref<HTMLDivElement> }) {
	return (
		<div ref={ref} id="latest-tools" className="min-h-screen scroll-mt-20">
			<Spinner label="Loading tools" />
		</div>
	);
}

export function HomePage() {
	usePageTitle();
	const hasPainted = useHasPainted();
	const [sectionsRef, isNear] = useNearViewport();
	const [params] = useSearchParams();
	// Once shown, the sections stay: clearing a search that brought them must not take them away.
	const [isWanted, setIsWanted] = useState(false);
	if (!isWanted && (isNear || params.has("q"))) setIsWanted(true);
	return (
		<>
			<HeroSection />
			<BannerSection />
			{hasPainted && isWanted ? (
				<Suspense fallback={<SectionsLoading />}>
					<HomeSectionsBelow />
				</Suspense>
			) : (
				<SectionsLoading ref={sectionsRef} />
			)}
		</>
	);
}
