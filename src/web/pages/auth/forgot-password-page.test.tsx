import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, test, vi } from "vitest";
import { jsonResponse } from "../../test-support/fake-api.ts";
import { renderWithProviders } from "../../test-support/render-with-providers.tsx";
import { ForgotPasswordPage } from "./forgot-password-page.tsx";

function serveResetRequests(answer: () => Response) {
	const bodies: unknown[] = [];
	vi.stubGlobal(
		"fetch",
		async (input: RequestInfo | URL, init?: RequestInit) => {
			const url = new URL(String(input), window.location.href);
			if (url.pathname !== "/api/auth/request-password-reset")
				throw new Error(`No answer for ${url.pathname}`);
			bodies.push(JSON.parse(String(init?.body)));
			return answer();
		},
	);
	return bodies;
}

test("asking for a reset link says the same whether or not the account exists", async () => {
	const bodies = serveResetRequests(() =>
		jsonResponse({ status: true, message: "If this email exists…" }),
	);
	renderWithProviders(<ForgotPasswordPage />, { path: "/forgot-password" });
	const user = userEvent.setup();

	await user.click(screen.getByRole("button", { name: "Send the link" }));
	expect(screen.getByLabelText("Email")).toHaveAccessibleDescription(
		"Email Address is required",
	);
	expect(bodies).toEqual([]);

	await user.type(screen.getByLabelText("Email"), "nobody@example.com");
	await user.click(screen.getByRole("button", { name: "Send the link" }));
	expect(await screen.findByRole("status")).toHaveTextContent(
		"If an account uses this email, we sent a link to reset its password.",
	);
	expect(bodies).toEqual([
		{ email: "nobody@example.com", redirectTo: "/reset-password" },
	]);
});

test("a refused reset request shows its error above the form", async () => {
	serveResetRequests(() =>
		jsonResponse(
			{
				code: "TOO_MANY_REQUESTS",
				message: "Too many attempts. Try again in 12 minutes.",
				retryAfterSeconds: 720,
			},
			429,
		),
	);
	renderWithProviders(<ForgotPasswordPage />, { path: "/forgot-password" });
	const user = userEvent.setup();
	await user.type(screen.getByLabelText("Email"), "dana@example.com");
	await user.click(screen.getByRole("button", { name: "Send the link" }));
	expect(await screen.findByRole("alert")).toHaveTextContent(
		"Error: Too many attempts. Try again in 12 minutes.",
	);
	expect(screen.queryByRole("status")).not.toBeInTheDocument();
});
