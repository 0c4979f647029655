import { screen, within } from "@testing-library/react";
import { expect, test, vi } from "vitest";
import type { ShopSettings } from "../../shared/shop-settings.schemas.ts";
import { errorResponse, jsonResponse } from "../test-support/fake-api.ts";
import { renderWithProviders } from "../test-support/render-with-providers.tsx";
import { Footer } from "./footer.tsx";

const DEFAULTS: ShopSettings = {
	shop_name: "Tools Gallery",
	legal_address: "",
	tax_id: "",
	contact_email: "",
	logo_url: null,
	currency: "USD",
	updated_at: null,
};

const BRAND_LINE = "Tools Gallery. Providing reliable services since 1992";

/** The footer over a shop-settings API that answers `answer`; resolves once it has answered. */
async function renderFooter(answer: () => Response) {
	const fetch = vi.fn(async () => answer());
	vi.stubGlobal("fetch", fetch);
	renderWithProviders(<Footer />);
	await vi.waitFor(() => expect(fetch).toHaveBeenCalledOnce());
	// The answer is read and parsed after the call returns.
	await new Promise((resolve) => setTimeout(resolve, 0));
	return screen.getByRole("contentinfo");
}

test("the footer shows the shop's name, legal address and contact email from its settings, after the spec's brand line", async () => {
	const footer = await renderFooter(() =>
		jsonResponse({
			...DEFAULTS,
			shop_name: "Forge & Anvil Tools Ltd",
			legal_address: "7 Anvil Yard\nRotherham S60 1AA",
			contact_email: "sales@forge.example",
		}),
	);

	expect(
		await within(footer).findByText("Forge & Anvil Tools Ltd"),
	).toBeVisible();
	expect(footer).toHaveTextContent(BRAND_LINE);
	const address = footer.querySelector("address");
	for (const part of [
		"Forge & Anvil Tools Ltd",
		"7 Anvil Yard\nRotherham S60 1AA",
		"sales@forge.example",
	])
		expect(address?.textContent).toContain(part);
	expect(
		within(footer).getByRole("link", { name: "sales@forge.example" }),
	).toHaveAttribute("href", "mailto:sales@forge.example");
	expect(
		within(
			within(footer).getByRole("navigation", { name: "Social" }),
		).getAllByRole("link"),
	).toHaveLength(3);
});

test("while no address or email is set, the footer is the spec's alone", async () => {
	const footer = await renderFooter(() => jsonResponse(DEFAULTS));

	expect(footer).toHaveTextContent(BRAND_LINE);
	expect(footer.querySelector("address")).toBeNull();
});

test("when the settings cannot be read, the footer is the spec's alone", async () => {
	const footer = await renderFooter(() =>
		errorResponse(500, "INTERNAL_ERROR", "Something went wrong"),
	);

	expect(footer).toHaveTextContent(BRAND_LINE);
	expect(footer.querySelector("address")).toBeNull();
});
