import { findMail, PASSWORD } from "./fixtures/accounts.ts";
import { expect, test } from "./fixtures/test.ts";

/** Listed in ADMIN_EMAILS by the journeys' server; this journey alone uses it. */
const OWNER = "owner@e2e.test";
const OWNER_PASSWORD = "the owner's own workshop phrase";
const CHOOSE_PASSWORD_SUBJECT = "Confirm your email and choose";

test("the owner becomes the first admin through the mailed link, and whoever signed up with the address before gains nothing", async ({
	browser,
	baseURL,
}) => {
	// Someone signs up with the owner's address first, and is signed in as a customer.
	const squatterContext = await browser.newContext({ baseURL });
	const squatter = await squatterContext.newPage();
	await squatter.goto("/sign-up");
	await squatter.getByLabel("Full Name").fill("Sly Squatter");
	await squatter.getByLabel("Email").fill(OWNER);
	await squatter.getByLabel("Password").fill(PASSWORD);
	await squatter.getByRole("button", { name: "Sign Up" }).click();
	await expect(
		squatter.getByRole("button", { name: "Sly Squatter" }),
	).toBeVisible();
	await squatter.goto("/dashboard/profile");
	await expect(squatter.getByRole("link", { name: "Make Admin" })).toHaveCount(
		0,
	);

	// The owner signs up too: the page answers as for anyone and points at the mailbox.
	const ownerContext = await browser.newContext({ baseURL });
	const owner = await ownerContext.newPage();
	await owner.goto("/sign-up");
	await owner.getByLabel("Full Name").fill("Olive Owner");
	await owner.getByLabel("Email").fill(OWNER);
	await owner.getByLabel("Password").fill(OWNER_PASSWORD);
	await owner.getByRole("button", { name: "Sign Up" }).click();
	await expect(
		owner.getByRole("heading", { name: "Check your email" }),
	).toBeVisible();

	// The mail lets the owner choose the password, which confirms the address.
	await expect
		.poll(() => findMail(OWNER, CHOOSE_PASSWORD_SUBJECT))
		.toBeDefined();
	const mail = findMail(OWNER, CHOOSE_PASSWORD_SUBJECT);
	if (!mail) throw new Error("no mail to the owner");
	await owner.goto(mail.link);
	await expect(
		owner.getByRole("heading", { name: "Choose your password" }),
	).toBeVisible();
	await owner.getByLabel("New password").fill(OWNER_PASSWORD);
	await owner.getByRole("button", { name: "Set password" }).click();
	await expect(owner).toHaveURL(/\/login/);
	await owner.getByLabel("Email").fill(OWNER);
	await owner.getByLabel("Password").fill(OWNER_PASSWORD);
	await owner.getByRole("button", { name: "Login" }).click();
	await expect(
		owner.getByRole("navigation", { name: "Main" }).getByRole("link", {
			name: "Dashboard",
		}),
	).toBeVisible();
	await owner.goto("/dashboard/make-admin");
	await expect(
		owner.getByRole("heading", { name: "Make Admin" }),
	).toBeVisible();

	// The squatter's session has ended and their password no longer opens the account.
	await squatter.reload();
	await expect(
		squatter.getByRole("navigation", { name: "Main" }).getByRole("link", {
			name: "Login",
		}),
	).toBeVisible();
	const again = await squatter.request.post("/api/auth/sign-in/email", {
		data: { email: OWNER, password: PASSWORD },
		headers: { origin: String(baseURL) },
	});
	expect(again.status()).toBe(401);

	await squatterContext.close();
	await ownerContext.close();
});
