import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import type { Db } from "../platform/db/database.ts";
import {
	authHeaders,
	cookieFrom,
	enableTwoFactor,
	OWN_ORIGIN,
	postAuth,
	type SignedIn,
	signIn,
	signUp,
	signUpAdmin,
	TWO_FACTOR_COOKIE,
	testAuthConfig,
} from "./accounts.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

/**
 * Every kind of caller the authorization matrix tries. The last five must be what their name
 * says and no more: a bearer token is a signed-in customer; an unconfirmed account on an
 * ADMIN_EMAILS address is no admin; a password without the two-factor code, an expired session
 * and the session of a removed account are nobody.
 */
export const CALLERS = [
	"anonymous",
	"customer",
	"otherCustomer",
	"admin",
	"bearer",
	"unconfirmedAdmin",
	"pendingTwoFactor",
	"expiredSession",
	"removedUser",
] as const;
export type Caller = (typeof CALLERS)[number];

/** Callers who are nobody: whatever they hold opens no session. */
export const NOBODY: readonly Caller[] = [
	"anonymous",
	"pendingTwoFactor",
	"expiredSession",
	"removedUser",
];

/** Callers with a session of their own, which a probe that ends sessions needs afresh. */
const SIGNED_IN: readonly Caller[] = [
	"customer",
	"otherCustomer",
	"admin",
	"bearer",
	"unconfirmedAdmin",
];

/** The ADMIN_EMAILS address the matrix app names, which the unconfirmed account signs up with. */
export const OWNER_EMAIL = "owner@example.com";

/**
 * The app the matrices probe: OWNER_EMAIL among ADMIN_EMAILS, auth limits and unpaid orders that
 * every probe of every caller fits in, and the demo content when `seed`.
 */
export function createMatrixApp(
	options: { seed?: boolean; webRoot?: string } = {},
): Promise<TestApp> {
	return createTestApp({
		seed: options.seed,
		config: {
			webRoot: options.webRoot,
			maxUnpaidOrders: 100,
			auth: testAuthConfig({
				adminEmails: [OWNER_EMAIL],
				limits: {
					perAddress: 1_000_000,
					failuresPerAccount: 1_000_000,
					windowMs: 60_000,
				},
			}),
		},
	});
}

/** What only its own account (or an admin) may see: found in another caller's answer, it leaked. */
export type PrivateMarks = {
	email: string;
	address: string | undefined;
	/** Ids of the account's orders; a test adds those it places. */
	orderIds: string[];
};

export type Callers = {
	headersOf(caller: Caller): Record<string, string>;
	accountOf(caller: Caller): SignedIn | undefined;
	/** New sessions for the signed-in callers, after a probe that may have ended theirs. */
	refresh(): Promise<void>;
	/** The private marks of every account, by caller. */
	marks: Partial<Record<Caller, PrivateMarks>>;
};

async function saveAddress(app: FastifyInstance, account: SignedIn) {
	const address = `${account.userId.slice(0, 8)} Private Lane`;
	const response = await app.inject({
		method: "PATCH",
		url: "/api/profile",
		headers: authHeaders(account.cookie),
		payload: { address },
	});
	expect(response.statusCode, response.body).toBe(200);
	return address;
}

/** Turns two-factor sign-in on with a real code, then starts a password sign-in and stops there. */
async function pendingTwoFactorHeaders(app: FastifyInstance) {
	const account = await signUp(app, { name: "Pending Two Factor" });
	await enableTwoFactor(app, account);
	const password = await postAuth(app, "/sign-in/email", {
		email: account.email,
		password: account.password,
	});
	expect(password.json()).toMatchObject({ twoFactorRedirect: true });
	const twoFactorCookie = cookieFrom(password, TWO_FACTOR_COOKIE);
	if (!twoFactorCookie) throw new Error("no two-factor cookie");
	// Everything the password step handed out: the two-factor cookie and the token it names.
	const token = password.headers["set-auth-token"];
	return {
		origin: OWN_ORIGIN,
		cookie: twoFactorCookie,
		...(typeof token === "string" ? { authorization: `Bearer ${token}` } : {}),
	};
}

async function expireSessionsOf(db: Db, userId: string, isPostgres: boolean) {
	const past = new Date(Date.now() - 60_000);
	await db
		.updateTable("sessions")
		.set({ expires_at: isPostgres ? past : past.toISOString() })
		.where("user_id", "=", userId)
		.execute();
}

/**
 * Builds one of each caller on an app of `createMatrixApp`.
 */
export async function createCallers({
	app,
	db,
	config,
}: TestApp): Promise<Callers> {
	const isPostgres = config.database.kind === "postgres";
	const accounts: Partial<Record<Caller, SignedIn>> = {
		customer: await signUp(app, { name: "Customer" }),
		otherCustomer: await signUp(app, { name: "Other Customer" }),
		admin: await signUpAdmin(app, db),
		bearer: await signUp(app, { name: "Bearer Customer" }),
		unconfirmedAdmin: await signUp(app, {
			name: "Unconfirmed Owner",
			email: OWNER_EMAIL,
		}),
		expiredSession: await signUp(app, { name: "Expired Session" }),
		removedUser: await signUp(app, { name: "Removed User" }),
	};
	const marks: Partial<Record<Caller, PrivateMarks>> = {};
	for (const [caller, account] of Object.entries(accounts) as [
		Caller,
		SignedIn,
	][])
		marks[caller] = {
			email: account.email,
			address: caller === "admin" ? undefined : await saveAddress(app, account),
			orderIds: [],
		};
	const pending = await pendingTwoFactorHeaders(app);

	const expired = accounts.expiredSession;
	const removed = accounts.removedUser;
	const admin = accounts.admin;
	if (!expired || !removed || !admin) throw new Error("callers missing");
	await expireSessionsOf(db, expired.userId, isPostgres);
	const removal = await app.inject({
		method: "DELETE",
		url: `/api/users/${removed.userId}`,
		headers: authHeaders(admin.cookie),
	});
	expect(removal.statusCode, removal.body).toBe(204);

	return {
		marks,
		accountOf: (caller) => accounts[caller],
		headersOf(caller) {
			if (caller === "anonymous") return { origin: OWN_ORIGIN };
			if (caller === "pendingTwoFactor") return pending;
			const account = accounts[caller];
			if (!account) throw new Error(`no account for ${caller}`);
			if (caller === "bearer")
				return { origin: OWN_ORIGIN, authorization: `Bearer ${account.token}` };
			return authHeaders(account.cookie);
		},
		async refresh() {
			for (const caller of SIGNED_IN) {
				const account = accounts[caller];
				if (account) accounts[caller] = await signIn(app, account);
			}
		},
	};
}

/**
 * What a caller's answer must not show: for a caller who is nobody, any account's email or
 * address; for a customer, another account's. An admin may see them all.
 */
export function findLeaks(
	callers: Callers,
	caller: Caller,
	body: string,
): string[] {
	const isNobody = NOBODY.includes(caller);
	if (caller === "admin") return [];
	const leaks: string[] = [];
	for (const [owner, marks] of Object.entries(callers.marks)) {
		if (!isNobody && owner === caller) continue;
		if (body.includes(marks.email)) leaks.push(`${owner}'s email`);
		if (marks.address && body.includes(marks.address))
			leaks.push(`${owner}'s address`);
		for (const orderId of marks.orderIds)
			if (body.includes(orderId)) leaks.push(`${owner}'s order ${orderId}`);
	}
	return leaks;
}
