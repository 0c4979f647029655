import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, test, vi } from "vitest";
import type { ApiKey } from "../../../shared/api-keys.schemas.ts";
import { ToastHost } from "../../app/toast-host.tsx";
import { errorResponse } from "../../test-support/fake-api.ts";
import {
	type ApiKeyRequest,
	anApiKey,
	serveApiKeys,
} from "../../test-support/fake-api-keys.ts";
import { customer } from "../../test-support/fake-orders.ts";
import { renderWithProviders } from "../../test-support/render-with-providers.tsx";
import { DashboardRoutes } from "./dashboard-routes.tsx";

/** The secret the fake shop answers for the first key made. */
const FIRST_SECRET = "tgk_New1SecretPart0123456789abcdefXYZ";

async function openKeys(
	keys: ApiKey[],
	options: Parameters<typeof serveApiKeys>[1] = {},
	url = "/dashboard/api-keys",
) {
	const sent = serveApiKeys(keys, options);
	renderWithProviders(
		<>
			<DashboardRoutes />
			<ToastHost />
		</>,
		{ path: "/dashboard/*", url },
	);
	expect(
		await screen.findByRole("heading", { level: 1, name: "API Keys" }),
	).toBeVisible();
	return { sent, user: userEvent.setup() };
}

const keyList = () =>
	screen.getByRole("list", { name: "API keys, newest first" });
/** Each listed key as it reads: its name, start, scopes, who made it, last use and state. */
const shownRows = () =>
	within(keyList())
		.getAllByRole("article")
		.map((key) =>
			[...key.querySelectorAll("h3, p, li, .badge-neutral, button")].map(
				(part) => part.textContent,
			),
		);
const listSearches = (sent: ApiKeyRequest[]) =>
	sent
		.filter(
			(request) =>
				request.url.pathname === "/api/admin/api-keys" &&
				request.method === "GET",
		)
		.map((request) => request.url.search);
const posts = (sent: ApiKeyRequest[]) =>
	sent.filter((request) => request.method === "POST");

test("the admin menu leads to API Keys: every key newest first with its scopes, the start of its secret, who made it, its last use, and revoked ones as revoked", async () => {
	const { sent } = await openKeys([
		anApiKey(1, {
			name: "Old ERP",
			revoked_at: "2026-11-20T16:00:00.000Z",
			last_used_at: "2026-11-19T08:15:00.000Z",
		}),
		anApiKey(3, {
			name: "Stock sync",
			scopes: ["catalog:read", "stock:write"],
			created_by_email: null,
		}),
		anApiKey(2, {
			name: "Accounting",
			scopes: ["orders:read"],
			last_used_at: "2026-11-26T14:42:00.000Z",
		}),
	]);
	await screen.findByRole("list", { name: "API keys, newest first" });
	expect(shownRows()).toEqual([
		[
			"Stock sync",
			"Starts with tgk_Key003…",
			"Read the catalog",
			"Set stock",
			"Made Nov 13, 2026 by an account since removed",
			"Never used",
			"Revoke",
		],
		[
			"Accounting",
			"Starts with tgk_Key002…",
			"Read orders",
			"Made Nov 12, 2026 by ada@example.com",
			"Last used Nov 26, 2026, 2:42 PM",
			"Revoke",
		],
		[
			"Old ERP",
			"Starts with tgk_Key001…",
			"Read the catalog",
			"Made Nov 11, 2026 by ada@example.com",
			"Last used Nov 19, 2026, 8:15 AM",
			"Revoked Nov 20, 2026",
		],
	]);
	expect(
		screen
			.getAllByRole("button", { name: /^Revoke/ })
			.map((button) => button.getAttribute("aria-label")),
	).toEqual(["Revoke: Stock sync", "Revoke: Accounting"]);
	expect(screen.getByText(/in the/)).toHaveTextContent(
		"It sends the key in the X-Api-Key header of each request.",
	);
	expect(document.title).toBe("API Keys · Tools Gallery");
	const menu = screen.getByRole("navigation", { name: "Dashboard" });
	expect(within(menu).getByRole("link", { name: "API Keys" })).toHaveAttribute(
		"aria-current",
		"page",
	);
	expect(listSearches(sent)).toEqual(["?page=1&page_size=20"]);
});

test("the keys come 20 a page, the page in the address", async () => {
	const keys = Array.from({ length: 23 }, (_, index) => anApiKey(index + 1));
	const { sent, user } = await openKeys(keys);
	await screen.findByRole("list", { name: "API keys, newest first" });
	expect(shownRows()).toHaveLength(20);
	const pages = screen.getByRole("navigation", { name: "Pages of API keys" });
	expect(pages).toHaveTextContent("Page 1 of 2");
	await user.click(within(pages).getByRole("button", { name: "Next" }));
	expect(await within(pages).findByText("Page 2 of 2")).toBeVisible();
	expect(shownRows().map((row) => row[0])).toEqual([
		"Integration 03",
		"Integration 02",
		"Integration 01",
	]);
	expect(listSearches(sent)).toEqual([
		"?page=1&page_size=20",
		"?page=2&page_size=20",
	]);
});

test("with no key yet the page says so", async () => {
	await openKeys([]);
	expect(await screen.findByText("No API keys yet")).toBeVisible();
});

test("a list the shop fails to give says so and offers to try again", async () => {
	await openKeys([anApiKey(1)], {
		answer: ({ url }) =>
			url.pathname === "/api/admin/api-keys"
				? errorResponse(500, "INTERNAL_ERROR", "Something went wrong")
				: undefined,
	});
	expect(
		await screen.findByText("The API keys could not be loaded"),
	).toBeVisible();
	expect(screen.getByRole("button", { name: "Try again" })).toBeVisible();
});

test("making a key sends its name and scopes, shows its secret once, and lists the key without it", async () => {
	const { sent, user } = await openKeys([anApiKey(1)]);
	await screen.findByRole("list", { name: "API keys, newest first" });
	const form = screen.getByRole("form", { name: "Make a key" });
	await user.type(within(form).getByLabelText("Name"), " Accounting ");
	await user.click(within(form).getByLabelText("Read orders"));
	await user.click(within(form).getByLabelText("Set stock"));
	await user.click(within(form).getByRole("button", { name: "Make key" }));

	const dialog = await screen.findByRole("dialog", {
		name: "Copy your new key",
	});
	expect(posts(sent).map((request) => request.body)).toEqual([
		{ name: "Accounting", scopes: ["orders:read", "stock:write"] },
	]);
	expect(await screen.findByText("API key made")).toBeVisible();
	const secret = within(dialog).getByLabelText("Your new key");
	expect(secret).toHaveValue(FIRST_SECRET);
	expect(secret).toHaveAttribute("readonly");
	expect(dialog).toHaveTextContent(
		"This is the only time the key is shown: the shop keeps only its first characters. Copy it now and keep it somewhere safe.",
	);
	await user.click(within(dialog).getByRole("button", { name: "Copy" }));
	expect(await within(dialog).findByText("Copied")).toBeVisible();
	expect(await navigator.clipboard.readText()).toBe(FIRST_SECRET);

	await user.click(within(dialog).getByRole("button", { name: "Done" }));
	expect(screen.queryByRole("dialog")).toBeNull();
	expect(document.body.innerHTML).not.toContain(FIRST_SECRET);
	expect(screen.queryByDisplayValue(FIRST_SECRET)).toBeNull();
	await waitFor(() =>
		expect(shownRows()[0]).toEqual([
			"Accounting",
			"Starts with tgk_New1Se…",
			"Read orders",
			"Set stock",
			"Made Nov 27, 2026 by ada@example.com",
			"Never used",
			"Revoke",
		]),
	);
	// The form is empty again, ready for the next key.
	expect(within(form).getByLabelText("Name")).toHaveValue("");
	expect(within(form).getByLabelText("Read orders")).not.toBeChecked();
	expect(document.body.innerHTML).not.toContain(FIRST_SECRET);
});

test("when the browser will not copy, the key is selected for the admin to copy by hand", async () => {
	const { user } = await openKeys([]);
	const form = screen.getByRole("form", { name: "Make a key" });
	await user.type(within(form).getByLabelText("Name"), "Stock sync");
	await user.click(within(form).getByLabelText("Set stock"));
	await user.click(within(form).getByRole("button", { name: "Make key" }));
	const dialog = await screen.findByRole("dialog", {
		name: "Copy your new key",
	});
	vi.spyOn(navigator.clipboard, "writeText").mockRejectedValue(
		new DOMException("Write permission denied.", "NotAllowedError"),
	);
	await user.click(within(dialog).getByRole("button", { name: "Copy" }));
	expect(
		await within(dialog).findByText(
			"Could not copy: select the key and copy it yourself.",
		),
	).toBeVisible();
	expect(within(dialog).getByLabelText("Your new key")).toHaveFocus();
	await user.keyboard("{Escape}");
	expect(screen.queryByRole("dialog")).toBeNull();
	expect(document.body.innerHTML).not.toContain(FIRST_SECRET);
});

test("the form says what is missing, and sends nothing until the key has a name and a scope", async () => {
	const { sent, user } = await openKeys([]);
	const form = screen.getByRole("form", { name: "Make a key" });
	await user.type(within(form).getByLabelText("Name"), "   ");
	await user.click(within(form).getByRole("button", { name: "Make key" }));
	expect(within(form).getByLabelText("Name")).toHaveAccessibleDescription(
		"To know it by: the system that will use it, such as “Accounting” Name is required",
	);
	expect(
		within(form).getByRole("group", { name: "What it may do" }),
	).toHaveAccessibleDescription("Choose at least one scope");
	expect(posts(sent)).toEqual([]);
	expect(screen.queryByRole("dialog")).toBeNull();
});

test("a shop that holds 20 active keys already refuses another, and the form says why and keeps what was typed", async () => {
	const active = Array.from({ length: 20 }, (_, index) => anApiKey(index + 1));
	const { sent, user } = await openKeys([
		anApiKey(30, { revoked_at: "2026-11-26T09:00:00.000Z" }),
		...active,
	]);
	const form = screen.getByRole("form", { name: "Make a key" });
	await user.type(within(form).getByLabelText("Name"), "One too many");
	await user.click(within(form).getByLabelText("Read the catalog"));
	await user.click(within(form).getByRole("button", { name: "Make key" }));
	expect(await within(form).findByRole("alert")).toHaveTextContent(
		"Error: A shop holds at most 20 active API keys: revoke one first",
	);
	expect(posts(sent)).toHaveLength(1);
	expect(screen.queryByRole("dialog")).toBeNull();
	expect(within(form).getByLabelText("Name")).toHaveValue("One too many");
	expect(within(form).getByLabelText("Read the catalog")).toBeChecked();
});

test("the shop's reasons for refusing a field show beside that field", async () => {
	const { user } = await openKeys([], {
		answer: ({ method, url }) =>
			method === "POST" && url.pathname === "/api/admin/api-keys"
				? errorResponse(400, "VALIDATION_FAILED", "Invalid body: name", [
						{ field: "name", message: "Name holds a character not allowed" },
						{ field: "scopes.0", message: "scope must be one of the list" },
					])
				: undefined,
	});
	const form = screen.getByRole("form", { name: "Make a key" });
	await user.type(within(form).getByLabelText("Name"), "Bell\u0007");
	await user.click(within(form).getByLabelText("Read orders"));
	await user.click(within(form).getByRole("button", { name: "Make key" }));
	await waitFor(() =>
		expect(within(form).getByLabelText("Name")).toHaveAccessibleDescription(
			"To know it by: the system that will use it, such as “Accounting” Name holds a character not allowed",
		),
	);
	expect(
		within(form).getByRole("group", { name: "What it may do" }),
	).toHaveAccessibleDescription("scope must be one of the list");
	expect(within(form).queryByRole("alert")).toBeNull();
});

test("revoking a key asks first; cancelling keeps it, confirming revokes it and shows it revoked", async () => {
	const keys = [anApiKey(1), anApiKey(2, { name: "Accounting" })];
	const { sent, user } = await openKeys(keys);
	await user.click(
		await screen.findByRole("button", { name: "Revoke: Accounting" }),
	);
	let dialog = screen.getByRole("dialog", { name: "Revoke this key?" });
	expect(dialog).toHaveTextContent(
		"Systems using “Accounting” stop working at once: the shop refuses the key from now on. This cannot be undone.",
	);
	await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
	expect(screen.queryByRole("dialog")).toBeNull();
	expect(posts(sent)).toEqual([]);

	await user.click(screen.getByRole("button", { name: "Revoke: Accounting" }));
	dialog = screen.getByRole("dialog", { name: "Revoke this key?" });
	await user.click(within(dialog).getByRole("button", { name: "Revoke key" }));
	expect(await screen.findByText("API key revoked")).toBeVisible();
	expect(posts(sent).map((request) => request.url.pathname)).toEqual([
		`/api/admin/api-keys/${anApiKey(2).id}/revoke`,
	]);
	expect(posts(sent)[0]?.body).toBeUndefined();
	await waitFor(() =>
		expect(shownRows()[0]?.at(-1)).toBe("Revoked Nov 27, 2026"),
	);
	expect(
		screen.queryByRole("button", { name: "Revoke: Accounting" }),
	).toBeNull();
	expect(
		screen.getByRole("button", { name: "Revoke: Integration 01" }),
	).toBeVisible();
});

test("a key the shop no longer knows is not revoked, and the toast says why", async () => {
	const { user } = await openKeys([anApiKey(1)], {
		answer: ({ method, url }) =>
			method === "POST" && url.pathname.endsWith("/revoke")
				? errorResponse(404, "NOT_FOUND", "API key not found")
				: undefined,
	});
	await user.click(
		await screen.findByRole("button", { name: "Revoke: Integration 01" }),
	);
	await user.click(
		within(screen.getByRole("dialog", { name: "Revoke this key?" })).getByRole(
			"button",
			{ name: "Revoke key" },
		),
	);
	expect(
		await screen.findByText("Failed to revoke the key: API key not found"),
	).toBeVisible();
	expect(screen.queryByRole("dialog")).toBeNull();
});

test("a customer who opens the page is sent to their own dashboard, and their menu has no API Keys", async () => {
	const sent = serveApiKeys([anApiKey(1)], { me: customer });
	renderWithProviders(<DashboardRoutes />, {
		path: "/dashboard/*",
		url: "/dashboard/api-keys",
	});
	expect(
		await screen.findByRole("heading", { level: 1, name: "My Profile" }),
	).toBeVisible();
	const menu = screen.getByRole("navigation", { name: "Dashboard" });
	expect(within(menu).queryByRole("link", { name: "API Keys" })).toBeNull();
	expect(listSearches(sent)).toEqual([]);
});
