import {
	enableTwoFactor,
	findMail,
	grantAdmin,
	PASSWORD,
	signUpInContext,
	uniqueEmail,
} from "./fixtures/accounts.ts";
import { expect, test } from "./fixtures/test.ts";

test("a visitor signs up, lands where they came from, finds the customer menus and signs out", async ({
	page,
}) => {
	await page.goto("/dashboard/profile");
	await expect(page).toHaveURL(/\/login$/);
	await page.getByRole("link", { name: "Create a new account" }).click();
	await expect(page).toHaveURL(/\/sign-up$/);
	await page.getByLabel("Full Name").fill("Nora Newcomer");
	await page.getByLabel("Email").fill(uniqueEmail("nora"));
	await page.getByLabel("Password").fill(PASSWORD);
	await page.getByRole("button", { name: "Sign Up" }).click();

	await expect(page).toHaveURL(/\/dashboard\/profile$/);
	const main = page.getByRole("navigation", { name: "Main" });
	await expect(main.getByRole("link", { name: "Dashboard" })).toBeVisible();
	await expect(main.getByRole("button", { name: "Sign Out" })).toBeVisible();
	await expect(main.getByRole("link", { name: "Login" })).toHaveCount(0);
	const dashboardMenu = page.getByRole("navigation", { name: "Dashboard" });
	for (const entry of ["My Orders", "Add A Review", "My Profile"])
		await expect(
			dashboardMenu.getByRole("link", { name: entry }),
		).toBeVisible();
	await expect(
		dashboardMenu.getByRole("link", { name: "Make Admin" }),
	).toHaveCount(0);

	const accountButton = main.getByRole("button", { name: "Nora Newcomer" });
	await accountButton.focus();
	await page.keyboard.press("Enter");
	const menu = page.getByRole("menu");
	await expect(
		menu.getByRole("menuitem", { name: "My Profile" }),
	).toBeFocused();
	await page.keyboard.press("ArrowDown");
	await expect(menu.getByRole("menuitem", { name: "Dashboard" })).toBeFocused();
	await page.keyboard.press("Escape");
	await expect(menu).toHaveCount(0);
	await expect(accountButton).toBeFocused();

	await main.getByRole("button", { name: "Sign Out" }).click();
	await expect(main.getByRole("link", { name: "Login" })).toBeVisible();
	expect((await page.request.get("/api/me")).status()).toBe(401);
});

test.describe("a failed sign-in", () => {
	test.use({
		expectedConsoleErrors: [
			{ text: /status of 401/, url: /\/api\/auth\/sign-in\/email/ },
		],
	});
	test("a wrong password shows 'Error: …' above the form; rules show while typing", async ({
		page,
		baseURL,
	}) => {
		const { email } = await signUpInContext(
			page,
			String(baseURL),
			"Walt Wrong",
		);
		await page.context().clearCookies();
		await page.goto("/login");
		await page.getByLabel("Email").fill("not-an-email");
		await page.getByLabel("Password").click();
		await expect(page.getByText("Provide a valid email")).toBeVisible();
		await page.getByLabel("Email").fill(email);
		await page.getByLabel("Password").fill("the wrong password");
		await page.getByRole("button", { name: "Login" }).click();
		await expect(page.getByRole("alert")).toHaveText(
			/^Error: Wrong email or password\.$/,
		);
	});
});

test("an admin makes a customer an admin, and the customer then sees the admin menu", async ({
	browser,
	page,
	baseURL,
}) => {
	const origin = String(baseURL);
	const customerContext = await browser.newContext();
	const customerPage = await customerContext.newPage();
	const customer = await signUpInContext(customerPage, origin, "Cal Customer");
	const admin = await signUpInContext(
		page,
		origin,
		"Ada Admin",
		uniqueEmail("ada"),
	);
	grantAdmin(admin.email);

	await page.goto("/dashboard/make-admin");
	await expect(
		page.getByRole("heading", { level: 1, name: "Make Admin" }),
	).toBeVisible();
	await page.getByLabel("Search by email").fill(customer.email);
	const row = page.getByRole("row", { name: new RegExp(customer.email) });
	await expect(page.getByRole("row")).toHaveCount(2);
	await row.getByRole("button", { name: "Make Admin" }).click();
	await expect(
		page.getByText(`${customer.email} is now an admin`),
	).toBeVisible();
	await expect(row.getByText("Admin", { exact: true })).toBeVisible();

	await customerPage.goto("/dashboard");
	await expect(
		customerPage
			.getByRole("navigation", { name: "Dashboard" })
			.getByRole("link", { name: "Make Admin" }),
	).toBeVisible();
	await customerContext.close();
});

test("a customer who opens /dashboard/make-admin is sent to their own dashboard", async ({
	page,
	baseURL,
}) => {
	await signUpInContext(page, String(baseURL), "Carla Curious");
	await page.goto("/dashboard/make-admin");
	await expect(page).toHaveURL(/\/dashboard$/);
	await expect(
		page.getByRole("heading", { level: 1, name: "My Profile" }),
	).toBeVisible();
	await expect(page.getByRole("heading", { name: "Make Admin" })).toHaveCount(
		0,
	);
});

test("a password reset through the mailed link lets the new password in and keeps the old one out", async ({
	page,
	baseURL,
}) => {
	const { email } = await signUpInContext(page, String(baseURL), "Rory Reset");
	await page.context().clearCookies();
	await page.goto("/forgot-password");
	await page.getByLabel("Email").fill(email);
	await page.getByRole("button", { name: /send|reset/i }).click();
	await expect(page.getByText(/If an account uses this email/)).toBeVisible();
	// The address was never confirmed, so the mail also confirms it; its subject names the password.
	await expect.poll(() => findMail(email, "password")).toBeDefined();
	const mail = findMail(email, "password");
	if (!mail) throw new Error("no reset mail");
	await page.goto(mail.link);
	await expect(page).toHaveURL(/\/reset-password\?token=/);
	await page.getByLabel("New password").fill("a brand new secret phrase");
	await page.getByRole("button", { name: /^(set|change) password$/i }).click();
	await expect(page).toHaveURL(/\/login/);

	const old = await page.request.post("/api/auth/sign-in/email", {
		data: { email, password: PASSWORD },
		headers: { origin: String(baseURL) },
	});
	expect(old.status()).toBe(401);
	await page.getByLabel("Email").fill(email);
	await page.getByLabel("Password").fill("a brand new secret phrase");
	await page.getByRole("button", { name: "Login" }).click();
	await expect(page.getByRole("button", { name: "Rory Reset" })).toBeVisible();
});

test("a saved profile is still there after a reload", async ({
	page,
	baseURL,
}) => {
	await signUpInContext(page, String(baseURL), "Pia Profile");
	await page.goto("/dashboard/profile");
	await page.getByLabel("City").fill("Sheffield");
	await page.getByLabel("Bio").fill("Cabinet maker since 1998.");
	await page.getByRole("button", { name: "Save profile" }).click();
	await expect(page.getByText("Profile updated successfully")).toBeVisible();
	await page.reload();
	await expect(page.getByLabel("City")).toHaveValue("Sheffield");
	await expect(page.getByLabel("Bio")).toHaveValue("Cabinet maker since 1998.");
});

test("on a 375 px screen the dashboard menu opens from its button and closes after a choice", async ({
	page,
	baseURL,
}) => {
	await page.setViewportSize({ width: 375, height: 800 });
	await signUpInContext(page, String(baseURL), "Mo Mobile");
	await page.goto("/dashboard/my-orders");
	const menu = page.getByRole("navigation", { name: "Dashboard" });
	await expect(menu).toBeHidden();
	await page.getByRole("button", { name: "Open dashboard menu" }).click();
	await expect(menu).toBeVisible();
	await menu.getByRole("link", { name: "My Profile" }).click();
	await expect(page).toHaveURL(/\/dashboard\/profile$/);
	await expect(menu).toBeHidden();
});

test("with two-factor on, signing in asks for the authenticator code", async ({
	page,
	baseURL,
}) => {
	const origin = String(baseURL);
	const { email } = await signUpInContext(page, origin, "Tess Twofactor");
	const currentCode = await enableTwoFactor(page.request, origin);
	await page.context().clearCookies();
	await page.goto("/login");
	await page.getByLabel("Email").fill(email);
	await page.getByLabel("Password").fill(PASSWORD);
	await page.getByRole("button", { name: "Login" }).click();
	await page.getByLabel("Authentication code").fill(currentCode());
	await page.getByRole("button", { name: "Verify" }).click();
	await expect(
		page.getByRole("button", { name: "Tess Twofactor" }),
	).toBeVisible();
});

test("'CONTINUE WITH GOOGLE' signs in at the OpenID issuer and comes back signed in", async ({
	page,
}) => {
	await page.goto("/dashboard/profile");
	await expect(page).toHaveURL(/\/login$/);
	await page.getByRole("button", { name: "CONTINUE WITH GOOGLE" }).click();
	await expect(page).toHaveURL(/\/dashboard\/profile$/);
	await expect(
		page
			.getByRole("navigation", { name: "Main" })
			.getByRole("button", { name: "Gia Google" }),
	).toBeVisible();
	await expect(page.getByLabel("Email")).toHaveValue("google.user@e2e.test");
});
