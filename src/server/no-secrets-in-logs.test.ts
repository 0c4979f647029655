import path from "node:path";
import { expect, test, vi } from "vitest";
import { type OutboxEntry, readOutbox } from "./platform/mail/mailer.ts";
import { TEST_PASSWORD, uniqueEmail } from "./test-support/accounts.ts";
import { startMain, stopMain } from "./test-support/main-process.ts";

/** The shop's address as the server knows it; browsers on its pages send it as Origin. */
const PUBLIC_URL = "http://shop.test";

/** A client of the running server that keeps every secret the server hands it. */
function createClient(serverUrl: string) {
	const secrets = new Set<string>();
	let sent = 0;
	const keep = (value: string | null | undefined) => {
		if (value && value.length >= 8) secrets.add(value);
	};
	/** Session cookies and bearer tokens the answer sets; answers the cookie header to send back. */
	const keepCredentials = (response: Response): string | undefined => {
		keep(response.headers.get("set-auth-token"));
		const cookies = response.headers.getSetCookie().map((cookie) => {
			const pair = cookie.split(";", 1)[0] ?? "";
			const value = pair.slice(pair.indexOf("=") + 1);
			keep(value);
			keep(decodeURIComponent(value));
			// A signed cookie is the token, a dot and its signature.
			keep(decodeURIComponent(value).split(".")[0]);
			return pair;
		});
		return cookies.find((pair) => /session_token=./.test(pair));
	};
	const send = async (
		pathAndQuery: string,
		init: { method?: string; body?: object; headers?: object } = {},
	) => {
		sent += 1;
		const response = await fetch(`${serverUrl}${pathAndQuery}`, {
			method: init.method ?? "GET",
			redirect: "manual",
			headers: {
				origin: PUBLIC_URL,
				...(init.body ? { "content-type": "application/json" } : {}),
				...init.headers,
			},
			body: init.body && JSON.stringify(init.body),
		});
		keep(response.headers.get("location")?.match(/token=([^&]+)/)?.[1]);
		return response;
	};
	return { secrets, keep, keepCredentials, send, sent: () => sent };
}

/** The links a mail carries: its link, and every address written in its text. */
function linksOf(mail: OutboxEntry): URL[] {
	const written = mail.text.match(/https?:\/\/\S+/g) ?? [];
	return [...new Set([...(mail.link ? [mail.link] : []), ...written])].map(
		(link) => new URL(link),
	);
}

/**
 * The parts of a link that are tokens: query values and path segments of 16 or more URL-safe
 * characters that are not plain words (`reset-password` is a route, `/login?confirmed=1` a page to
 * go back to; `eyJhbGciOi…` and `Ab12Cd34…` are tokens).
 */
function tokensOf(link: URL): string[] {
	return [...link.searchParams.values(), ...link.pathname.split("/")].filter(
		(part) => /^[\w.~-]{16,}$/.test(part) && !/^[a-z-]+$/.test(part),
	);
}

/**
 * The next mail to `to` after the `seen` ones, once it is in the outbox. Mail is told apart by its
 * order, not its subject: whichever mail the shop sends, its links are what the test follows.
 */
function waitForNextMail(dataDir: string, to: string, seen: number) {
	return vi.waitFor(
		async () => {
			const mail = (await readOutbox(path.join(dataDir, "outbox"))).filter(
				(entry) => entry.to === to,
			)[seen];
			if (!mail) throw new Error(`no mail number ${seen + 1} to ${to} yet`);
			return mail;
		},
		{ timeout: 10_000 },
	);
}

/** The path and query of a link, to open it on the server under test. */
function pathOf(link: URL): string {
	return `${link.pathname}${link.search}`;
}

test("signing up, confirming, resetting the password and signing in log no token, session or password", async () => {
	const server = startMain({
		LOG_LEVEL: "trace",
		LOG_REQUESTS: "all",
		PUBLIC_URL,
	});
	const serverUrl = await server.listening();
	const client = createClient(serverUrl);
	const email = uniqueEmail("logs");
	const newPassword = `${TEST_PASSWORD} renewed`;
	client.keep(TEST_PASSWORD);
	client.keep(newPassword);

	const signedUp = await client.send("/api/auth/sign-up/email", {
		method: "POST",
		body: { name: "Logan Log", email, password: TEST_PASSWORD },
	});
	expect(signedUp.status).toBe(200);
	const earlierSessions = [client.keepCredentials(signedUp)];

	// Confirming the address: open every link of the mail, as its reader would.
	const confirmation = await waitForNextMail(server.dataDir, email, 0);
	const confirmationLinks = linksOf(confirmation);
	expect(confirmationLinks.flatMap(tokensOf)).not.toEqual([]);
	for (const link of confirmationLinks) {
		for (const token of tokensOf(link)) client.keep(token);
		earlierSessions.push(
			client.keepCredentials(await client.send(pathOf(link))),
		);
	}

	const asked = await client.send("/api/auth/request-password-reset", {
		method: "POST",
		body: { email, redirectTo: "/reset-password" },
	});
	expect(asked.status).toBe(200);
	const resetMail = await waitForNextMail(server.dataDir, email, 1);
	const [resetLink] = linksOf(resetMail);
	if (!resetLink) throw new Error("the reset mail holds no link");
	for (const token of tokensOf(resetLink)) client.keep(token);
	const opened = await client.send(pathOf(resetLink));
	// The link leads to the page that asks for the new password, with the token in its address.
	const pageAddress = new URL(
		opened.headers.get("location") ?? resetLink.href,
		PUBLIC_URL,
	);
	const resetToken =
		pageAddress.searchParams.get("token") ??
		resetLink.searchParams.get("token");
	if (!resetToken) throw new Error(`no reset token in ${pageAddress.pathname}`);
	client.keep(resetToken);
	// The page itself is asked for with the token in its query, as a browser would.
	await client.send(pathOf(pageAddress));
	const reset = await client.send("/api/auth/reset-password", {
		method: "POST",
		body: { newPassword, token: resetToken },
	});
	expect(reset.status).toBe(200);
	// A malformed address holding the token is refused; its error quotes the path.
	await client.send(`/api/auth/reset-password/${resetToken}%zz`);

	const signedIn = await client.send("/api/auth/sign-in/email", {
		method: "POST",
		body: { email, password: newPassword },
	});
	expect(signedIn.status).toBe(200);
	const cookie = client.keepCredentials(signedIn);
	const bearer = signedIn.headers.get("set-auth-token");
	if (!cookie || !bearer) throw new Error("signing in set no session");
	expect((await client.send("/api/me", { headers: { cookie } })).status).toBe(
		200,
	);
	expect(
		(
			await client.send("/api/me", {
				headers: { authorization: `Bearer ${bearer}` },
			})
		).status,
	).toBe(200);
	// The sessions handed out before the reset are sent again: their requests are logged too.
	for (const earlier of earlierSessions.filter((pair) => pair !== undefined))
		await client.send("/api/me", { headers: { cookie: earlier } });

	const run = await stopMain(server);
	const log = `${run.stdout}\n${run.stderr}`;
	// The log is the whole story: a line for each request (the malformed one is logged as a
	// client error instead), tokens shown as redacted.
	const requestLines = run.stdout
		.split("\n")
		.filter((line) => line.includes('"responseTime"'));
	expect(requestLines).toHaveLength(client.sent() - 1);
	expect(client.secrets.size).toBeGreaterThanOrEqual(6);
	for (const secret of client.secrets) {
		expect(log).not.toContain(secret);
		expect(log).not.toContain(encodeURIComponent(secret));
	}
	expect(log).toContain("[redacted]");
});
