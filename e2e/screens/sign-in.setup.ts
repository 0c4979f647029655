import { expect, test as setup } from "@playwright/test";
import { storageStateOf } from "./screen-pages.ts";
import { SCREENS_ACCOUNTS, SCREENS_PASSWORD } from "./screens-data.ts";

/** Signs each role in once; the tests reuse the saved session. */
for (const role of ["customer", "admin"] as const) {
	setup(`sign in as the ${role}`, async ({ page, baseURL }) => {
		const response = await page.request.post("/api/auth/sign-in/email", {
			data: { email: SCREENS_ACCOUNTS[role].email, password: SCREENS_PASSWORD },
			headers: { origin: baseURL ?? "" },
		});
		expect(response.ok()).toBe(true);
		const me = await page.request.get("/api/me");
		expect(((await me.json()) as { is_admin: boolean }).is_admin).toBe(
			role === "admin",
		);
		await page.context().storageState({ path: storageStateOf(role) });
	});
}
