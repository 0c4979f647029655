import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router";
import { expect, test, vi } from "vitest";
import { ToastHost } from "../../app/toast-host.tsx";
import { jsonResponse } from "../../test-support/fake-api.ts";
import { renderWithProviders } from "../../test-support/render-with-providers.tsx";
import { ResetPasswordPage } from "./reset-password-page.tsx";

function serveResets(answer: () => Response) {
	const bodies: unknown[] = [];
	vi.stubGlobal(
		"fetch",
		async (input: RequestInfo | URL, init?: RequestInit) => {
			const url = new URL(String(input), window.location.href);
			if (url.pathname !== "/api/auth/reset-password")
				throw new Error(`No answer for ${url.pathname}`);
			bodies.push(JSON.parse(String(init?.body)));
			return answer();
		},
	);
	return bodies;
}

function renderReset(url: string) {
	renderWithProviders(
		<>
			<Routes>
				<Route path="/reset-password" element={<ResetPasswordPage />} />
				<Route path="/login" element={<h1>Login page</h1>} />
				<Route path="/forgot-password" element={<h1>Forgot password</h1>} />
			</Routes>
			<ToastHost />
		</>,
		{ path: "*", url },
	);
}

test("a new password is saved with the link's token, then the customer logs in", async () => {
	const bodies = serveResets(() => jsonResponse({ status: true }));
	renderReset("/reset-password?token=tok-123");
	const user = userEvent.setup();
	const password = screen.getByLabelText("New password");

	await user.type(password, "short");
	await user.tab();
	expect(password).toHaveAccessibleDescription(
		"Must be 8 characters or longer",
	);
	expect(password).toHaveAttribute("aria-invalid", "true");
	await user.type(password, "-and-now-long");
	await user.click(screen.getByRole("button", { name: "Change password" }));

	expect(
		await screen.findByRole("heading", { name: "Login page" }),
	).toBeVisible();
	expect(
		await screen.findByText("Password changed. Log in with your new password."),
	).toBeVisible();
	expect(bodies).toEqual([
		{ newPassword: "short-and-now-long", token: "tok-123" },
	]);
});

test("a bad or expired link says so and offers to ask again", async () => {
	serveResets(() => jsonResponse({ status: true }));
	renderReset("/reset-password?error=INVALID_TOKEN");
	expect(screen.getByRole("alert")).toHaveTextContent(
		"Error: This link is invalid or has expired. Ask for a new one and use it within the hour.",
	);
	expect(screen.queryByLabelText("New password")).not.toBeInTheDocument();
	await userEvent.click(
		screen.getByRole("link", { name: "Ask for a new link" }),
	);
	expect(
		await screen.findByRole("heading", { name: "Forgot password" }),
	).toBeVisible();
});

test("a link refused on saving shows the error and offers to ask again", async () => {
	serveResets(() =>
		jsonResponse({ code: "INVALID_TOKEN", message: "Invalid token" }, 400),
	);
	renderReset("/reset-password?token=used-once");
	const user = userEvent.setup();
	await user.type(screen.getByLabelText("New password"), "sawdust-and-glue");
	await user.click(screen.getByRole("button", { name: "Change password" }));
	expect(await screen.findByRole("alert")).toHaveTextContent(
		"Error: This link is invalid or has expired.",
	);
	expect(
		screen.getByRole("link", { name: "Ask for a new link" }),
	).toBeVisible();
});

test("the first mail to an unconfirmed address asks to choose the password, which confirms it", async () => {
	const bodies = serveResets(() => jsonResponse({ status: true }));
	renderReset("/reset-password?purpose=confirm&token=tok-456");
	const user = userEvent.setup();
	expect(
		screen.getByRole("heading", { name: "Choose your password" }),
	).toBeVisible();
	expect(
		screen.getByText(/Any password set before stops working/),
	).toBeVisible();
	await user.type(screen.getByLabelText("New password"), "the-owners-phrase");
	await user.click(screen.getByRole("button", { name: "Set password" }));

	expect(
		await screen.findByText(
			"Email confirmed and password set. Log in with your new password.",
		),
	).toBeVisible();
	expect(bodies).toEqual([
		{ newPassword: "the-owners-phrase", token: "tok-456" },
	]);
});
