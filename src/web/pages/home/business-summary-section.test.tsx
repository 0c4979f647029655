import { screen } from "@testing-library/react";
import { expect, test } from "vitest";
import {
	aCartShop,
	aPoint,
	serveCartShop,
} from "../../test-support/fake-cart.ts";
import { renderWithProviders } from "../../test-support/render-with-providers.tsx";
import { BannerSection } from "./banner-section.tsx";
import { BusinessSummarySection } from "./business-summary-section.tsx";

function renderSections(points: number) {
	const sent = serveCartShop(
		aCartShop({
			me: null,
			points: Array.from({ length: points }, (_, index) => aPoint(index + 1)),
		}),
	);
	renderWithProviders(
		<>
			<BannerSection />
			<BusinessSummarySection today={new Date(2026, 10, 30)} />
		</>,
	);
	return sent;
}

const summary = () =>
	screen.getByRole("region", {
		name: "Trusted by workshops across the country",
	});

test("the home page counts the shop's receiving points, once, for the summary and the banner", async () => {
	const sent = renderSections(12);
	expect(summary()).toHaveTextContent("Receiving point…Loading");
	expect(
		await screen.findByText(
			"Order at the maker's minimum quantities, pay online and collect at one of our 12 receiving points.",
		),
	).toBeVisible();
	expect(summary()).toHaveTextContent("Receiving point12");
	expect(sent.map((request) => request.url.pathname)).toEqual([
		"/api/receiving-points/count",
	]);
});

test("a shop with one receiving point, or none, says so", async () => {
	renderSections(0);
	expect(
		await screen.findByText(
			"Order at the maker's minimum quantities, pay online and have it delivered to your door.",
		),
	).toBeVisible();
	expect(summary()).toHaveTextContent("Receiving point0");
});
