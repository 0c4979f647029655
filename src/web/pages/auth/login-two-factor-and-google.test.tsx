import { screen } from "@testing-library/react";
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

test("an account with two-factor sign-in asks for the app's code, then signs in", async () => {
	const requests = serveShop((request) => {
		if (request.path === "/api/auth/sign-in/email")
			return jsonResponse({ twoFactorRedirect: true });
		if (request.path === "/api/auth/two-factor/verify-totp")
			return request.body?.code === "123456"
				? jsonResponse({ token: "t" })
				: jsonResponse({ code: "INVALID_CODE", message: "Invalid code" }, 401);
		return undefined;
	});
	renderLogin();
	const user = await fillIn("dana@example.com", "correct horse");

	const code = await screen.findByLabelText("Authentication code");
	expect(code).toHaveAttribute("inputmode", "numeric");
	expect(code).toHaveAttribute("autocomplete", "one-time-code");
	expect(screen.queryByLabelText("Password")).not.toBeInTheDocument();

	await user.type(code, "12345");
	await user.click(screen.getByRole("button", { name: "Verify" }));
	expect(code).toHaveAccessibleDescription("Enter the 6-digit code");

	await user.clear(code);
	await user.type(code, "654321");
	await user.click(screen.getByRole("button", { name: "Verify" }));
	expect(await screen.findByRole("alert")).toHaveTextContent(
		"Error: That code is not right. Enter the current 6-digit code from your app.",
	);

	await user.clear(code);
	await user.type(code, "123456");
	await user.click(screen.getByRole("button", { name: "Verify" }));
	expect(
		await screen.findByRole("heading", { name: "Home page" }),
	).toBeVisible();
	expect(
		authRequests(requests).map(({ path, body }) => [path, body?.code]),
	).toEqual([
		["/api/auth/sign-in/email", undefined],
		["/api/auth/two-factor/verify-totp", "654321"],
		["/api/auth/two-factor/verify-totp", "123456"],
	]);
});

test("the two-factor step takes a backup code instead", async () => {
	const requests = serveShop((request) => {
		if (request.path === "/api/auth/sign-in/email")
			return jsonResponse({ twoFactorRedirect: true });
		if (request.path === "/api/auth/two-factor/verify-backup-code")
			return jsonResponse({ token: "t" });
		return undefined;
	});
	renderLogin();
	const user = await fillIn("dana@example.com", "correct horse");
	await user.click(
		await screen.findByRole("button", { name: "Use a backup code instead" }),
	);
	await user.type(screen.getByLabelText("Backup code"), "AbCdE-12345");
	await user.click(screen.getByRole("button", { name: "Verify" }));

	expect(
		await screen.findByRole("heading", { name: "Home page" }),
	).toBeVisible();
	expect(authRequests(requests).at(-1)).toEqual({
		method: "POST",
		path: "/api/auth/two-factor/verify-backup-code",
		body: { code: "AbCdE-12345" },
	});
});

test("'CONTINUE WITH GOOGLE' explains when the shop has no Google sign-in", async () => {
	const requests = serveShop(() => undefined);
	renderLogin();
	await userEvent.click(
		await screen.findByRole("button", { name: "CONTINUE WITH GOOGLE" }),
	);
	expect(await screen.findByRole("note")).toHaveTextContent(
		"Google sign-in is not set up on this shop yet; use your email and password.",
	);
	expect(screen.queryByRole("alert")).not.toBeInTheDocument();
	expect(authRequests(requests)).toEqual([]);
});

test("'CONTINUE WITH GOOGLE' leaves for Google when the shop offers it", async () => {
	const requests = serveShop((request) => {
		if (request.path === "/api/sign-in-options")
			return jsonResponse({ google: true });
		if (request.path === "/api/auth/sign-in/social")
			return jsonResponse({
				url: "https://accounts.google.test/o/auth?state=s",
				redirect: true,
			});
		return undefined;
	});
	const assign = vi
		.spyOn(window.location, "assign")
		.mockImplementation(() => undefined);
	try {
		renderLogin();
		await userEvent.click(
			await screen.findByRole("button", { name: "CONTINUE WITH GOOGLE" }),
		);
		await vi.waitFor(() =>
			expect(assign).toHaveBeenCalledWith(
				"https://accounts.google.test/o/auth?state=s",
			),
		);
		expect(authRequests(requests)).toEqual([
			{
				method: "POST",
				path: "/api/auth/sign-in/social",
				body: {
					provider: "google",
					callbackURL: "/",
					errorCallbackURL: "/login",
				},
			},
		]);
	} finally {
		assign.mockRestore();
	}
});
