import { authOperation, type FuzzOperation } from "./fuzz-operations.ts";
import type { JsonSchema } from "./fuzz-values.ts";

const email: JsonSchema = { type: "string", format: "email" };
/** "password" is the fuzzer's own format: half the time, a password some account really has. */
const password: JsonSchema = {
	type: "string",
	format: "password",
	minLength: 8,
	maxLength: 128,
};
const name: JsonSchema = { type: "string", minLength: 1, maxLength: 80 };
const url: JsonSchema = {
	type: "string",
	enum: [
		"/",
		"/account",
		"http://localhost:3000/login",
		"https://evil.example/",
	],
};
const token: JsonSchema = { type: "string", minLength: 10, maxLength: 40 };
const code: JsonSchema = { type: "string", minLength: 6, maxLength: 6 };
const flag: JsonSchema = { type: "boolean" };
const provider: JsonSchema = {
	type: "string",
	enum: ["google", "github", "credential", "oidc"],
};

/**
 * Endpoints that end the caller's session (or account) when they succeed: the fuzzer mostly calls
 * them as a visitor, or it would spend its time signing its accounts back in.
 */
const SESSION_ENDING = new Set([
	"/sign-out",
	"/revoke-session",
	"/revoke-sessions",
	"/delete-user",
	"/change-password",
	"/two-factor/enable",
	"/two-factor/disable",
]);

/**
 * The better-auth endpoints under /api/auth, with the fields each reads (better-auth 1.7.7 with
 * the email and password, bearer, two-factor and generic OAuth plugins), and the ones the shop
 * turns off, which must still answer cleanly. The auth endpoints are not in the OpenAPI document.
 */
const AUTH_ENDPOINTS: FuzzOperation[] = [
	authOperation(
		"POST",
		"/sign-up/email",
		{ name, email, password, callbackURL: url, rememberMe: flag },
		["name", "email", "password"],
	),
	authOperation(
		"POST",
		"/sign-in/email",
		{ email, password, callbackURL: url, rememberMe: flag },
		["email", "password"],
	),
	authOperation("POST", "/sign-out"),
	authOperation("GET", "/get-session", {
		disableCookieCache: flag,
		disableRefresh: flag,
	}),
	authOperation("POST", "/get-session"),
	authOperation("POST", "/request-password-reset", { email, redirectTo: url }, [
		"email",
	]),
	authOperation("POST", "/reset-password", { newPassword: password, token }, [
		"newPassword",
	]),
	authOperation("GET", "/reset-password/{token}", { callbackURL: url }),
	authOperation("GET", "/verify-email", { token, callbackURL: url }),
	authOperation(
		"POST",
		"/send-verification-email",
		{ email, callbackURL: url },
		["email"],
	),
	authOperation(
		"POST",
		"/change-password",
		{
			newPassword: password,
			currentPassword: password,
			revokeOtherSessions: flag,
		},
		["newPassword", "currentPassword"],
	),
	authOperation("POST", "/update-user", { name, image: url }),
	authOperation("POST", "/delete-user", { password, token, callbackURL: url }),
	authOperation("GET", "/delete-user/callback", { token, callbackURL: url }),
	authOperation("GET", "/list-sessions"),
	authOperation("POST", "/revoke-session", { token }, ["token"]),
	authOperation("POST", "/revoke-sessions"),
	authOperation("POST", "/revoke-other-sessions"),
	authOperation("POST", "/two-factor/enable", { password, issuer: name }, [
		"password",
	]),
	authOperation("POST", "/two-factor/disable", { password }, ["password"]),
	authOperation("POST", "/two-factor/get-totp-uri", { password }, ["password"]),
	authOperation(
		"POST",
		"/two-factor/verify-totp",
		{ code, trustDevice: flag },
		["code"],
	),
	authOperation("POST", "/two-factor/send-otp", { trustDevice: flag }),
	authOperation("POST", "/two-factor/verify-otp", { code, trustDevice: flag }, [
		"code",
	]),
	authOperation(
		"POST",
		"/two-factor/verify-backup-code",
		{ code, disableSession: flag, trustDevice: flag },
		["code"],
	),
	authOperation("POST", "/two-factor/generate-backup-codes", { password }, [
		"password",
	]),
	authOperation(
		"POST",
		"/sign-in/social",
		{
			provider,
			callbackURL: url,
			errorCallbackURL: url,
			newUserCallbackURL: url,
			disableRedirect: flag,
			requestSignUp: flag,
			idToken: { type: "object", properties: { token, nonce: token } },
			scopes: { type: "array", items: name },
		},
		["provider"],
	),
	authOperation(
		"POST",
		"/sign-in/oauth2",
		{ providerId: provider, callbackURL: url },
		["providerId"],
	),
	authOperation("GET", "/callback/{id}", {
		code: token,
		state: token,
		error: name,
	}),
	authOperation("POST", "/callback/{id}", {
		code: token,
		state: token,
		user: name,
	}),
	authOperation("GET", "/oauth2/callback/{providerId}", {
		code: token,
		state: token,
		error: name,
		error_description: name,
	}),
	authOperation("GET", "/error", { error: name, error_description: name }),
	authOperation("GET", "/ok"),
	// Turned off by the shop: each must answer 404, whatever it is sent.
	authOperation("POST", "/link-social", { provider, callbackURL: url }),
	authOperation("POST", "/unlink-account", {
		providerId: provider,
		accountId: token,
	}),
	authOperation("GET", "/list-accounts"),
	authOperation("POST", "/get-access-token", { providerId: provider }),
	authOperation("POST", "/refresh-token", { providerId: provider }),
	authOperation("GET", "/account-info", { accountId: token }),
	authOperation("POST", "/update-session", { data: name }),
	authOperation("POST", "/verify-password", { password }),
	authOperation("POST", "/change-email", { newEmail: email, callbackURL: url }),
	authOperation("POST", "/set-password", { newPassword: password }),
	authOperation("POST", "/is-username-available", { username: name }),
];

export const AUTH_OPERATIONS: FuzzOperation[] = AUTH_ENDPOINTS.map(
	(operation) => ({
		...operation,
		endsSession: SESSION_ENDING.has(operation.path.slice("/api/auth".length)),
	}),
);
