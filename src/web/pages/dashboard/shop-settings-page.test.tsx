import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router";
import { expect, test, vi } from "vitest";
import type { ShopSettings } from "../../../shared/shop-settings.schemas.ts";
import { ToastHost } from "../../app/toast-host.tsx";
import { errorResponse, jsonResponse } from "../../test-support/fake-api.ts";
import { admin } from "../../test-support/fake-catalog.ts";
import { renderWithProviders } from "../../test-support/render-with-providers.tsx";
import { ShopSettingsPage } from "./shop-settings-page.tsx";

const DEFAULTS: ShopSettings = {
	shop_name: "Tools Gallery",
	legal_address: "",
	tax_id: "",
	contact_email: "",
	logo_url: null,
	currency: "USD",
	updated_at: null,
};

type Sent = { method: string; path: string; body: unknown };

/**
 * The shop-settings API over `initial`, changed by the requests; `refuse` answers a save with the
 * error it gives instead.
 */
function serveSettings(
	initial: ShopSettings,
	{
		me = admin,
		refuse,
	}: { me?: object; refuse?: (path: string) => Response | undefined } = {},
) {
	const sent: Sent[] = [];
	let settings = initial;
	vi.stubGlobal(
		"fetch",
		async (input: RequestInfo | URL, init?: RequestInit) => {
			const url = new URL(String(input), window.location.href);
			const method = init?.method ?? "GET";
			const body =
				typeof init?.body === "string"
					? JSON.parse(init.body)
					: init?.body instanceof FormData
						? Object.fromEntries(init.body)
						: undefined;
			sent.push({ method, path: url.pathname, body });
			if (url.pathname === "/api/session") return jsonResponse({ me });
			if (url.pathname === "/api/shop-settings") return jsonResponse(settings);
			const refusal = method === "GET" ? undefined : refuse?.(url.pathname);
			if (refusal) return refusal;
			const now = "2026-11-30T10:00:00.000Z";
			if (url.pathname === "/api/admin/shop-settings" && method === "PUT")
				settings = { ...settings, ...(body as object), updated_at: now };
			else if (url.pathname === "/api/admin/shop-settings/logo")
				settings = {
					...settings,
					logo_url:
						method === "PUT" ? "/images/logo-0123456789abcdef.webp" : null,
					updated_at: now,
				};
			else throw new Error(`No answer for ${method} ${url.pathname}`);
			return jsonResponse(settings);
		},
	);
	renderWithProviders(
		<Routes>
			<Route
				path="/dashboard/shop-settings"
				element={
					<>
						<ShopSettingsPage />
						<ToastHost />
					</>
				}
			/>
			<Route path="/dashboard" element={<h1>My Profile</h1>} />
		</Routes>,
		{ path: "*", url: "/dashboard/shop-settings" },
	);
	return { sent, user: userEvent.setup() };
}

const writes = (sent: Sent[]) =>
	sent.filter((request) => request.method !== "GET");

async function openForm(
	settings = DEFAULTS,
	options: Parameters<typeof serveSettings>[1] = {},
) {
	const served = serveSettings(settings, options);
	expect(
		await screen.findByRole("heading", { level: 1, name: "Shop Settings" }),
	).toBeVisible();
	await screen.findByLabelText("Shop name");
	return served;
}

test("the admin's Shop Settings opens with the shop's details filled in", async () => {
	await openForm({
		...DEFAULTS,
		legal_address: "7 Anvil Yard\nRotherham",
		tax_id: "GB 123",
		contact_email: "accounts@forge.example",
	});

	expect(document.title).toBe("Shop Settings · Tools Gallery");
	expect(screen.getByLabelText("Shop name")).toHaveValue("Tools Gallery");
	expect(screen.getByLabelText("Legal address")).toHaveValue(
		"7 Anvil Yard\nRotherham",
	);
	expect(screen.getByLabelText("Tax id")).toHaveValue("GB 123");
	expect(screen.getByLabelText("Contact email")).toHaveValue(
		"accounts@forge.example",
	);
	expect(screen.getByLabelText("Currency")).toHaveValue("USD");
	expect(screen.getByLabelText("Logo")).toHaveAccessibleDescription(
		expect.stringContaining("Optional: printed at the top of invoices."),
	);
});

test("saving sends the details tidied, says so, and keeps them in the form", async () => {
	const { sent, user } = await openForm();
	const name = screen.getByLabelText("Shop name");
	await user.clear(name);
	await user.type(name, "  Forge & Anvil Tools Ltd ");
	await user.type(
		screen.getByLabelText("Legal address"),
		"7 Anvil Yard  {Enter}{Enter}Rotherham S60 1AA",
	);
	await user.type(screen.getByLabelText("Tax id"), "GB 123 4567 89");
	await user.type(
		screen.getByLabelText("Contact email"),
		"accounts@forge.example",
	);
	await user.click(screen.getByRole("button", { name: "Save settings" }));

	expect(await screen.findByText("Shop settings saved")).toBeVisible();
	expect(writes(sent)).toEqual([
		{
			method: "PUT",
			path: "/api/admin/shop-settings",
			body: {
				shop_name: "Forge & Anvil Tools Ltd",
				legal_address: "7 Anvil Yard\nRotherham S60 1AA",
				tax_id: "GB 123 4567 89",
				contact_email: "accounts@forge.example",
				currency: "USD",
			},
		},
	]);
	expect(screen.getByLabelText("Shop name")).toHaveValue(
		"Forge & Anvil Tools Ltd",
	);
});

test("a blank name and a wrong email are shown on their fields, and nothing is sent", async () => {
	const { sent, user } = await openForm();
	await user.clear(screen.getByLabelText("Shop name"));
	await user.type(screen.getByLabelText("Contact email"), "sales at forge");
	await user.click(screen.getByRole("button", { name: "Save settings" }));

	expect(await screen.findByText("Shop name is required")).toBeVisible();
	expect(screen.getByLabelText("Shop name")).toHaveAttribute(
		"aria-invalid",
		"true",
	);
	expect(screen.getByLabelText("Contact email")).toHaveAccessibleDescription(
		expect.stringContaining(
			"Contact email must be an email address, such as sales@example.com",
		),
	);
	expect(writes(sent)).toEqual([]);
});

test("a field the shop refuses shows the shop's words on that field", async () => {
	const { user } = await openForm(DEFAULTS, {
		refuse: () =>
			errorResponse(400, "VALIDATION_FAILED", "Invalid body: tax_id", [
				{ field: "tax_id", message: "Tax id must be one line" },
			]),
	});
	await user.type(screen.getByLabelText("Tax id"), "GB 123");
	await user.click(screen.getByRole("button", { name: "Save settings" }));

	await waitFor(() =>
		expect(screen.getByLabelText("Tax id")).toHaveAccessibleDescription(
			expect.stringContaining("Tax id must be one line"),
		),
	);
});

test("a chosen logo is uploaded after the details, and the saved logo is shown", async () => {
	const { sent, user } = await openForm();
	await user.upload(
		screen.getByLabelText("Logo"),
		new File([new Uint8Array([137, 80, 78, 71])], "logo.png", {
			type: "image/png",
		}),
	);
	await user.click(screen.getByRole("button", { name: "Save settings" }));

	expect(await screen.findByText("Shop settings saved")).toBeVisible();
	expect(writes(sent).map(({ method, path }) => `${method} ${path}`)).toEqual([
		"PUT /api/admin/shop-settings",
		"PUT /api/admin/shop-settings/logo",
	]);
	expect(writes(sent)[1]?.body).toEqual({ logo: expect.any(File) });
	expect(
		await screen.findByRole("img", { name: "The current picture" }),
	).toHaveAttribute("src", "/images/logo-0123456789abcdef.webp");
});

test("ticking 'Remove the logo' removes it when the form is saved", async () => {
	const { sent, user } = await openForm({
		...DEFAULTS,
		logo_url: "/images/logo-0123456789abcdef.webp",
	});
	await user.click(
		screen.getByRole("checkbox", {
			name: "Remove the logo (invoices already issued keep it)",
		}),
	);
	await user.click(screen.getByRole("button", { name: "Save settings" }));

	expect(await screen.findByText("Shop settings saved")).toBeVisible();
	expect(writes(sent).map(({ method, path }) => `${method} ${path}`)).toEqual([
		"PUT /api/admin/shop-settings",
		"DELETE /api/admin/shop-settings/logo",
	]);
	expect(screen.queryByRole("img", { name: "The current picture" })).toBeNull();
});

test("a logo the shop refuses is explained on the logo field; the details are kept", async () => {
	const { user } = await openForm(DEFAULTS, {
		refuse: (path) =>
			path.endsWith("/logo")
				? errorResponse(
						400,
						"VALIDATION_FAILED",
						"The image is damaged or incomplete",
					)
				: undefined,
	});
	await user.upload(
		screen.getByLabelText("Logo"),
		new File([new Uint8Array([137, 80, 78, 71])], "logo.png", {
			type: "image/png",
		}),
	);
	await user.click(screen.getByRole("button", { name: "Save settings" }));

	expect(
		await screen.findByText("The details were saved, the logo was not"),
	).toBeVisible();
	expect(screen.getByLabelText("Logo")).toHaveAccessibleDescription(
		expect.stringContaining("The image is damaged or incomplete"),
	);
});

test("a customer who opens Shop Settings is sent to their dashboard", async () => {
	serveSettings(DEFAULTS, { me: { ...admin, is_admin: false } });

	expect(
		await screen.findByRole("heading", { level: 1, name: "My Profile" }),
	).toBeVisible();
});
