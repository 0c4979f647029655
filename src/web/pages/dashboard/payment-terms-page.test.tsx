import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, test } from "vitest";
import { ToastHost } from "../../app/toast-host.tsx";
import { errorResponse } from "../../test-support/fake-api.ts";
import {
	anAccount,
	anOverdueInvoice,
	aTermsShop,
	servePaymentTerms,
	someTerms,
	type TermsRequest,
	type TermsShop,
} from "../../test-support/fake-payment-terms.ts";
import { renderWithProviders } from "../../test-support/render-with-providers.tsx";
import { DashboardRoutes } from "./dashboard-routes.tsx";

async function openPaymentTerms(
	shop: TermsShop,
	{
		url = "/dashboard/payment-terms",
		answer,
	}: {
		url?: string;
		answer?: (request: TermsRequest) => Response | undefined;
	} = {},
) {
	const sent = servePaymentTerms(shop, answer);
	renderWithProviders(
		<>
			<DashboardRoutes />
			<ToastHost />
		</>,
		{ path: "/dashboard/*", url },
	);
	expect(
		await screen.findByRole("heading", { level: 1, name: "Payment Terms" }),
	).toBeVisible();
	return { sent, user: userEvent.setup() };
}

const form = () => screen.getByRole("form", { name: "Approve a customer" });
const approvedTable = () =>
	screen.findByRole("table", {
		name: "Customers approved to pay by invoice, the latest approved first",
	});
/** Each row of a table as it reads, cell by cell. */
const rowsOf = (table: HTMLElement) =>
	within(table)
		.getAllByRole("row")
		.slice(1)
		.map((row) =>
			within(row)
				.getAllByRole("cell")
				.map((cell) => cell.textContent),
		);
const posts = (sent: TermsRequest[]) =>
	sent
		.filter((request) => request.method === "POST")
		.map((request) => request.body);
const listReads = (sent: TermsRequest[], path: string) =>
	sent
		.filter((request) => request.url.pathname === path)
		.map((request) => request.url.search);

test("the admin menu leads to Payment Terms: each approved customer's terms, limit, what they owe and who approved them, and the overdue invoices with their orders", async () => {
	await openPaymentTerms(
		aTermsShop({
			terms: [
				someTerms(3, {
					name: "Bea Business",
					email: "bea@example.com",
					net_days: 60,
					credit_limit_cents: 250_050,
					owed_cents: 30_000,
				}),
				someTerms(2, { credit_limit_cents: 10_000, owed_cents: 12_500 }),
			],
			overdue: [
				anOverdueInvoice(4),
				anOverdueInvoice(1, {
					user_name: "Bea Business",
					email: "bea@example.com",
				}),
			],
		}),
	);
	const menu = screen.getByRole("navigation", { name: "Dashboard" });
	expect(
		within(menu).getByRole("link", { name: "Payment Terms" }),
	).toHaveAttribute("aria-current", "page");
	expect(rowsOf(await approvedTable())).toEqual([
		[
			"Bea Businessbea@example.com",
			"Net 60",
			"$2,500.50",
			"$300.00",
			"November 3, 2026by ada@example.com",
			"ChangeWithdraw",
		],
		[
			"Customer 2customer2@example.com",
			"Net 30",
			"$100.00",
			"$125.00Over the limit",
			"November 2, 2026by ada@example.com",
			"ChangeWithdraw",
		],
	]);

	const overdue = await screen.findByRole("table", {
		name: "Overdue invoices, the longest overdue first",
	});
	expect(rowsOf(overdue)).toEqual([
		[
			"2026-000004",
			"Customer 4customer4@example.com",
			"$250.00",
			"December 1, 2026",
			"4 days",
			"View order of invoice 2026-000004",
		],
		[
			"2026-000001",
			"Bea Businessbea@example.com",
			"$250.00",
			"December 1, 2026",
			"1 day",
			"View order of invoice 2026-000001",
		],
	]);
	expect(
		within(overdue).getByRole("link", {
			name: "View order of invoice 2026-000001",
		}),
	).toHaveAttribute(
		"href",
		`/dashboard/all-orders/${anOverdueInvoice(1).order_id}`,
	);
});

test("with nobody approved and nothing overdue, both lists say so", async () => {
	await openPaymentTerms(aTermsShop());
	expect(
		await screen.findByText(
			"No customer may pay by invoice yet. Approve one above.",
		),
	).toBeVisible();
	expect(await screen.findByText("No invoice is overdue.")).toBeVisible();
});

test("approving checks the fields with the shared rules, sends the days as a number and the limit as typed, then toasts, lists the customer and empties the form", async () => {
	const shop = aTermsShop({
		accounts: [
			anAccount(7, { name: "Bea Business", email: "bea@example.com" }),
		],
	});
	const { sent, user } = await openPaymentTerms(shop);
	await screen.findByText(
		"No customer may pay by invoice yet. Approve one above.",
	);
	const email = within(form()).getByLabelText(
		"Email of the customer's account",
	);
	expect(email).toHaveAccessibleDescription(
		"Saving an email already approved changes that customer's terms.",
	);
	expect(within(form()).getByLabelText("Payment terms")).toHaveValue("30");

	await user.type(email, "not an email");
	await user.type(within(form()).getByLabelText("Credit limit ($)"), "12.345");
	await user.click(within(form()).getByRole("button", { name: "Save terms" }));
	expect(email).toHaveAccessibleDescription(
		"Saving an email already approved changes that customer's terms. Enter the email address of the customer's account",
	);
	expect(
		within(form()).getByLabelText("Credit limit ($)"),
	).toHaveAccessibleDescription(
		"What they may owe on open invoices at once Credit limit must be a number with at most two decimals",
	);
	expect(posts(sent)).toEqual([]);

	await user.clear(email);
	await user.type(email, " Bea@Example.com ");
	await user.selectOptions(
		within(form()).getByLabelText("Payment terms"),
		"Net 60",
	);
	await user.clear(within(form()).getByLabelText("Credit limit ($)"));
	await user.type(within(form()).getByLabelText("Credit limit ($)"), "2500.5");
	await user.click(within(form()).getByRole("button", { name: "Save terms" }));

	expect(
		await screen.findByText(
			"Bea Business (bea@example.com) may pay by invoice: net 60 days, credit limit $2,500.50",
		),
	).toBeVisible();
	expect(posts(sent)).toEqual([
		{ email: "bea@example.com", net_days: 60, credit_limit: "2500.5" },
	]);
	await waitFor(async () =>
		expect(rowsOf(await approvedTable())[0]?.slice(0, 4)).toEqual([
			"Bea Businessbea@example.com",
			"Net 60",
			"$2,500.50",
			"$0.00",
		]),
	);
	expect(
		within(form()).getByLabelText("Email of the customer's account"),
	).toHaveValue("");
	expect(within(form()).getByLabelText("Credit limit ($)")).toHaveValue("");
});

test("an email no account uses is said on the email field, and nothing is listed", async () => {
	const { user } = await openPaymentTerms(aTermsShop());
	const email = within(form()).getByLabelText(
		"Email of the customer's account",
	);
	await user.type(email, "nobody@example.com");
	await user.type(within(form()).getByLabelText("Credit limit ($)"), "500");
	await user.click(within(form()).getByRole("button", { name: "Save terms" }));
	await waitFor(() =>
		expect(email).toHaveAccessibleDescription(
			"Saving an email already approved changes that customer's terms. No account uses nobody@example.com. The customer signs up first, then is approved.",
		),
	);
	expect(email).toHaveFocus();
	expect(email).toHaveValue("nobody@example.com");
	expect(
		screen.getByText("No customer may pay by invoice yet. Approve one above."),
	).toBeVisible();
});

test("a save the shop fails says why above the form and keeps what was typed", async () => {
	const { user } = await openPaymentTerms(
		aTermsShop({ accounts: [anAccount(1)] }),
		{
			answer: (request) =>
				request.method === "POST"
					? errorResponse(429, "TOO_MANY_REQUESTS", "Too many changes at once.")
					: undefined,
		},
	);
	await user.type(
		within(form()).getByLabelText("Email of the customer's account"),
		"customer1@example.com",
	);
	await user.type(within(form()).getByLabelText("Credit limit ($)"), "500");
	await user.click(within(form()).getByRole("button", { name: "Save terms" }));
	expect(await within(form()).findByRole("alert")).toHaveTextContent(
		"Error: Too many changes at once.",
	);
	expect(within(form()).getByLabelText("Credit limit ($)")).toHaveValue("500");
});

test("'Change' fills the form with the customer's terms and puts the focus on them; saving changes that customer's terms", async () => {
	const bea = anAccount(1, { name: "Bea Business", email: "bea@example.com" });
	const shop = aTermsShop({
		accounts: [bea],
		terms: [
			someTerms(1, {
				...bea,
				net_days: 30,
				credit_limit_cents: 100_050,
				owed_cents: 20_000,
			}),
			someTerms(2),
		],
	});
	const { sent, user } = await openPaymentTerms(shop);
	await user.click(
		within(await approvedTable()).getByRole("button", {
			name: "Change the terms of bea@example.com",
		}),
	);
	expect(within(form()).getByLabelText("Payment terms")).toHaveFocus();
	expect(
		within(form()).getByLabelText("Email of the customer's account"),
	).toHaveValue("bea@example.com");
	expect(within(form()).getByLabelText("Payment terms")).toHaveValue("30");
	expect(within(form()).getByLabelText("Credit limit ($)")).toHaveValue(
		"1000.50",
	);

	await user.selectOptions(
		within(form()).getByLabelText("Payment terms"),
		"Net 14",
	);
	await user.click(within(form()).getByRole("button", { name: "Save terms" }));
	expect(
		await screen.findByText(
			"Bea Business (bea@example.com) may pay by invoice: net 14 days, credit limit $1,000.50",
		),
	).toBeVisible();
	expect(posts(sent)).toEqual([
		{ email: "bea@example.com", net_days: 14, credit_limit: "1000.50" },
	]);
	await waitFor(async () =>
		expect(rowsOf(await approvedTable()).map((row) => row.slice(0, 4))).toEqual(
			[
				["Customer 2customer2@example.com", "Net 30", "$1,000.00", "$0.00"],
				["Bea Businessbea@example.com", "Net 14", "$1,000.50", "$200.00"],
			],
		),
	);
});

test("'Withdraw' asks first; confirmed, the customer leaves the list and can no longer pay by invoice", async () => {
	const shop = aTermsShop({ terms: [someTerms(1), someTerms(2)] });
	const { sent, user } = await openPaymentTerms(shop);
	const withdraw = () =>
		screen.getByRole("button", {
			name: "Withdraw the terms of customer2@example.com",
		});
	await approvedTable();
	await user.click(withdraw());
	const dialog = screen.getByRole("dialog", {
		name: "Withdraw these payment terms?",
	});
	expect(dialog).toHaveTextContent(
		"Customer 2 (customer2@example.com) can no longer choose to pay by invoice at checkout. Invoices already issued stay owed.",
	);
	await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
	expect(screen.queryByRole("dialog")).toBeNull();
	expect(sent.filter((request) => request.method === "DELETE")).toEqual([]);

	await user.click(withdraw());
	await user.click(
		within(
			screen.getByRole("dialog", { name: "Withdraw these payment terms?" }),
		).getByRole("button", { name: "Withdraw" }),
	);
	expect(
		await screen.findByText(
			"customer2@example.com can no longer pay by invoice",
		),
	).toBeVisible();
	expect(
		sent
			.filter((request) => request.method === "DELETE")
			.map((request) => request.url.pathname),
	).toEqual([`/api/admin/payment-terms/${someTerms(2).user_id}`]);
	await waitFor(async () =>
		expect(rowsOf(await approvedTable()).map((row) => row[0])).toEqual([
			"Customer 1customer1@example.com",
		]),
	);
});

test("each list pages on its own, its page in the address", async () => {
	const shop = aTermsShop({
		terms: Array.from({ length: 14 }, (_, index) => someTerms(index + 1)),
		overdue: Array.from({ length: 13 }, (_, index) =>
			anOverdueInvoice(index + 1),
		),
	});
	const { sent, user } = await openPaymentTerms(shop, {
		url: "/dashboard/payment-terms?overdue_page=2",
	});
	const overdue = await screen.findByRole("table", {
		name: "Overdue invoices, the longest overdue first",
	});
	expect(rowsOf(overdue).map((row) => row[0])).toEqual(["2026-000001"]);
	expect(rowsOf(await approvedTable())).toHaveLength(12);

	const approvedPages = screen.getByRole("navigation", {
		name: "Pages of approved customers",
	});
	await user.click(within(approvedPages).getByRole("button", { name: "Next" }));
	expect(await within(approvedPages).findByText("Page 2 of 2")).toBeVisible();
	await waitFor(async () =>
		expect(rowsOf(await approvedTable()).map((row) => row[0])).toEqual([
			"Customer 2customer2@example.com",
			"Customer 1customer1@example.com",
		]),
	);
	expect(
		screen.getByRole("navigation", { name: "Pages of overdue invoices" }),
	).toHaveTextContent("Page 2 of 2");
	expect(listReads(sent, "/api/admin/payment-terms")).toEqual([
		"?page=1",
		"?page=2",
	]);
	expect(listReads(sent, "/api/admin/overdue-invoices")).toEqual(["?page=2"]);
});
