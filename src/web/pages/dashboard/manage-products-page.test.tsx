import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, test } from "vitest";
import { ToastHost } from "../../app/toast-host.tsx";
import { aTool, serveCatalog } from "../../test-support/fake-catalog.ts";
import { renderWithProviders } from "../../test-support/render-with-providers.tsx";
import { DashboardRoutes } from "./dashboard-routes.tsx";

const catalogOf = (count: number) =>
	Array.from({ length: count }, (_, index) => aTool(index + 1));

function renderManageProducts(url = "/dashboard/manage-products") {
	renderWithProviders(
		<>
			<DashboardRoutes />
			<ToastHost />
		</>,
		{ path: "/dashboard/*", url },
	);
}

const shownTools = () =>
	screen
		.getAllByRole("article")
		.map((card) => within(card).getByRole("heading").textContent);

test("Manage Products shows 'Total Products N' and the newest 24 tools, and pages with Previous and Next", async () => {
	const sent = serveCatalog(catalogOf(30));
	renderManageProducts();
	expect(
		await screen.findByRole("heading", { name: "Total Products 30" }),
	).toBeVisible();
	expect(shownTools()).toHaveLength(24);
	expect(shownTools().slice(0, 2)).toEqual(["Tool 30", "Tool 29"]);
	const pages = screen.getByRole("navigation", { name: "Pages of tools" });
	expect(pages).toHaveTextContent("Page 1 of 2");
	expect(
		within(pages).getByRole("button", { name: "Previous" }),
	).toBeDisabled();

	await userEvent.click(within(pages).getByRole("button", { name: "Next" }));
	expect(await within(pages).findByText("Page 2 of 2")).toBeVisible();
	expect(shownTools()).toEqual([
		"Tool 6",
		"Tool 5",
		"Tool 4",
		"Tool 3",
		"Tool 2",
		"Tool 1",
	]);
	expect(within(pages).getByRole("button", { name: "Next" })).toBeDisabled();
	expect(
		sent
			.filter((request) => request.url.pathname === "/api/tools")
			.map((request) => request.url.search),
	).toEqual(["?page=1&page_size=24", "?page=2&page_size=24"]);
});

test("Manage Products opens at the page named in the address", async () => {
	serveCatalog(catalogOf(30));
	renderManageProducts("/dashboard/manage-products?page=2");
	expect(await screen.findByText("Page 2 of 2")).toBeVisible();
	expect(shownTools()).toHaveLength(6);
});

test("each tool of Manage Products has an Edit link to its edit page instead of 'Buy Now'", async () => {
	const [tool] = catalogOf(1);
	if (!tool) throw new Error("no tool");
	serveCatalog([tool]);
	renderManageProducts();
	const card = await screen.findByRole("article", { name: tool.tool_name });
	expect(
		within(card).getByRole("link", { name: `Edit: ${tool.tool_name}` }),
	).toHaveAttribute("href", `/dashboard/manage-products/${tool.id}/edit`);
	expect(within(card).queryByRole("link", { name: /Buy Now/ })).toBeNull();
});

test("deleting a tool through the confirmation dialog sends DELETE, says 'Item deleted' and refreshes the list", async () => {
	const catalog = catalogOf(3);
	const sent = serveCatalog(catalog);
	const user = userEvent.setup();
	renderManageProducts();
	await user.click(
		await screen.findByRole("button", { name: "Delete Tools: Tool 2" }),
	);
	const dialog = screen.getByRole("dialog", { name: "Delete this tool?" });
	expect(dialog).toHaveTextContent("“Tool 2” will no longer be on sale.");
	await user.click(within(dialog).getByRole("button", { name: "Delete" }));

	expect(await screen.findByText("Item deleted")).toBeVisible();
	expect(
		screen.getByRole("heading", { name: "Total Products 2" }),
	).toBeVisible();
	expect(shownTools()).toEqual(["Tool 3", "Tool 1"]);
	expect(
		sent
			.filter((request) => request.method === "DELETE")
			.map((request) => request.url.pathname),
	).toEqual([`/api/tools/${aTool(2).id}`]);
	expect(screen.queryByRole("dialog")).toBeNull();
});

test("cancelling the confirmation dialog deletes nothing", async () => {
	const sent = serveCatalog(catalogOf(2));
	const user = userEvent.setup();
	renderManageProducts();
	await user.click(
		await screen.findByRole("button", { name: "Delete Tools: Tool 1" }),
	);
	await user.click(screen.getByRole("button", { name: "Cancel" }));
	expect(screen.queryByRole("dialog")).toBeNull();
	expect(shownTools()).toEqual(["Tool 2", "Tool 1"]);
	expect(sent.some((request) => request.method === "DELETE")).toBe(false);
});

test("an empty catalog says so and links to Add A Product", async () => {
	serveCatalog([]);
	renderManageProducts();
	expect(await screen.findByText("No tools yet.")).toBeVisible();
	const main = screen.getByRole("region", { name: "Manage Products" });
	expect(
		within(main).getByRole("link", { name: "Add A Product" }),
	).toHaveAttribute("href", "/dashboard/add-a-product");
});
