import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, test } from "vitest";
import type { WebhookEndpoint } from "../../../shared/webhooks.schemas.ts";
import { ToastHost } from "../../app/toast-host.tsx";
import { errorResponse } from "../../test-support/fake-api.ts";
import { customer } from "../../test-support/fake-orders.ts";
import {
	anEndpoint,
	serveWebhooks,
	type WebhookRequest,
} from "../../test-support/fake-webhooks.ts";
import { renderWithProviders } from "../../test-support/render-with-providers.tsx";
import { DashboardRoutes } from "./dashboard-routes.tsx";

/** The secret the fake shop answers for the first endpoint added. */
const FIRST_SECRET = "whsec_New1SigningSecret0123456789abcdefXYZ";

async function openWebhooks(
	endpoints: WebhookEndpoint[],
	options: Parameters<typeof serveWebhooks>[1] = {},
) {
	const sent = serveWebhooks({ endpoints }, options);
	renderWithProviders(
		<>
			<DashboardRoutes />
			<ToastHost />
		</>,
		{ path: "/dashboard/*", url: "/dashboard/webhooks" },
	);
	expect(
		await screen.findByRole("heading", { level: 1, name: "Webhooks" }),
	).toBeVisible();
	return { sent, user: userEvent.setup() };
}

const endpointList = () =>
	screen.getByRole("list", { name: "Webhook endpoints, newest first" });
/** Each listed endpoint as it reads: its URL, description, events, who added it, and its actions. */
const shownRows = () =>
	within(endpointList())
		.getAllByRole("article")
		.map((endpoint) =>
			[...endpoint.querySelectorAll("h3, p, li, a, button")].map(
				(part) => part.textContent,
			),
		);
const addForm = () => screen.getByRole("form", { name: "Add an endpoint" });
const listSearches = (sent: WebhookRequest[]) =>
	sent
		.filter(
			(request) =>
				request.url.pathname === "/api/admin/webhooks" &&
				request.method === "GET",
		)
		.map((request) => request.url.search);
const changes = (sent: WebhookRequest[]) =>
	sent.filter((request) => request.method !== "GET");

/** Fills the form: the URL and description typed, each event ticked by its label. */
async function fillIn(
	user: ReturnType<typeof userEvent.setup>,
	{
		url,
		description,
		events,
	}: { url?: string; description?: string; events?: string[] },
) {
	const form = addForm();
	if (url) await user.type(within(form).getByLabelText("URL"), url);
	if (description)
		await user.type(
			within(form).getByLabelText("Description (optional)"),
			description,
		);
	for (const event of events ?? [])
		await user.click(within(form).getByLabelText(event));
}

test("the admin menu leads to Webhooks: every endpoint newest first with its events, who added it, and its deliveries", async () => {
	const { sent } = await openWebhooks([
		anEndpoint(1, {
			url: "https://erp.example.com/hooks/orders",
			description: "ERP: orders as they happen",
			events: ["order.shipped", "order.placed", "order.paid"],
		}),
		anEndpoint(2, {
			url: "http://warehouse.example.net:8080/in",
			events: ["tool.deleted", "tool.created", "order.cancelled"],
			created_by_email: null,
		}),
	]);
	await screen.findByRole("list", { name: "Webhook endpoints, newest first" });
	expect(shownRows()).toEqual([
		[
			"http://warehouse.example.net:8080/in",
			"Order cancelled",
			"Tool added",
			"Tool deleted",
			"Added Nov 12, 2026 by an account since removed",
			"Deliveries",
			"Remove",
		],
		[
			"https://erp.example.com/hooks/orders",
			"ERP: orders as they happen",
			"Order placed",
			"Order paid",
			"Order shipped",
			"Added Nov 11, 2026 by ada@example.com",
			"Deliveries",
			"Remove",
		],
	]);
	expect(
		screen.getByRole("link", {
			name: "Deliveries: https://erp.example.com/hooks/orders",
		}),
	).toHaveAttribute("href", `/dashboard/webhooks/${anEndpoint(1).id}`);
	expect(
		screen.getByRole("button", {
			name: "Remove: http://warehouse.example.net:8080/in",
		}),
	).toBeVisible();
	// The intro says how a receiver knows a delivery is the shop's, and where to read more.
	expect(screen.getByText(/header with/)).toHaveTextContent(
		"Each delivery is signed in the Tools-Gallery-Signature header with the endpoint's secret",
	);
	expect(screen.getByRole("link", { name: "API reference" })).toHaveAttribute(
		"href",
		"/api/docs",
	);
	expect(document.title).toBe("Webhooks · Tools Gallery");
	const menu = screen.getByRole("navigation", { name: "Dashboard" });
	expect(within(menu).getByRole("link", { name: "Webhooks" })).toHaveAttribute(
		"aria-current",
		"page",
	);
	expect(listSearches(sent)).toEqual(["?page=1&page_size=20"]);
});

test("with no endpoint yet the page says so", async () => {
	await openWebhooks([]);
	expect(await screen.findByText("No webhook endpoints yet")).toBeVisible();
});

test("a list the shop fails to give says so and offers to try again", async () => {
	await openWebhooks([anEndpoint(1)], {
		answer: ({ url }) =>
			url.pathname === "/api/admin/webhooks"
				? errorResponse(500, "INTERNAL_ERROR", "Something went wrong")
				: undefined,
	});
	expect(
		await screen.findByText("The webhook endpoints could not be loaded"),
	).toBeVisible();
	expect(screen.getByRole("button", { name: "Try again" })).toBeVisible();
});

test("adding an endpoint sends its URL, description and events, shows its signing secret once, and lists it without the secret", async () => {
	const { sent, user } = await openWebhooks([anEndpoint(1)]);
	await screen.findByRole("list", { name: "Webhook endpoints, newest first" });
	await fillIn(user, {
		url: " https://crm.example.com/in ",
		description: " CRM ",
		events: ["Tool changed", "Order paid"],
	});
	await user.click(
		within(addForm()).getByRole("button", { name: "Add endpoint" }),
	);

	const dialog = await screen.findByRole("dialog", {
		name: "Copy the signing secret",
	});
	expect(changes(sent).map(({ method, body }) => [method, body])).toEqual([
		[
			"POST",
			{
				url: "https://crm.example.com/in",
				description: "CRM",
				events: ["order.paid", "tool.updated"],
			},
		],
	]);
	expect(await screen.findByText("Endpoint added")).toBeVisible();
	const secret = within(dialog).getByLabelText("Signing secret");
	expect(secret).toHaveValue(FIRST_SECRET);
	expect(secret).toHaveAttribute("readonly");
	expect(dialog).toHaveTextContent(
		"The shop now sends events to https://crm.example.com/in. Give this secret to the system there: it checks with it that each delivery comes from the shop, by its Tools-Gallery-Signature header.",
	);
	expect(dialog).toHaveTextContent(
		"This is the only time the secret is shown. Copy it now and keep it somewhere safe.",
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
			"https://crm.example.com/in",
			"CRM",
			"Order paid",
			"Tool changed",
			"Added Nov 27, 2026 by ada@example.com",
			"Deliveries",
			"Remove",
		]),
	);
	// The form is empty again, ready for the next endpoint.
	expect(within(addForm()).getByLabelText("URL")).toHaveValue("");
	expect(within(addForm()).getByLabelText("Order paid")).not.toBeChecked();
	expect(document.body.innerHTML).not.toContain(FIRST_SECRET);
});

test("the events are offered in two groups, Orders and Tools", async () => {
	await openWebhooks([]);
	const orders = within(addForm()).getByRole("group", { name: "Orders" });
	const tools = within(addForm()).getByRole("group", { name: "Tools" });
	const labels = (group: HTMLElement) =>
		within(group)
			.getAllByRole("checkbox")
			.map((box) => box.closest("label")?.textContent);
	expect(labels(orders)).toEqual([
		"Order placed",
		"Order paid",
		"Order shipped",
		"Order cancelled",
		"Order refunded",
	]);
	expect(labels(tools)).toEqual(["Tool added", "Tool changed", "Tool deleted"]);
});

test("the form says what is missing or wrong, and sends nothing until the URL is an http(s) address and an event is chosen", async () => {
	const { sent, user } = await openWebhooks([]);
	const form = addForm();
	const url = within(form).getByLabelText("URL");
	const hint =
		"The address of the receiving system, such as https://erp.example.com/hooks/tools-gallery";
	await user.click(within(form).getByRole("button", { name: "Add endpoint" }));
	expect(url).toHaveAccessibleDescription(`${hint} URL is required`);
	expect(
		within(form).getByRole("group", { name: "Events to send" }),
	).toHaveAccessibleDescription("Choose at least one event");

	await user.type(url, "ftp://files.example.com/drop");
	await user.click(within(form).getByLabelText("Order placed"));
	await user.click(within(form).getByRole("button", { name: "Add endpoint" }));
	await waitFor(() =>
		expect(url).toHaveAccessibleDescription(
			`${hint} URL must be an http:// or https:// address`,
		),
	);
	expect(
		within(form).getByRole("group", { name: "Events to send" }),
	).not.toHaveAccessibleDescription();
	expect(changes(sent)).toEqual([]);
	expect(screen.queryByRole("dialog")).toBeNull();
});

test("an address the shop will not send to is refused beside the URL, and what was entered stays", async () => {
	const refusal =
		"URL points to a private or local address, which the shop does not send to";
	const { sent, user } = await openWebhooks([], {
		answer: ({ method, url }) =>
			method === "POST" && url.pathname === "/api/admin/webhooks"
				? errorResponse(400, "VALIDATION_FAILED", "Invalid body: url", [
						{ field: "url", message: refusal },
					])
				: undefined,
	});
	await fillIn(user, {
		url: "http://192.168.1.20/hooks",
		events: ["Order placed"],
	});
	await user.click(
		within(addForm()).getByRole("button", { name: "Add endpoint" }),
	);
	const url = within(addForm()).getByLabelText("URL");
	await waitFor(() =>
		expect(url).toHaveAccessibleDescription(
			`The address of the receiving system, such as https://erp.example.com/hooks/tools-gallery ${refusal}`,
		),
	);
	expect(url).toHaveAttribute("aria-invalid", "true");
	expect(url).toHaveValue("http://192.168.1.20/hooks");
	expect(within(addForm()).queryByRole("alert")).toBeNull();
	expect(changes(sent)).toHaveLength(1);
	expect(screen.queryByRole("dialog")).toBeNull();
});

test("a shop that sends to 10 endpoints already refuses another, and the form says why and keeps what was entered", async () => {
	const { sent, user } = await openWebhooks(
		Array.from({ length: 10 }, (_, index) => anEndpoint(index + 1)),
	);
	await fillIn(user, {
		url: "https://one-too-many.example.com",
		events: ["Tool deleted"],
	});
	await user.click(
		within(addForm()).getByRole("button", { name: "Add endpoint" }),
	);
	expect(await within(addForm()).findByRole("alert")).toHaveTextContent(
		"Error: A shop sends to at most 10 webhook endpoints: remove one first",
	);
	expect(changes(sent)).toHaveLength(1);
	expect(screen.queryByRole("dialog")).toBeNull();
	expect(within(addForm()).getByLabelText("URL")).toHaveValue(
		"https://one-too-many.example.com",
	);
	expect(within(addForm()).getByLabelText("Tool deleted")).toBeChecked();
});

test("removing an endpoint asks first, saying its deliveries go too; cancelling keeps it, confirming removes it", async () => {
	const erp = anEndpoint(2, { url: "https://erp.example.com/hooks" });
	const { sent, user } = await openWebhooks([anEndpoint(1), erp]);
	await user.click(
		await screen.findByRole("button", {
			name: "Remove: https://erp.example.com/hooks",
		}),
	);
	let dialog = screen.getByRole("dialog", { name: "Remove this endpoint?" });
	expect(dialog).toHaveTextContent(
		"The shop stops sending events to https://erp.example.com/hooks at once, and its deliveries and their log are deleted with it. This cannot be undone.",
	);
	await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
	expect(screen.queryByRole("dialog")).toBeNull();
	expect(changes(sent)).toEqual([]);

	await user.click(
		screen.getByRole("button", {
			name: "Remove: https://erp.example.com/hooks",
		}),
	);
	dialog = screen.getByRole("dialog", { name: "Remove this endpoint?" });
	await user.click(
		within(dialog).getByRole("button", { name: "Remove endpoint" }),
	);
	expect(await screen.findByText("Endpoint removed")).toBeVisible();
	expect(
		changes(sent).map(({ method, url }) => [method, url.pathname]),
	).toEqual([["DELETE", `/api/admin/webhooks/${erp.id}`]]);
	await waitFor(() =>
		expect(shownRows().map((row) => row[0])).toEqual([anEndpoint(1).url]),
	);
	expect(screen.queryByRole("dialog")).toBeNull();
});

test("removing an endpoint the shop no longer knows fails, and the toast says why", async () => {
	const { user } = await openWebhooks([anEndpoint(1)], {
		answer: ({ method }) =>
			method === "DELETE"
				? errorResponse(404, "NOT_FOUND", "Webhook endpoint not found")
				: undefined,
	});
	await user.click(
		await screen.findByRole("button", { name: `Remove: ${anEndpoint(1).url}` }),
	);
	await user.click(
		within(
			screen.getByRole("dialog", { name: "Remove this endpoint?" }),
		).getByRole("button", { name: "Remove endpoint" }),
	);
	expect(
		await screen.findByText(
			"Failed to remove the endpoint: Webhook endpoint not found",
		),
	).toBeVisible();
	expect(screen.queryByRole("dialog")).toBeNull();
});

test("a customer who opens the page is sent to their own dashboard, and their menu has no Webhooks", async () => {
	const sent = serveWebhooks({ endpoints: [anEndpoint(1)] }, { me: customer });
	renderWithProviders(<DashboardRoutes />, {
		path: "/dashboard/*",
		url: "/dashboard/webhooks",
	});
	expect(
		await screen.findByRole("heading", { level: 1, name: "My Profile" }),
	).toBeVisible();
	const menu = screen.getByRole("navigation", { name: "Dashboard" });
	expect(within(menu).queryByRole("link", { name: "Webhooks" })).toBeNull();
	expect(listSearches(sent)).toEqual([]);
});
