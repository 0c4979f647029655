import { expect, test } from "vitest";
import { redactUrl, redactUrlIn } from "./redact-url.ts";

test.each([
	[
		"/api/auth/verify-email?token=eyJhbGciOi.eyJlbWFpbCI6.sig&callbackURL=%2F",
		"/api/auth/verify-email?token=[redacted]&callbackURL=%2F",
	],
	[
		"/api/auth/reset-password/Ab12Cd34Ef56Gh78Ij90Kl12?callbackURL=%2Freset-password",
		"/api/auth/reset-password/[redacted]?callbackURL=%2Freset-password",
	],
	[
		"/api/auth/callback/google?code=4%2F0Ab_xyz&state=s7a7e&iss=https%3A%2F%2Faccounts.google.com",
		"/api/auth/callback/google?code=[redacted]&state=[redacted]&iss=https%3A%2F%2Faccounts.google.com",
	],
	["/reset-password?token=Ab12Cd34", "/reset-password?token=[redacted]"],
	[
		"/api/orders?page=2&page_size=20&status=paid",
		"/api/orders?page=2&page_size=20&status=paid",
	],
	["/api/tools/3f1c0a52-0000-4000-8000-000000000001", null],
	["/api/auth/sign-in/email", null],
	["/reset-password", null],
	[
		"https://shop.example.com/api/auth/reset-password/Ab12Cd34#fragment",
		"https://shop.example.com/api/auth/reset-password/[redacted]#[redacted]",
	],
])("%s is logged as %s", (url, logged) => {
	expect(redactUrl(url)).toBe(logged ?? url);
});

test("a link passed along in a parameter has its own token redacted", () => {
	const inner = "/reset-password?token=Ab12Cd34&lang=en";
	const redacted = redactUrl(
		`/api/auth/x?callbackURL=${encodeURIComponent(inner)}`,
	);
	expect(redacted).not.toContain("Ab12Cd34");
	expect(decodeURIComponent(redacted)).toBe(
		"/api/auth/x?callbackURL=/reset-password?token=[redacted]&lang=en",
	);
});

test("parameters named like secrets are redacted whatever their case or encoding", () => {
	expect(
		redactUrl("/x?Access_Token=a1&api%5Fkey=b2&OTP=c3&sessionId=d4&q=drill"),
	).toBe(
		"/x?Access_Token=[redacted]&api%5Fkey=[redacted]&OTP=[redacted]&sessionId=[redacted]&q=drill",
	);
});

test("links nested past three levels are redacted whole", () => {
	let url = "/end?page=1";
	for (let level = 0; level < 5; level++)
		url = `/hop?next=${encodeURIComponent(url)}`;
	expect(redactUrl(url)).not.toContain("page");
});

test("an error message quoting the URL gets the URL redacted", () => {
	const url = "/api/auth/reset-password/Ab12Cd34%zz?callbackURL=%2F";
	expect(
		redactUrlIn(
			"'/api/auth/reset-password/Ab12Cd34%zz' is not a valid url component",
			url,
		),
	).toBe("'/api/auth/reset-password/[redacted]' is not a valid url component");
});
