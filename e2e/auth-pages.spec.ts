import { expect, test } from "./fixtures/test.ts";

test("the login page has email, password, 'Login', a link to sign up and 'CONTINUE WITH GOOGLE'", async ({
	page,
}) => {
	await page.goto("/login");
	await expect(
		page.getByRole("heading", { level: 1, name: "Login" }),
	).toBeVisible();
	await expect(page.getByLabel("Email")).toBeVisible();
	await expect(page.getByLabel("Password")).toHaveAttribute("type", "password");
	await expect(page.getByRole("button", { name: "Login" })).toBeVisible();
	await expect(
		page.getByRole("button", { name: "CONTINUE WITH GOOGLE" }),
	).toBeVisible();
	await expect(
		page.getByRole("link", { name: "Forgot password?" }),
	).toBeVisible();
	await page.getByRole("link", { name: "Create a new account" }).click();
	await expect(page).toHaveURL(/\/sign-up$/);
});

test("the sign-up page has name, email, password, 'Sign Up' and a link to login", async ({
	page,
}) => {
	await page.goto("/sign-up");
	await expect(
		page.getByRole("heading", { level: 1, name: "Sign Up" }),
	).toBeVisible();
	await expect(page.getByLabel("Name")).toBeVisible();
	await expect(page.getByLabel("Email")).toBeVisible();
	await expect(page.getByLabel("Password")).toHaveAttribute("type", "password");
	await expect(page.getByRole("button", { name: "Sign Up" })).toBeVisible();
	await page.getByRole("link", { name: "Please login" }).click();
	await expect(page).toHaveURL(/\/login$/);
});
