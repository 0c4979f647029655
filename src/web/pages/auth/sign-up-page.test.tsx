import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router";
import { expect, test, vi } from "vitest";
import { jsonResponse } from "../../test-support/fake-api.ts";
import { renderWithProviders } from "../../test-support/render-with-providers.tsx";
import { SignUpPage } from "./sign-up-page.tsx";

type ShopRequest = {
	method: string;
	path: string;
	body: Record<string, unknown> | undefined;
};

/**
 * Stands in for the shop behind `fetch`: the sign-up call answers with `signUpAnswer`, the sign-in
 * that follows it with `signInAnswer` (a session when it is ok).
 */
function serveShop(
	signUpAnswer: () => Response,
	signInAnswer: () => Response = () => jsonResponse({ token: "t" }),
) {
	const requests: ShopRequest[] = [];
	let isSignedIn = false;
	vi.stubGlobal(
		"fetch",
		async (input: RequestInfo | URL, init?: RequestInit) => {
			const url = new URL(String(input), window.location.href);
			const request: ShopRequest = {
				method: init?.method ?? "GET",
				path: url.pathname,
				body:
					typeof init?.body === "string" ? JSON.parse(init.body) : undefined,
			};
			requests.push(request);
			if (request.path === "/api/auth/sign-up/email") return signUpAnswer();
			if (request.path === "/api/auth/sign-in/email") {
				const answer = signInAnswer();
				isSignedIn = answer.ok;
				return answer;
			}
			if (request.path === "/api/session")
				return isSignedIn
					? jsonResponse({
							me: {
								id: "u1",
								name: "Sam Ortiz",
								email: "sam@example.com",
								email_verified: false,
								image: null,
								is_admin: false,
								two_factor_enabled: false,
							},
						})
					: jsonResponse({ me: null });
			if (request.path === "/api/sign-in-options")
				return jsonResponse({ google: false });
			throw new Error(`No answer for ${request.method} ${request.path}`);
		},
	);
	return requests;
}

function renderSignUp() {
	return renderWithProviders(
		<Routes>
			<Route path="/sign-up" element={<SignUpPage />} />
			<Route path="/login" element={<h1>Login page</h1>} />
			<Route path="/" element={<h1>Home page</h1>} />
		</Routes>,
		{ path: "*", url: "/sign-up" },
	);
}

test("the sign-up form explains each wrong field while typing and on submit", async () => {
	const requests = serveShop(() => jsonResponse({ token: "t" }));
	renderSignUp();
	const user = userEvent.setup();
	const name = await screen.findByLabelText("Full Name");
	const email = screen.getByLabelText("Email");
	const password = screen.getByLabelText("Password");

	await user.click(screen.getByRole("button", { name: "Sign Up" }));
	expect(name).toHaveAccessibleDescription("Full Name is required");
	expect(email).toHaveAccessibleDescription("Email Address is required");
	expect(password).toHaveAccessibleDescription(
		"Must be 8 characters or longer Password is required",
	);

	await user.type(password, "short");
	expect(password).toHaveAccessibleDescription(
		"Must be 8 characters or longer",
	);
	expect(password).toHaveAttribute("aria-invalid", "true");
	await user.type(password, "-but-long-now");
	expect(password).not.toHaveAttribute("aria-invalid");

	await user.type(email, "sam@example");
	expect(email).toHaveAccessibleDescription("Provide a valid email");
	await user.type(name, "   ");
	expect(name).toHaveAccessibleDescription("Full Name is required");

	expect(requests.filter(({ method }) => method === "POST")).toEqual([]);
});

test("signing up sends the details, signs in with the new password and lands on the home page", async () => {
	const requests = serveShop(() => jsonResponse({ token: null }));
	renderSignUp();
	const user = userEvent.setup();
	await user.type(await screen.findByLabelText("Full Name"), " Sam Ortiz ");
	await user.type(screen.getByLabelText("Email"), "sam@example.com");
	await user.type(screen.getByLabelText("Password"), "sawdust-and-glue");
	await user.click(screen.getByRole("button", { name: "Sign Up" }));

	expect(
		await screen.findByRole("heading", { name: "Home page" }),
	).toBeVisible();
	expect(requests.filter(({ method }) => method === "POST")).toEqual([
		{
			method: "POST",
			path: "/api/auth/sign-up/email",
			body: {
				name: "Sam Ortiz",
				email: "sam@example.com",
				password: "sawdust-and-glue",
			},
		},
		{
			method: "POST",
			path: "/api/auth/sign-in/email",
			body: { email: "sam@example.com", password: "sawdust-and-glue" },
		},
	]);
});

test("an address that already has an account is told to check its mail, like any other", async () => {
	serveShop(
		() => jsonResponse({ token: null }),
		() =>
			jsonResponse(
				{
					code: "INVALID_EMAIL_OR_PASSWORD",
					message: "Invalid email or password",
				},
				401,
			),
	);
	renderSignUp();
	const user = userEvent.setup();
	await user.type(await screen.findByLabelText("Full Name"), "Sam Ortiz");
	await user.type(screen.getByLabelText("Email"), "sam@example.com");
	await user.type(screen.getByLabelText("Password"), "sawdust-and-glue");
	await user.click(screen.getByRole("button", { name: "Sign Up" }));

	expect(
		await screen.findByRole("heading", { name: "Check your email" }),
	).toBeVisible();
	expect(screen.getByRole("status")).toHaveTextContent(
		"We sent a message to sam@example.com.",
	);
	await user.click(screen.getByRole("link", { name: "Go to login" }));
	expect(
		await screen.findByRole("heading", { name: "Login page" }),
	).toBeVisible();
});

test("a refused sign-up is explained above the form", async () => {
	serveShop(() =>
		jsonResponse(
			{
				code: "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL",
				message: "User already exists. Use another email.",
			},
			422,
		),
	);
	renderSignUp();
	const user = userEvent.setup();
	await user.type(await screen.findByLabelText("Full Name"), "Sam Ortiz");
	await user.type(screen.getByLabelText("Email"), "sam@example.com");
	await user.type(screen.getByLabelText("Password"), "sawdust-and-glue");
	await user.click(screen.getByRole("button", { name: "Sign Up" }));

	const alert = await screen.findByRole("alert");
	expect(alert).toHaveTextContent(
		"Error: An account with this email already exists. Log in, or reset your password.",
	);
	expect(
		alert.compareDocumentPosition(
			screen.getByRole("form", { name: "Sign Up" }),
		) & Node.DOCUMENT_POSITION_FOLLOWING,
	).toBeTruthy();
	await user.click(screen.getByRole("link", { name: "Please login" }));
	expect(
		await screen.findByRole("heading", { name: "Login page" }),
	).toBeVisible();
});
