import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, test } from "vitest";
import { AppRoutes } from "../../app/app-routes.tsx";
import { ToastHost } from "../../app/toast-host.tsx";
import {
	aCartShop,
	aPoint,
	type CartShop,
	customer,
	type SentRequest,
	serveCartShop,
} from "../../test-support/fake-cart.ts";
import { admin } from "../../test-support/fake-catalog.ts";
import { renderWithProviders } from "../../test-support/render-with-providers.tsx";

async function openPoints(shop: CartShop, url = "/dashboard/receiving-points") {
	const sent = serveCartShop(shop);
	renderWithProviders(
		<>
			<AppRoutes />
			<ToastHost />
		</>,
		{ path: "*", url },
	);
	expect(
		await screen.findByRole("heading", { level: 1, name: "Receiving Points" }),
	).toBeVisible();
	return { sent, user: userEvent.setup() };
}

const pointList = () =>
	screen.getByRole("list", { name: "Receiving points by name" });
/** Each listed point as it reads: its name, address and opening hours. */
const shownRows = () =>
	within(pointList())
		.getAllByRole("article")
		.map((point) =>
			[...point.querySelectorAll("h2, p")].map((part) => part.textContent),
		);
const listSearches = (sent: SentRequest[]) =>
	sent
		.filter(
			(request) =>
				request.url.pathname === "/api/receiving-points" &&
				request.method === "GET",
		)
		.map((request) => request.url.search);

test("the admin menu leads to Receiving Points: every point by name with its address and hours, 20 a page", async () => {
	const points = Array.from({ length: 23 }, (_, index) => aPoint(index + 1));
	const { sent, user } = await openPoints(
		aCartShop({ me: admin, points: points.reverse() }),
	);
	const menu = screen.getByRole("navigation", { name: "Dashboard" });
	expect(
		within(menu).getByRole("link", { name: "Receiving Points" }),
	).toHaveAttribute("aria-current", "page");
	await screen.findByRole("list", { name: "Receiving points by name" });
	expect(screen.getByText("23 receiving points")).toBeVisible();
	expect(shownRows()).toHaveLength(20);
	expect(shownRows()[0]).toEqual([
		"Depot 01",
		"1 Harbour Road, Portside",
		"Opening hours: Mon–Fri 8:00–18:00",
	]);
	const pages = screen.getByRole("navigation", {
		name: "Pages of receiving points",
	});
	expect(pages).toHaveTextContent("Page 1 of 2");
	await user.click(within(pages).getByRole("button", { name: "Next" }));
	expect(await within(pages).findByText("Page 2 of 2")).toBeVisible();
	expect(shownRows().map((row) => row[0])).toEqual([
		"Depot 21",
		"Depot 22",
		"Depot 23",
	]);
	expect(listSearches(sent)).toEqual([
		"?page=1&page_size=20",
		"?page=2&page_size=20",
	]);
});

test("searching asks for the points whose name or address matches, and says when none does", async () => {
	const { sent, user } = await openPoints(
		aCartShop({
			me: admin,
			points: [
				aPoint(1, { name: "North Depot", address: "1 Quay Road" }),
				aPoint(2, { name: "South Depot", address: "9 Mill Street" }),
			],
		}),
	);
	await screen.findByRole("list", { name: "Receiving points by name" });
	await user.type(screen.getByLabelText("Search by name or address"), "mill");
	await waitFor(() =>
		expect(shownRows().map((row) => row[0])).toEqual(["South Depot"]),
	);
	expect(listSearches(sent).at(-1)).toBe("?page=1&page_size=20&q=mill");
	expect(screen.getByText("1 receiving point matches “mill”")).toBeVisible();

	await user.clear(screen.getByLabelText("Search by name or address"));
	await user.type(screen.getByLabelText("Search by name or address"), "zzz");
	expect(
		await screen.findByText("No receiving point matches “zzz”."),
	).toBeVisible();
});

test("adding a point checks its fields, sends them and lists it", async () => {
	const shop = aCartShop({ me: admin, points: [] });
	const { sent, user } = await openPoints(shop);
	expect(
		await screen.findByText(
			"No receiving points yet. Add the first, and customers can collect their orders there.",
		),
	).toBeVisible();
	await user.click(
		screen.getByRole("button", { name: "Add a receiving point" }),
	);
	const dialog = screen.getByRole("dialog", { name: "Add a receiving point" });
	await user.click(
		within(dialog).getByRole("button", { name: "Add receiving point" }),
	);
	expect(within(dialog).getByLabelText("Name")).toHaveAccessibleDescription(
		"Name is required",
	);
	expect(
		within(dialog).getByLabelText("Opening hours"),
	).toHaveAccessibleDescription(
		"For example: Mon–Fri 8:00–18:00, Sat 9:00–13:00 Opening hours is required",
	);
	expect(sent.filter((request) => request.method === "POST")).toEqual([]);

	await user.type(within(dialog).getByLabelText("Name"), " Harbour Depot ");
	await user.type(within(dialog).getByLabelText("Address"), "4 Quay Road");
	await user.type(
		within(dialog).getByLabelText("Opening hours"),
		"Mon–Sat 7:00–19:00",
	);
	await user.click(
		within(dialog).getByRole("button", { name: "Add receiving point" }),
	);
	expect(await screen.findByText("Receiving point added")).toBeVisible();
	expect(screen.queryByRole("dialog")).toBeNull();
	expect(sent.find((request) => request.method === "POST")?.body).toEqual({
		name: "Harbour Depot",
		address: "4 Quay Road",
		opening_hours: "Mon–Sat 7:00–19:00",
	});
	expect(
		await within(
			await screen.findByRole("list", { name: "Receiving points by name" }),
		).findByRole("article", { name: "Harbour Depot" }),
	).toBeVisible();
});

test("editing a point starts from its fields and saves the change", async () => {
	const shop = aCartShop({ me: admin, points: [aPoint(1)] });
	const { sent, user } = await openPoints(shop);
	await user.click(
		await screen.findByRole("button", { name: "Edit: Depot 01" }),
	);
	const dialog = screen.getByRole("dialog", { name: "Edit Depot 01" });
	expect(within(dialog).getByLabelText("Address")).toHaveValue(
		"1 Harbour Road, Portside",
	);
	await user.clear(within(dialog).getByLabelText("Opening hours"));
	await user.type(
		within(dialog).getByLabelText("Opening hours"),
		"Every day 6:00–22:00",
	);
	await user.click(
		within(dialog).getByRole("button", { name: "Save receiving point" }),
	);
	expect(await screen.findByText("Receiving point saved")).toBeVisible();
	const put = sent.find((request) => request.method === "PUT");
	expect(put?.url.pathname).toBe(`/api/receiving-points/${aPoint(1).id}`);
	expect(put?.body).toEqual({
		name: "Depot 01",
		address: "1 Harbour Road, Portside",
		opening_hours: "Every day 6:00–22:00",
	});
	await waitFor(() =>
		expect(shownRows()[0]?.[2]).toBe("Opening hours: Every day 6:00–22:00"),
	);
});

test("deleting a point asks first; cancelling keeps it, confirming deletes it", async () => {
	const shop = aCartShop({ me: admin, points: [aPoint(1), aPoint(2)] });
	const { sent, user } = await openPoints(shop);
	await user.click(
		await screen.findByRole("button", { name: "Delete: Depot 01" }),
	);
	let dialog = screen.getByRole("dialog", {
		name: "Delete this receiving point?",
	});
	expect(dialog).toHaveTextContent(
		"“Depot 01” is no longer offered at checkout. Orders already placed for collection there keep its address and hours.",
	);
	await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
	expect(screen.queryByRole("dialog")).toBeNull();
	expect(sent.some((request) => request.method === "DELETE")).toBe(false);

	await user.click(screen.getByRole("button", { name: "Delete: Depot 01" }));
	dialog = screen.getByRole("dialog", { name: "Delete this receiving point?" });
	await user.click(within(dialog).getByRole("button", { name: "Delete" }));
	expect(await screen.findByText("Item deleted")).toBeVisible();
	await waitFor(() =>
		expect(shownRows().map((row) => row[0])).toEqual(["Depot 02"]),
	);
	expect(shop.points.map((point) => point.name)).toEqual(["Depot 02"]);
});

test("a customer who opens the page is sent to their own dashboard", async () => {
	serveCartShop(aCartShop({ me: customer }));
	renderWithProviders(<AppRoutes />, {
		path: "*",
		url: "/dashboard/receiving-points",
	});
	expect(
		await screen.findByRole("heading", { level: 1, name: "My Profile" }),
	).toBeVisible();
	expect(screen.queryByRole("link", { name: "Receiving Points" })).toBeNull();
});
