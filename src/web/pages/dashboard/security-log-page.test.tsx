import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, test } from "vitest";
import { PROFILE_TEXT_FIELDS } from "../../../shared/accounts.schemas.ts";
import type { AuditEvent } from "../../../shared/audit.schemas.ts";
import { errorResponse, jsonResponse } from "../../test-support/fake-api.ts";
import {
	admin,
	anAuditEvent,
	serveAuditLog,
} from "../../test-support/fake-audit.ts";
import { renderWithProviders } from "../../test-support/render-with-providers.tsx";
import { DashboardRoutes } from "./dashboard-routes.tsx";

async function openSecurityLog(
	events: AuditEvent[],
	options: Parameters<typeof serveAuditLog>[1] = {},
) {
	const sent = serveAuditLog(events, options);
	renderWithProviders(<DashboardRoutes />, {
		path: "/dashboard/*",
		url: "/dashboard/security-log",
	});
	expect(
		await screen.findByRole("heading", { level: 1, name: "Security log" }),
	).toBeVisible();
	return { sent, user: userEvent.setup() };
}

const logTable = () =>
	screen.getByRole("table", { name: "Security events, newest first" });
/** The table's rows as the cells read, header row left out. */
const shownRows = () =>
	within(logTable())
		.getAllByRole("row")
		.slice(1)
		.map((row) =>
			within(row)
				.getAllByRole("cell")
				.map((cell) => cell.textContent),
		);
const logSearches = (sent: URL[]) =>
	sent
		.filter((url) => url.pathname === "/api/admin/audit-events")
		.map((url) => url.search);

test("the Security log shows when, what, who, to whom and from where, newest first", async () => {
	const { sent } = await openSecurityLog([
		anAuditEvent(1),
		anAuditEvent(2, {
			kind: "admin.revoked",
			actor_user_id: null,
			actor_email: null,
			address: null,
			details: { via: "shell" },
		}),
		anAuditEvent(3, {
			kind: "access.refused",
			actor_user_id: "u-cleo",
			actor_email: "cleo@example.com",
			subject_user_id: null,
			subject_email: null,
			address: "2001:db8::7",
			details: { method: "DELETE", route: "/api/users/:id" },
		}),
		anAuditEvent(4, {
			kind: "user.removed",
			actor_user_id: "u-dora",
			actor_email: "dora@example.com",
			subject_user_id: "u-dora",
			subject_email: "dora@example.com",
			details: { via: "own account" },
		}),
	]);
	await screen.findByRole("table", { name: "Security events, newest first" });
	expect(shownRows()).toEqual([
		[
			expect.stringContaining("Nov 28, 2026"),
			"Account removedby the account's owner",
			"dora@example.com",
			"dora@example.com (own account)",
			"198.51.100.23",
		],
		[
			expect.stringContaining("Nov 28, 2026"),
			"Refused: admins onlyDELETE /api/users/:id",
			"cleo@example.com",
			"—",
			"2001:db8::7",
		],
		[
			expect.stringContaining("Nov 28, 2026"),
			"Admin role taken away",
			"Shell command",
			"bob@example.com",
			"—",
		],
		[
			expect.stringContaining("Nov 28, 2026"),
			"Made an adminfrom the dashboard",
			admin.email,
			"bob@example.com",
			"198.51.100.23",
		],
	]);
	for (const header of ["When", "What", "Who", "To whom", "From"])
		expect(
			within(logTable()).getByRole("columnheader", { name: header }),
		).toBeVisible();
	expect(logSearches(sent)).toEqual(["?page=1&page_size=20"]);
});

test("choosing a kind asks for only that kind, and says when there is none of it", async () => {
	const { sent, user } = await openSecurityLog([
		anAuditEvent(1),
		anAuditEvent(2, { kind: "two_factor.enabled" }),
		anAuditEvent(3),
	]);
	await screen.findByRole("table");
	const kind = screen.getByLabelText("Kind of event");

	await user.selectOptions(kind, "Two-factor sign-in turned on");
	await waitFor(() =>
		expect(shownRows().map((row) => row[1])).toEqual([
			"Two-factor sign-in turned onfrom the dashboard",
		]),
	);
	expect(logSearches(sent).at(-1)).toBe(
		"?page=1&page_size=20&kind=two_factor.enabled",
	);

	await user.selectOptions(kind, "Sign-in locked after failed attempts");
	expect(
		await screen.findByText("No event of this kind has been recorded."),
	).toBeVisible();
	expect(logSearches(sent).at(-1)).toBe(
		"?page=1&page_size=20&kind=sign_in.locked",
	);
});

test("an empty log says nothing has been recorded yet", async () => {
	await openSecurityLog([]);
	expect(
		await screen.findByText("No event has been recorded yet."),
	).toBeVisible();
	expect(screen.queryByRole("table")).toBeNull();
});

test("Previous and Next page through the log, 20 events at a time", async () => {
	const { sent, user } = await openSecurityLog(
		Array.from({ length: 23 }, (_, n) => anAuditEvent(n + 1)),
	);
	const pages = await screen.findByRole("navigation", {
		name: "Pages of security events",
	});
	expect(pages).toHaveTextContent("Page 1 of 2");
	expect(shownRows()).toHaveLength(20);

	await user.click(within(pages).getByRole("button", { name: "Next" }));
	expect(await within(pages).findByText("Page 2 of 2")).toBeVisible();
	expect(shownRows()).toHaveLength(3);
	expect(logSearches(sent).at(-1)).toBe("?page=2&page_size=20");

	await user.click(within(pages).getByRole("button", { name: "Previous" }));
	expect(await within(pages).findByText("Page 1 of 2")).toBeVisible();
});

test("a log that cannot be loaded says so, and 'Try again' asks again", async () => {
	let isDown = true;
	const { sent, user } = await openSecurityLog([anAuditEvent(1)], {
		answer: (url) =>
			isDown && url.pathname === "/api/admin/audit-events"
				? errorResponse(
						500,
						"INTERNAL_ERROR",
						"Something went wrong on our side.",
					)
				: undefined,
	});
	const alert = await screen.findByRole("alert");
	expect(alert).toHaveTextContent("The security log could not be loaded");
	expect(alert).toHaveTextContent("Something went wrong on our side.");

	isDown = false;
	await user.click(within(alert).getByRole("button", { name: "Try again" }));
	expect(await screen.findByRole("table")).toBeVisible();
	expect(logSearches(sent)).toHaveLength(2);
});

test("a customer who opens the address is sent to their profile, and the log is never asked for", async () => {
	const customer = { ...admin, name: "Cleo Customer", is_admin: false };
	const sent = serveAuditLog([anAuditEvent(1)], {
		me: customer,
		answer: (url) =>
			url.pathname === "/api/profile"
				? jsonResponse({
						...Object.fromEntries(
							PROFILE_TEXT_FIELDS.map((field) => [field, null]),
						),
						name: customer.name,
						email: customer.email,
						image: null,
					})
				: undefined,
	});
	renderWithProviders(<DashboardRoutes />, {
		path: "/dashboard/*",
		url: "/dashboard/security-log",
	});
	expect(
		await screen.findByRole("heading", { level: 1, name: "My Profile" }),
	).toBeVisible();
	expect(screen.queryByRole("heading", { name: "Security log" })).toBeNull();
	expect(logSearches(sent)).toEqual([]);
});
