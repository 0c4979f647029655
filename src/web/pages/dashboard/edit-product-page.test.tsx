import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, test } from "vitest";
import { ToastHost } from "../../app/toast-host.tsx";
import { aTool, serveCatalog } from "../../test-support/fake-catalog.ts";
import { renderWithProviders } from "../../test-support/render-with-providers.tsx";
import { DashboardRoutes } from "./dashboard-routes.tsx";

const saw = aTool(7, {
	tool_name: "185 mm Circular Saw 1400 W",
	description: "A circular saw for straight cuts in timber.",
	price_cents: 12_905,
	available_quantity: 40,
	minimum_quantity: 4,
	version: 3,
});

async function openEditForm(toolId = saw.id) {
	renderWithProviders(
		<>
			<DashboardRoutes />
			<ToastHost />
		</>,
		{ path: "/dashboard/*", url: `/dashboard/manage-products/${toolId}/edit` },
	);
	return userEvent.setup();
}

test("the edit form opens filled in with the tool as stored, and a save sends the version it was opened at", async () => {
	const sent = serveCatalog([{ ...saw }]);
	const user = await openEditForm();
	expect(
		await screen.findByRole("heading", {
			level: 1,
			name: "Edit 185 mm Circular Saw 1400 W",
		}),
	).toBeVisible();
	expect(screen.getByLabelText("Product Name")).toHaveValue(saw.tool_name);
	expect(screen.getByLabelText("Description")).toHaveValue(saw.description);
	expect(screen.getByLabelText("Price")).toHaveValue(129.05);
	expect(screen.getByLabelText("Available Quantity")).toHaveValue(40);
	expect(screen.getByLabelText("Minimum Order Quantity")).toHaveValue(4);
	expect(
		screen.getByRole("img", { name: "The current picture" }),
	).toHaveAttribute("src", saw.img);
	expect(screen.getByLabelText("Image")).toHaveAccessibleDescription(
		"JPEG, PNG or WebP, up to 10 MiB. Leave empty to keep the current photo.",
	);

	await user.clear(screen.getByLabelText("Available Quantity"));
	await user.type(screen.getByLabelText("Available Quantity"), "240");
	await user.click(screen.getByRole("button", { name: "Save changes" }));

	expect(await screen.findByText("Tool updated successfully")).toBeVisible();
	expect(
		await screen.findByRole("heading", { level: 1, name: "Manage Products" }),
	).toBeVisible();
	const puts = sent.filter((request) => request.method === "PUT");
	expect(puts.map((request) => request.url.pathname)).toEqual([
		`/api/tools/${saw.id}`,
	]);
	expect(puts[0]?.fields).toEqual({
		tool_name: saw.tool_name,
		description: saw.description,
		price: "129.05",
		available_quantity: "240",
		minimum_quantity: "4",
		version: "3",
		sku: "TG-000007",
		pack_size: "1",
		price_breaks: "",
		available_quantity_seen: "40",
	});
});

test("a save refused because someone else saved first shows the reload alert, and Reload refills the form", async () => {
	const catalog = [{ ...saw }];
	const sent = serveCatalog(catalog);
	const user = await openEditForm();
	const name = await screen.findByLabelText("Product Name");
	catalog[0] = { ...saw, tool_name: "Circular Saw 1600 W", version: 4 };

	await user.type(screen.getByLabelText("Description"), " Now with a guide.");
	await user.click(screen.getByRole("button", { name: "Save changes" }));
	const alert = await screen.findByRole("alert");
	expect(alert).toHaveTextContent(
		"Someone else changed this tool after you opened it.",
	);
	expect(name).toHaveValue(saw.tool_name);

	await user.click(within(alert).getByRole("button", { name: "Reload" }));
	expect(await screen.findByLabelText("Product Name")).toHaveValue(
		"Circular Saw 1600 W",
	);
	expect(screen.queryByRole("alert")).toBeNull();
	expect(screen.getByLabelText("Description")).toHaveValue(saw.description);

	await user.click(screen.getByRole("button", { name: "Save changes" }));
	expect(await screen.findByText("Tool updated successfully")).toBeVisible();
	expect(
		sent
			.filter((request) => request.method === "PUT")
			.map((request) => request.fields?.version),
	).toEqual(["3", "4"]);
});

test("a save that would take away pieces orders took meanwhile shows the stock now, and Reload refills the form with it", async () => {
	const catalog = [{ ...saw }];
	serveCatalog(catalog);
	const user = await openEditForm();
	const stock = await screen.findByLabelText("Available Quantity");
	// Orders take 35 of the 40 pieces the form shows.
	catalog[0] = { ...saw, available_quantity: 5 };

	await user.clear(stock);
	await user.type(stock, "30");
	await user.click(screen.getByRole("button", { name: "Save changes" }));
	const alert = await screen.findByRole("alert");
	expect(alert).toHaveTextContent(
		"Only 5 pieces are in stock now: orders took some after the form was opened. Reload and try again.",
	);
	await user.click(within(alert).getByRole("button", { name: "Reload" }));
	expect(await screen.findByLabelText("Available Quantity")).toHaveValue(5);
	expect(screen.queryByRole("alert")).toBeNull();
});

test("a tool that no longer exists says so and leads back to Manage Products", async () => {
	serveCatalog([]);
	const user = await openEditForm();
	expect(
		await screen.findByRole("heading", {
			level: 1,
			name: "This tool no longer exists",
		}),
	).toBeVisible();
	expect(screen.queryByLabelText("Product Name")).toBeNull();
	await user.click(
		screen.getByRole("link", { name: "Back to Manage Products" }),
	);
	expect(
		await screen.findByRole("heading", { level: 1, name: "Manage Products" }),
	).toBeVisible();
});

test("a tool deleted while it was being edited says so on saving", async () => {
	const catalog = [{ ...saw }];
	serveCatalog(catalog);
	const user = await openEditForm();
	await screen.findByLabelText("Product Name");
	catalog.pop();
	await user.click(screen.getByRole("button", { name: "Save changes" }));
	expect(
		await screen.findByRole("heading", {
			level: 1,
			name: "This tool no longer exists",
		}),
	).toBeVisible();
});
