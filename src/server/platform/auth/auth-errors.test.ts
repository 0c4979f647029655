import { expect, test } from "vitest";
import {
	AUTH_ERROR_MESSAGES,
	OAUTH_CALLBACK_ERROR_MESSAGES,
} from "../../../shared/auth-errors.ts";
import { outboxDir } from "../../app.ts";
import { createTestApp } from "../../test-support/test-app.ts";
import { createMemoryCounters } from "../limits/shared-counters.ts";
import { createMailer } from "../mail/mailer.ts";
import { createAuth } from "./auth.ts";

/**
 * The codes the library puts in `?error=` after a failed Google sign-in. Its package does not
 * export them, so they are read from the module that defines them; a move there fails this test.
 */
async function loadOAuthCallbackCodes(): Promise<string[]> {
	const entry = import.meta.resolve("better-auth");
	const module = (await import(new URL("./oauth2/errors.mjs", entry).href)) as {
		OAUTH_CALLBACK_ERROR_CODES: Record<string, string>;
	};
	return Object.values(module.OAUTH_CALLBACK_ERROR_CODES);
}

test("every error code of the auth library, its plugins and Google sign-in has a customer-facing message", async () => {
	const t = await createTestApp();
	// With Google configured, so the plugin of that sign-in adds its codes too.
	const config = {
		...t.config,
		auth: {
			...t.config.auth,
			google: {
				clientId: "client-id",
				clientSecret: "client-secret",
				issuerUrl: "https://accounts.google.com",
			},
		},
	};
	const auth = createAuth({
		config,
		db: t.db,
		mailer: createMailer(config.mail, outboxDir(config), t.app.log),
		log: t.app.log,
		counters: createMemoryCounters(Date.now),
	});
	const codes = Object.values(
		auth.$ERROR_CODES as Record<string, { code: string }>,
	).map((entry) => entry.code);
	// A base code and one of each plugin: the list is the whole set, not an empty one.
	expect(codes).toContain("INVALID_EMAIL_OR_PASSWORD");
	expect(codes).toContain("INVALID_TWO_FACTOR_COOKIE");
	expect(codes).toContain("INVALID_OAUTH_CONFIGURATION");

	const missing = codes.filter((code) => !(code in AUTH_ERROR_MESSAGES));
	expect(missing, "add these codes to AUTH_ERROR_MESSAGES").toEqual([]);
});

test("every error of a failed Google sign-in redirect has a customer-facing message", async () => {
	const codes = await loadOAuthCallbackCodes();
	expect(codes).toContain("no_code");
	const missing = codes.filter(
		(code) => !(code in OAUTH_CALLBACK_ERROR_MESSAGES),
	);
	expect(missing, "add these codes to OAUTH_CALLBACK_ERROR_MESSAGES").toEqual(
		[],
	);
});
