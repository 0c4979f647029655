import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, test, vi } from "vitest";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { jsonResponse } from "../../test-support/fake-api.ts";
import { renderWithProviders } from "../../test-support/render-with-providers.tsx";
import { DashboardRoutes } from "./dashboard-routes.tsx";

const customer = {
	id: "u1",
	name: "Cleo Customer",
	email: "cleo@example.com",
	email_verified: true,
	image: null,
	is_admin: false,
	two_factor_enabled: false,
};

const storedProfile = {
	name: "Cleo Customer",
	email: "cleo@example.com",
	image: null,
	address: "1 Bench Lane",
	city: "Leeds",
	state: null,
	zip: null,
	username: null,
	website: null,
	bio: "Turner",
};

/** The shop's API for one account; PATCH bodies are kept so a test can read what was sent. */
function serveShop(me: typeof customer) {
	const patches: unknown[] = [];
	vi.stubGlobal(
		"fetch",
		async (input: RequestInfo | URL, init?: RequestInit) => {
			const { pathname } = new URL(String(input), window.location.href);
			if (pathname === "/api/session") return jsonResponse({ me });
			if (pathname === "/api/profile" && init?.method === "PATCH") {
				const body = JSON.parse(String(init.body));
				patches.push(body);
				return jsonResponse({ ...storedProfile, ...body });
			}
			if (pathname === "/api/profile") return jsonResponse(storedProfile);
			throw new Error(`No answer for ${pathname}`);
		},
	);
	return patches;
}

function renderDashboard(url: string) {
	return renderWithProviders(<DashboardRoutes />, {
		path: "/dashboard/*",
		url,
	});
}

test("a customer sees the customer menu, and an admin page sends them to their profile", async () => {
	serveShop(customer);
	renderDashboard("/dashboard/make-admin");
	expect(
		await screen.findByRole("heading", { level: 1, name: "My Profile" }),
	).toBeVisible();
	const menu = screen.getByRole("navigation", { name: "Dashboard" });
	expect(
		within(menu)
			.getAllByRole("link")
			.map((link) => link.textContent),
	).toEqual(["My Orders", "My Quotes", "Add A Review", "My Profile"]);
	expect(screen.queryByRole("heading", { name: "Make Admin" })).toBeNull();
});

test("an admin sees the admin menu", async () => {
	serveShop({ ...customer, is_admin: true });
	renderDashboard("/dashboard/manage-products");
	expect(
		await screen.findByRole("heading", { name: "Manage Products" }),
	).toBeVisible();
	const menu = screen.getByRole("navigation", { name: "Dashboard" });
	expect(
		within(menu)
			.getAllByRole("link")
			.map((link) => link.textContent),
	).toEqual([
		"Sales",
		"Manage Products",
		"Manage All Orders",
		"Quote Requests",
		"Receiving Points",
		"Payment Terms",
		"Add A Product",
		"Import & Export",
		"Make Admin",
		"Manage Reviews",
		"Manage Blog",
		"Manage Content",
		"Shop Settings",
		"Mail",
		"API Keys",
		"Webhooks",
		"Security log",
		"My Profile",
	]);
});

test("the profile opens filled in, name and email read-only, and a save sends only the fields with a value", async () => {
	const patches = serveShop(customer);
	const user = userEvent.setup();
	renderDashboard("/dashboard/profile");
	const city = await screen.findByLabelText("City");
	expect(city).toHaveValue("Leeds");
	expect(screen.getByLabelText("Name")).toHaveAttribute("readonly");
	expect(screen.getByLabelText("Email")).toHaveAttribute("readonly");
	await user.clear(screen.getByLabelText("Address"));
	await user.type(screen.getByLabelText("Zip"), "LS1 4AP");
	await user.click(screen.getByRole("button", { name: "Save profile" }));
	await waitFor(() => expect(patches).toHaveLength(1));
	expect(patches[0]).toEqual({ city: "Leeds", zip: "LS1 4AP", bio: "Turner" });
});

test("the confirmation dialog confirms with its button and cancels with Escape", async () => {
	const user = userEvent.setup();
	const onConfirm = vi.fn();
	const onCancel = vi.fn();
	renderWithProviders(
		<ConfirmDialog
			isOpen
			title="Remove this user?"
			message="They will be signed out."
			confirmLabel="Remove user"
			onConfirm={onConfirm}
			onCancel={onCancel}
		/>,
	);
	await user.click(screen.getByRole("button", { name: "Remove user" }));
	expect(onConfirm).toHaveBeenCalledOnce();
	await user.keyboard("{Escape}");
	expect(onCancel).toHaveBeenCalledOnce();
	expect(onConfirm).toHaveBeenCalledOnce();
});
