import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, test } from "vitest";
import { ToastHost } from "../../app/toast-host.tsx";
import { errorResponse } from "../../test-support/fake-api.ts";
import { serveCatalog } from "../../test-support/fake-catalog.ts";
import { renderWithProviders } from "../../test-support/render-with-providers.tsx";
import { DashboardRoutes } from "./dashboard-routes.tsx";

const photo = () =>
	new File([new Uint8Array([137, 80, 78, 71])], "drill.png", {
		type: "image/png",
	});

async function openAddForm() {
	renderWithProviders(
		<>
			<DashboardRoutes />
			<ToastHost />
		</>,
		{ path: "/dashboard/*", url: "/dashboard/add-a-product" },
	);
	expect(
		await screen.findByRole("heading", { level: 1, name: "Add A Product" }),
	).toBeVisible();
	return userEvent.setup();
}

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
	await user.type(screen.getByLabelText("Product Name"), "Cordless Drill 18 V");
	await user.type(
		screen.getByLabelText("Description"),
		"A compact drill driver with two batteries.",
	);
	await user.type(screen.getByLabelText("Price"), "89.50");
	await user.type(screen.getByLabelText("Available Quantity"), "120");
	await user.type(screen.getByLabelText("Minimum Order Quantity"), "6");
	await user.upload(screen.getByLabelText("Image"), photo());
}

test("an empty Add A Product form shows every required-field message and sends nothing", async () => {
	const sent = serveCatalog([]);
	const user = await openAddForm();
	await user.click(screen.getByRole("button", { name: "Add Product" }));

	for (const [label, message] of [
		["Product Name", "Product Name is required"],
		["Description", "Description is required"],
		["Price", "Price is required"],
		["Available Quantity", "Quantity is required"],
		["Minimum Order Quantity", "Minimum order quantity is required"],
	] as const) {
		const field = screen.getByLabelText(label);
		expect(field).toHaveAccessibleDescription(message);
		expect(field).toHaveAttribute("aria-invalid", "true");
	}
	const image = screen.getByLabelText("Image");
	expect(image).toHaveAccessibleDescription(
		expect.stringContaining("Image is required"),
	);
	expect(image).toHaveAttribute("aria-invalid", "true");
	expect(sent.filter((request) => request.method !== "GET")).toEqual([]);
});

test("adding a tool sends its fields and photo as multipart, says so and empties the form", async () => {
	const sent = serveCatalog([]);
	const user = await openAddForm();
	await fillIn(user);
	expect(screen.getByRole("img", { name: "The chosen picture" })).toBeVisible();
	await user.click(screen.getByRole("button", { name: "Add Product" }));

	expect(await screen.findByText("Tool added successfully")).toBeVisible();
	const posts = sent.filter((request) => request.method === "POST");
	expect(posts.map((request) => request.url.pathname)).toEqual(["/api/tools"]);
	expect(posts[0]?.fields).toEqual({
		tool_name: "Cordless Drill 18 V",
		description: "A compact drill driver with two batteries.",
		price: "89.50",
		available_quantity: "120",
		minimum_quantity: "6",
		sku: "",
		pack_size: "1",
		price_breaks: "",
		image: "drill.png",
	});
	await waitFor(() =>
		expect(screen.getByLabelText("Product Name")).toHaveValue(""),
	);
	expect(screen.getByLabelText("Description")).toHaveValue("");
	expect(screen.getByLabelText("Price")).toHaveValue(null);
	expect(screen.getByLabelText("Image")).toHaveValue("");
	expect(screen.queryByRole("img", { name: "The chosen picture" })).toBeNull();
	expect(screen.getByRole("button", { name: "Add Product" })).toBeEnabled();
});

test("a photo the shop refuses shows its reason in the failure toast and keeps the form filled in", async () => {
	serveCatalog([], ({ method }) =>
		method === "POST"
			? errorResponse(
					400,
					"VALIDATION_FAILED",
					"Only JPEG, PNG and WebP images are accepted",
				)
			: undefined,
	);
	const user = await openAddForm();
	await fillIn(user);
	await user.click(screen.getByRole("button", { name: "Add Product" }));

	expect(
		await screen.findByText(
			"Failed to add the tool: Only JPEG, PNG and WebP images are accepted",
		),
	).toBeVisible();
	expect(screen.getByLabelText("Product Name")).toHaveValue(
		"Cordless Drill 18 V",
	);
	expect(screen.queryByText("Tool added successfully")).toBeNull();
});

test("the server's field errors show on their fields", async () => {
	serveCatalog([], ({ method }) =>
		method === "POST"
			? errorResponse(400, "VALIDATION_FAILED", "Invalid body: price, image", [
					{ field: "price", message: "Price must be $100,000 or less" },
					{ field: "image", message: "The image is larger than 10 MiB" },
				])
			: undefined,
	);
	const user = await openAddForm();
	await fillIn(user);
	await user.click(screen.getByRole("button", { name: "Add Product" }));

	expect(
		await screen.findByText(
			"Failed to add the tool: Invalid body: price, image",
		),
	).toBeVisible();
	expect(screen.getByLabelText("Price")).toHaveAccessibleDescription(
		"Price must be $100,000 or less",
	);
	expect(screen.getByLabelText("Image")).toHaveAccessibleDescription(
		expect.stringContaining("The image is larger than 10 MiB"),
	);
});

test("a photo over 10 MiB is refused as soon as it is chosen, and the form is not sent", async () => {
	const sent = serveCatalog([]);
	const user = await openAddForm();
	await fillIn(user);
	const image = screen.getByLabelText("Image");
	await user.upload(
		image,
		new File([new Uint8Array(10 * 1024 * 1024 + 1)], "huge.jpg", {
			type: "image/jpeg",
		}),
	);
	expect(image).toHaveAttribute("aria-invalid", "true");
	expect(image).toHaveAccessibleDescription(
		expect.stringContaining("The image is larger than 10 MiB"),
	);
	await user.click(screen.getByRole("button", { name: "Add Product" }));
	expect(image).toHaveAttribute("aria-invalid", "true");
	expect(image).toHaveFocus();
	expect(screen.queryByRole("img", { name: "The chosen picture" })).toBeNull();
	expect(sent.filter((request) => request.method !== "GET")).toEqual([]);
});

test("a part number, a pack size and volume price rows are sent as the form's text; rows out of order show their message and send nothing", async () => {
	const sent = serveCatalog([]);
	const user = await openAddForm();
	await fillIn(user);
	await user.type(screen.getByLabelText("Part Number"), "cd-18v");
	await user.clear(screen.getByLabelText("Pack Size"));
	await user.type(screen.getByLabelText("Pack Size"), "6");
	await user.click(screen.getByRole("button", { name: "Add volume price" }));
	await user.click(screen.getByRole("button", { name: "Add volume price" }));
	const quantities = screen.getAllByLabelText("From pieces");
	const prices = screen.getAllByLabelText("Price each");
	await user.type(quantities[0] as HTMLElement, "120");
	await user.type(prices[0] as HTMLElement, "79");
	await user.type(quantities[1] as HTMLElement, "60");
	await user.type(prices[1] as HTMLElement, "84.50");
	await user.click(screen.getByRole("button", { name: "Add Product" }));
	expect(
		await screen.findByText("Volume price quantities must increase"),
	).toBeVisible();
	expect(sent.filter((request) => request.method === "POST")).toEqual([]);

	await user.click(
		screen.getByRole("button", {
			name: "Remove the volume price from 120 pieces",
		}),
	);
	await user.click(screen.getByRole("button", { name: "Add Product" }));
	expect(await screen.findByText("Tool added successfully")).toBeVisible();
	expect(
		sent.find((request) => request.method === "POST")?.fields,
	).toMatchObject({ sku: "CD-18V", pack_size: "6", price_breaks: "60:84.50" });
});
