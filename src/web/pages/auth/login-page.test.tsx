import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router";
import { expect, test, vi } from "vitest";
import { jsonResponse } from "../../test-support/fake-api.ts";
import { renderWithProviders } from "../../test-support/render-with-providers.tsx";
import { LoginPage } from "./login-page.tsx";

type ShopRequest = {
	method: string;
	path: string;
	body: Record<string, unknown> | undefined;
};

const me = {
	id: "u1",
	name: "Dana Reyes",
	email: "dana@example.com",
	email_verified: true,
	image: null,
	is_admin: false,
	two_factor_enabled: false,
};

/** Stands in for the shop behind `fetch`; `answer` gets each request with its JSON body. */
function serveShop(answer: (request: ShopRequest) => Response | undefined) {
	const requests: ShopRequest[] = [];
	let isSignedIn = false;
	vi.stubGlobal(
		"fetch",
		async (input: RequestInfo | URL, init?: RequestInit) => {
			const url = new URL(String(input), window.location.href);
			const request: ShopRequest = {
				method: init?.method ?? "GET",
				path: `${url.pathname}${url.search}`,
				body:
					typeof init?.body === "string" ? JSON.parse(init.body) : undefined,
			};
			requests.push(request);
			const answered = answer(request);
			if (answered) {
				const payload = await answered.clone().json();
				// Signed in by any accepted sign-in call, except one that still asks for a code.
				if (answered.ok && request.method === "POST")
					isSignedIn = payload?.twoFactorRedirect !== true;
				return answered;
			}
			if (request.path === "/api/session")
				return isSignedIn ? jsonResponse({ me }) : jsonResponse({ me: null });
			if (request.path === "/api/sign-in-options")
				return jsonResponse({ google: false });
			throw new Error(`No answer for ${request.method} ${request.path}`);
		},
	);
	return requests;
}

const authRequests = (requests: ShopRequest[]) =>
	requests.filter((request) => request.path.startsWith("/api/auth/"));

function renderLogin(url = "/login") {
	return renderWithProviders(
		<Routes>
			<Route path="/login" element={<LoginPage />} />
			<Route path="/sign-up" element={<h1>Sign-up page</h1>} />
			<Route path="/" element={<h1>Home page</h1>} />
		</Routes>,
		{ path: "*", url },
	);
}

async function fillIn(email: string, password: string) {
	const user = userEvent.setup();
	await user.type(await screen.findByLabelText("Email"), email);
	await user.type(screen.getByLabelText("Password"), password);
	await user.click(screen.getByRole("button", { name: "Login" }));
	return user;
}

test("the login form explains a wrong field while typing and on submit, without sending it", async () => {
	const requests = serveShop(() => undefined);
	renderLogin();
	const user = userEvent.setup();
	const email = await screen.findByLabelText("Email");
	expect(screen.getByLabelText("Password")).toHaveAccessibleDescription(
		"Must be 8 characters or longer",
	);

	await user.type(email, "dana@");
	await user.tab();
	expect(email).toHaveAttribute("aria-invalid", "true");
	expect(email).toHaveAccessibleDescription("Provide a valid email");

	await user.type(email, "example.com");
	expect(email).not.toHaveAttribute("aria-invalid");
	expect(screen.queryByText("Provide a valid email")).not.toBeInTheDocument();

	await user.clear(email);
	expect(email).toHaveAccessibleDescription("Email Address is required");

	const password = screen.getByLabelText("Password");
	await user.click(screen.getByRole("button", { name: "Login" }));
	expect(password).toHaveAccessibleDescription(
		"Must be 8 characters or longer Password is required",
	);
	await user.type(password, "short");
	expect(password).toHaveAttribute("aria-invalid", "true");
	expect(password).toHaveAccessibleDescription(
		"Must be 8 characters or longer",
	);
	expect(authRequests(requests)).toEqual([]);
	expect(screen.queryByRole("alert")).not.toBeInTheDocument();
});

test("a wrong email or password shows 'Error: Wrong email or password.' above the form", async () => {
	const requests = serveShop((request) =>
		request.path === "/api/auth/sign-in/email"
			? jsonResponse(
					{
						code: "INVALID_EMAIL_OR_PASSWORD",
						message: "Invalid email or password",
					},
					401,
				)
			: undefined,
	);
	renderLogin();
	await fillIn("dana@example.com", "not-her-password");

	const alert = await screen.findByRole("alert");
	expect(alert).toHaveTextContent("Error: Wrong email or password.");
	const form = screen.getByRole("form", { name: "Login" });
	expect(
		alert.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING,
	).toBeTruthy();
	expect(authRequests(requests)).toEqual([
		{
			method: "POST",
			path: "/api/auth/sign-in/email",
			body: { email: "dana@example.com", password: "not-her-password" },
		},
	]);
	expect(screen.getByRole("button", { name: "Login" })).toBeEnabled();
});

test("too many failed sign-ins show when to try again", async () => {
	serveShop((request) =>
		request.path === "/api/auth/sign-in/email"
			? jsonResponse(
					{
						code: "TOO_MANY_REQUESTS",
						message:
							"Too many failed sign-ins for this account. Try again in 15 minutes.",
						retryAfterSeconds: 900,
					},
					429,
				)
			: undefined,
	);
	renderLogin();
	await fillIn("dana@example.com", "guess-number-6");
	expect(await screen.findByRole("alert")).toHaveTextContent(
		"Error: Too many failed sign-ins for this account. Try again in 15 minutes.",
	);
});

test("a sign-in that cannot reach the shop says so", async () => {
	serveShop((request) => {
		if (request.path === "/api/auth/sign-in/email")
			throw new TypeError("Failed to fetch");
		return undefined;
	});
	renderLogin();
	await fillIn("dana@example.com", "correct horse");
	expect(await screen.findByRole("alert")).toHaveTextContent(
		"Error: We could not reach the shop. Check your connection and try again.",
	);
});

test("a failed Google sign-in comes back with its reason above the form", async () => {
	serveShop(() => undefined);
	renderLogin("/login?error=access_denied");
	expect(await screen.findByRole("alert")).toHaveTextContent(
		"Error: Google sign-in was cancelled.",
	);
});

test("the login page links to sign-up and to 'Forgot password?'", async () => {
	serveShop(() => undefined);
	renderLogin();
	expect(
		await screen.findByRole("link", { name: "Forgot password?" }),
	).toHaveAttribute("href", "/forgot-password");
	const form = screen.getByRole("form", { name: "Login" });
	expect(within(form).getByLabelText("Password")).toHaveAttribute(
		"type",
		"password",
	);
	await userEvent.click(
		screen.getByRole("link", { name: "Create a new account" }),
	);
	expect(
		await screen.findByRole("heading", { name: "Sign-up page" }),
	).toBeVisible();
});

test("a signed-in customer opening the login page is sent to the home page", async () => {
	serveShop((request) =>
		request.path === "/api/session" ? jsonResponse({ me }) : undefined,
	);
	renderLogin();
	expect(
		await screen.findByRole("heading", { name: "Home page" }),
	).toBeVisible();
});

test("the mailed confirmation link lands here saying the address is confirmed and to log in", async () => {
	serveShop(() => undefined);
	renderLogin("/login?confirmed=1");
	expect(await screen.findByRole("status")).toHaveTextContent(
		"Your email address is confirmed. Log in to continue.",
	);
	expect(screen.getByRole("button", { name: "Login" })).toBeVisible();
});
