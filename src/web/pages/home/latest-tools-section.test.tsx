import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, test } from "vitest";
import { aTool, serveCatalog } from "../../test-support/fake-catalog.ts";
import { renderWithProviders } from "../../test-support/render-with-providers.tsx";
import { LatestToolsSection } from "./latest-tools-section.tsx";

const catalog = [
	aTool(1, { tool_name: "Cordless Drill 18 V" }),
	aTool(2, { tool_name: "Claw Hammer 450 g" }),
	aTool(3, {
		tool_name: "Drill Bit Set HSS",
		description: "Twelve bits for metal.",
	}),
	aTool(4, {
		tool_name: "Bench Vise 125 mm",
		description: "Holds work steady while you drill.",
	}),
];

function renderSection(url: string) {
	const sent = serveCatalog([...catalog]);
	renderWithProviders(<LatestToolsSection />, { path: "/home", url });
	return sent;
}

const shownTools = (region: HTMLElement) =>
	within(region)
		.queryAllByRole("article")
		.map((card) => within(card).getByRole("heading").textContent);

test("the home page search reads ?q= and shows the matches under 'Search results'", async () => {
	const sent = renderSection("/home?q=drill");
	const results = await screen.findByRole("region", { name: "Search results" });
	expect(
		within(results).getByRole("searchbox", { name: "Search tools by name" }),
	).toHaveValue("drill");
	expect(await within(results).findAllByRole("article")).toHaveLength(3);
	expect(shownTools(results)).toEqual([
		"Drill Bit Set HSS",
		"Cordless Drill 18 V",
		"Bench Vise 125 mm",
	]);
	expect(
		sent
			.filter((request) => request.url.pathname === "/api/tools")
			.map((request) => request.url.searchParams.get("q")),
	).toEqual(["drill"]);
});

test("a search that matches nothing says so, and clearing it shows the latest tools again", async () => {
	renderSection("/home?q=chainsaw");
	expect(await screen.findByText("No tools match “chainsaw”.")).toBeVisible();
	expect(screen.queryByRole("article")).toBeNull();

	await userEvent.click(screen.getByRole("button", { name: "Clear search" }));
	const latest = await screen.findByRole("region", { name: "Latest Tools" });
	expect(await within(latest).findAllByRole("article")).toHaveLength(4);
	expect(
		screen.getByRole("searchbox", { name: "Search tools by name" }),
	).toHaveValue("");
});

test("typing in the search box shows the matches once typing settles", async () => {
	const sent = renderSection("/home");
	const latest = await screen.findByRole("region", { name: "Latest Tools" });
	expect(await within(latest).findAllByRole("article")).toHaveLength(4);
	expect(screen.getByRole("search")).toContainElement(
		screen.getByRole("searchbox", { name: "Search tools by name" }),
	);

	await userEvent.type(
		screen.getByRole("searchbox", { name: "Search tools by name" }),
		"claw ham",
	);
	const results = await screen.findByRole("region", { name: "Search results" });
	expect(await within(results).findByRole("article")).toHaveAccessibleName(
		"Claw Hammer 450 g",
	);
	expect(shownTools(results)).toEqual(["Claw Hammer 450 g"]);
	expect(
		sent
			.filter((request) => request.url.pathname === "/api/tools")
			.map((request) => request.url.searchParams.get("q")),
	).toEqual([null, "claw ham"]);
});
