import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, test, vi } from "vitest";
import * as z from "zod/mini";
import { pageSchemaOf } from "../../../shared/paging.schemas.ts";
import { usePagedList } from "../../lib/paged-query.ts";
import { createFakeApi, jsonResponse } from "../../test-support/fake-api.ts";
import { renderWithProviders } from "../../test-support/render-with-providers.tsx";
import { PagedGrid } from "./paged-grid.tsx";
import { QueryBoundary } from "./query-boundary.tsx";

const PartPageSchema = pageSchemaOf(
	z.object({ id: z.string(), name: z.string() }),
);

/** Serves `catalog` (newest first) as the API pages it; the test may add to it meanwhile. */
function serveParts(catalog: string[]) {
	const api = createFakeApi((url) => {
		const page = Number(url.searchParams.get("page"));
		const pageSize = Number(url.searchParams.get("page_size"));
		const items = catalog
			.slice((page - 1) * pageSize, page * pageSize)
			.map((name) => ({ id: name.toLowerCase().replace(" ", "-"), name }));
		return jsonResponse({
			items,
			page,
			page_size: pageSize,
			total: catalog.length,
		});
	});
	vi.stubGlobal("fetch", api.fetch);
	return api;
}

function PartsList({ layout }: { layout: "grid" | "list" }) {
	const parts = usePagedList(["parts"], "/api/parts", PartPageSchema, 2);
	return (
		<QueryBoundary
			query={parts}
			loadingLabel="Loading parts"
			errorTitle="We could not load the parts"
		>
			{() => (
				<PagedGrid
					query={parts}
					layout={layout}
					emptyMessage="No parts yet."
					showMoreLabel="Show more parts"
					renderItem={(part) => <article aria-label={part.name} />}
				/>
			)}
		</QueryBoundary>
	);
}

const shownParts = () =>
	screen.getAllByRole("article").map((part) => part.getAttribute("aria-label"));

test("an empty list shows its empty message and no 'show more'", async () => {
	serveParts([]);
	renderWithProviders(<PartsList layout="grid" />);
	expect(await screen.findByText("No parts yet.")).toBeVisible();
	expect(screen.queryByRole("article")).not.toBeInTheDocument();
	expect(screen.queryByRole("button")).not.toBeInTheDocument();
});

test("the first page's items are shown in order, with 'show more' under them", async () => {
	serveParts(["Part 1", "Part 2", "Part 3"]);
	renderWithProviders(<PartsList layout="grid" />);
	await screen.findByRole("button", { name: "Show more parts" });
	expect(shownParts()).toEqual(["Part 1", "Part 2"]);
	expect(screen.queryByText("No parts yet.")).not.toBeInTheDocument();
});

test("'show more' loads the next page and is hidden once the last page is shown", async () => {
	const api = serveParts(["Part 1", "Part 2", "Part 3", "Part 4", "Part 5"]);
	renderWithProviders(<PartsList layout="grid" />);
	const showMore = await screen.findByRole("button", {
		name: "Show more parts",
	});

	await userEvent.click(showMore);
	expect(await screen.findByRole("article", { name: "Part 4" })).toBeVisible();
	expect(shownParts()).toEqual(["Part 1", "Part 2", "Part 3", "Part 4"]);

	await userEvent.click(
		await screen.findByRole("button", { name: "Show more parts" }),
	);
	expect(await screen.findByRole("article", { name: "Part 5" })).toBeVisible();
	expect(shownParts()).toHaveLength(5);
	expect(screen.queryByRole("button")).not.toBeInTheDocument();
	expect(api.requests.map((url) => url.search)).toEqual([
		"?page=1&page_size=2",
		"?page=2&page_size=2",
		"?page=3&page_size=2",
	]);
});

test("an item pushed from page 1 onto page 2 by a newer addition is shown once", async () => {
	const catalog = ["Part 1", "Part 2", "Part 3", "Part 4"];
	serveParts(catalog);
	renderWithProviders(<PartsList layout="grid" />);
	const showMore = await screen.findByRole("button", {
		name: "Show more parts",
	});
	expect(shownParts()).toEqual(["Part 1", "Part 2"]);

	catalog.unshift("Part 0");
	await userEvent.click(showMore);
	expect(await screen.findByRole("article", { name: "Part 3" })).toBeVisible();
	expect(shownParts()).toEqual(["Part 1", "Part 2", "Part 3"]);
});

test("the list layout shows each item as an entry of a list", async () => {
	serveParts(["Part 1", "Part 2", "Part 3"]);
	renderWithProviders(<PartsList layout="list" />);
	const list = await screen.findByRole("list");
	expect(
		screen.getAllByRole("listitem").map((item) => item.parentElement),
	).toEqual([list, list]);
	expect(shownParts()).toEqual(["Part 1", "Part 2"]);
});
