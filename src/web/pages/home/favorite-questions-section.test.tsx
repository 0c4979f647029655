import { screen, within } from "@testing-library/react";
import { expect, test, vi } from "vitest";
import type { Faq } from "../../../shared/faqs.schemas.ts";
import { createFakeApi, jsonResponse } from "../../test-support/fake-api.ts";
import { renderWithProviders } from "../../test-support/render-with-providers.tsx";
import { FavoriteQuestionsSection } from "./favorite-questions-section.tsx";

function renderWithQuestions(items: Faq[]) {
	const api = createFakeApi((url) => {
		if (url.pathname === "/api/faqs") return jsonResponse({ items });
		throw new Error(`No answer for ${url.pathname}`);
	});
	vi.stubGlobal("fetch", api.fetch);
	renderWithProviders(<FavoriteQuestionsSection />);
	return screen.getByRole("region", { name: "Favorite Questions" });
}

test("the questions show in order, the first one open", async () => {
	const region = renderWithQuestions([
		{
			id: "30000000-0000-4000-8000-000000000001",
			question: "Do you ship abroad?",
			answer: "Yes, to every country in the EU.",
		},
		{
			id: "30000000-0000-4000-8000-000000000002",
			question: "Can I return a tool?",
			answer: "Within 30 days.",
		},
	]);
	const questions = await within(region).findAllByRole("group");
	expect(
		questions.map((question) => question.querySelector("summary")?.textContent),
	).toEqual(["Do you ship abroad?", "Can I return a tool?"]);
	expect(
		within(region).getByText("Yes, to every country in the EU."),
	).toBeVisible();
	expect(within(region).getByText("Within 30 days.")).not.toBeVisible();
});

test("with every question removed, the section says there are none instead of showing an empty heading", async () => {
	const region = renderWithQuestions([]);
	expect(
		await within(region).findByText(
			"There are no favorite questions yet: check back soon.",
		),
	).toBeVisible();
	expect(within(region).queryAllByRole("group")).toEqual([]);
});
