import { AsyncLocalStorage } from "node:async_hooks";
import { type BetterAuthOptions, betterAuth } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { bearer } from "better-auth/plugins/bearer";
import { genericOAuth } from "better-auth/plugins/generic-oauth";
import { twoFactor } from "better-auth/plugins/two-factor";
import {
	FullNameSchema,
	SignUpInputSchema,
} from "../../../shared/accounts.schemas.ts";
import type { Config } from "../../config.ts";
import type { Db } from "../db/database.ts";
import { ConflictError } from "../http/errors.ts";
import type { SharedCounters } from "../limits/shared-counters.ts";
import type { Mailer } from "../mail/mailer.ts";
import {
	confirmByChosenPassword,
	endSessionsOf,
} from "./account-confirmation.ts";
import {
	accountExistsMessage,
	confirmAndChoosePasswordMessage,
	confirmEmailMessage,
	createAccountMail,
	resetPasswordMessage,
} from "./account-mail.ts";
import { createAuthLogger, logAuthApiError } from "./auth-log.ts";
import { AUTH_TABLES } from "./auth-tables.ts";
import {
	findPasswordProblem,
	hashPassword,
	verifyPassword,
} from "./password-rules.ts";
import { createSessionTokenHashing } from "./session-token-hashing.ts";

export const AUTH_BASE_PATH = "/api/auth";
const COOKIE_PREFIX = "better-auth";
/** Under https the cookies are `__Host-`: Secure, for this host only and the whole path. */
const HOST_COOKIE_PREFIX = `__Host-${COOKIE_PREFIX}`;

/** The session cookie's name: `__Host-` prefixed under https, so no subdomain can set or shadow it. */
export function sessionCookieName(isHttps: boolean): string {
	return `${isHttps ? HOST_COOKIE_PREFIX : COOKIE_PREFIX}.session_token`;
}

/**
 * The library's `useSecureCookies` would name them `__Secure-`; `__Host-` also forbids a Domain
 * attribute, so a sibling subdomain cannot plant a session cookie for the shop.
 */
function cookieNaming(isHttps: boolean) {
	if (!isHttps) return { useSecureCookies: false, cookiePrefix: COOKIE_PREFIX };
	return {
		useSecureCookies: false,
		cookiePrefix: HOST_COOKIE_PREFIX,
		defaultCookieAttributes: { secure: true, path: "/" },
	};
}
/** The header the bridge sets to the client address Fastify worked out (decision 007). */
export const CLIENT_ADDRESS_HEADER = "x-tools-gallery-client-address";
export const GOOGLE_PROVIDER_ID = "google";
const RESET_LINK_LIFETIME_SECONDS = 60 * 60;
export const SESSION_LIFETIME_SECONDS = 60 * 60 * 24 * 7;
/** However often it is used, a session ends this long after its sign-in (then sign in again). */
export const SESSION_ABSOLUTE_LIFETIME_SECONDS = 60 * 60 * 24 * 30;
/** A session used after this long is extended to a full lifetime again. */
export const SESSION_REFRESH_AGE_SECONDS = 60 * 60 * 24;

export type AuthDeps = {
	config: Config;
	db: Db;
	mailer: Mailer;
	/** Called before an account is deleted; throws to refuse (the last admin, for one). */
	beforeUserDelete?: (userId: string) => Promise<void>;
	log: AuthLog;
	/** Where account mail is paced per address: counters shared by every instance. */
	counters: SharedCounters;
	/** Told when an address is proved, by the confirmation link or by choosing the password. */
	onEmailConfirmed?: (
		user: { id: string; email: string },
		how: "link" | "chosen-password",
	) => Promise<void>;
};

/** Where a mailed confirmation link lands in the web app after the server checked its token. */
export const CONFIRMED_PATH = "/login?confirmed=1";
/** Where the "confirm and choose your password" link lands, with the token added. */
export const CHOOSE_PASSWORD_PATH = "/reset-password?purpose=confirm";

/**
 * better-auth endpoints the shop does not use: each is one more door to guard, so they answer 404.
 * Changing the email would need a confirmation design of its own; linking and token endpoints serve
 * flows the web app does not offer.
 */
export const DISABLED_AUTH_PATHS = [
	"/link-social",
	"/unlink-account",
	"/list-accounts",
	"/get-access-token",
	"/refresh-token",
	"/account-info",
	"/update-session",
	"/verify-password",
	"/change-email",
	"/set-password",
	"/is-username-available",
	// Tokens are stored hashed: a listing could only show hashes, and nothing here offers one.
	"/list-sessions",
	"/revoke-session",
	"/revoke-other-sessions",
] as const;

/** Late-bound calls into the auth instance the options belong to. */
type SelfCalls = {
	sendChoosePasswordLink(email: string, request?: Request): Promise<void>;
};

/** The client whose request made the server itself ask the library for a mail. */
const clientOfServerCall = new AsyncLocalStorage<string | undefined>();

/** The client address the bridge put on a request it passed to the library (decision 007). */
function clientOf(request: Request | undefined): string | undefined {
	return (
		request?.headers.get(CLIENT_ADDRESS_HEADER) ?? clientOfServerCall.getStore()
	);
}

type AuthLog = {
	error(object: object, message: string): void;
	warn(object: object, message: string): void;
	info(object: object, message: string): void;
	debug(object: object, message: string): void;
};

const SIGN_UP_FIELDS = new Set([
	"name",
	"email",
	"password",
	"callbackURL",
	"rememberMe",
]);

function refuse(message: string): never {
	throw new APIError("BAD_REQUEST", { code: "VALIDATION_FAILED", message });
}

/** Every auth endpoint takes a JSON object, or nothing: a bare number or list is refused here. */
function readBodyObject(body: unknown): Record<string, unknown> {
	if (body === undefined || body === null) return {};
	if (typeof body !== "object" || Array.isArray(body))
		refuse("Send the fields as a JSON object");
	return body as Record<string, unknown>;
}

export function createAuthOptions(
	deps: AuthDeps,
	self: SelfCalls = { sendChoosePasswordLink: async () => {} },
) {
	const { config, db, mailer } = deps;
	const accountMail = createAccountMail(mailer, deps.log, deps.counters);
	const isOwnerAddress = (email: string) =>
		config.auth.adminEmails.includes(email.trim().toLowerCase());
	const google = config.auth.google;
	if (!config.auth.secret)
		throw new Error("AUTH_SECRET must be resolved before the auth is built");
	return {
		appName: "Tools Gallery",
		baseURL: config.publicUrl,
		basePath: AUTH_BASE_PATH,
		secret: config.auth.secret,
		trustedOrigins: [config.publicUrl],
		database: {
			// Session tokens are stored hashed (session-token-hashing.ts); the library never knows.
			db: db.withPlugin(createSessionTokenHashing()),
			type: config.database.kind === "postgres" ? "postgres" : "sqlite",
		},
		user: {
			...AUTH_TABLES.user,
			additionalFields: {
				role: {
					type: "string",
					required: false,
					defaultValue: "customer",
					// Never taken from a request: only make-admin and the admin command set it.
					input: false,
				},
			},
			deleteUser: {
				enabled: true,
				beforeDelete: async (user) => {
					try {
						await deps.beforeUserDelete?.(user.id);
					} catch (error) {
						// Only the library's own errors become answers; any other would be a 500.
						if (error instanceof ConflictError)
							throw new APIError("CONFLICT", {
								code: error.code,
								message: error.message,
							});
						throw error;
					}
				},
			},
		},
		session: {
			...AUTH_TABLES.session,
			expiresIn: SESSION_LIFETIME_SECONDS,
			updateAge: SESSION_REFRESH_AGE_SECONDS,
		},
		account: {
			...AUTH_TABLES.account,
			// Google's tokens are of no use to a thief of the database: encrypted with AUTH_SECRET.
			encryptOAuthTokens: true,
			// A Google identity never joins an existing account: whoever signed up with the address
			// first may know its password, even once the owner confirmed the address by its link.
			accountLinking: { enabled: false },
		},
		verification: AUTH_TABLES.verification,
		emailAndPassword: {
			enabled: true,
			minPasswordLength: 8,
			maxPasswordLength: 128,
			password: { hash: hashPassword, verify: verifyPassword },
			resetPasswordTokenExpiresIn: RESET_LINK_LIFETIME_SECONDS,
			revokeSessionsOnPasswordReset: true,
			// Sign-up answers alike whether or not the address has an account (no enumeration); the
			// web app signs the new account in with the password it just chose.
			autoSignIn: false,
			sendResetPassword: async ({ user, url }, request) => {
				await accountMail.send(
					user.emailVerified
						? resetPasswordMessage(user.email, url)
						: confirmAndChoosePasswordMessage(user.email, url),
					clientOf(request),
				);
			},
			// A password chosen through the mailed link proves the address (see account-confirmation).
			onPasswordReset: async ({ user }) => {
				if (user.emailVerified) return;
				await confirmByChosenPassword(db, user.id);
				await deps.onEmailConfirmed?.(user, "chosen-password");
			},
			onExistingUserSignUp: async ({ user }, request) => {
				// Not confirmed yet: the mailbox owner may be the one signing up now, after someone else.
				if (!user.emailVerified)
					await self.sendChoosePasswordLink(user.email, request);
				else
					await accountMail.send(
						accountExistsMessage(user.email, config.publicUrl),
						clientOf(request),
					);
			},
		},
		emailVerification: {
			sendOnSignUp: true,
			// The clicker proves the mailbox, not the password: they sign in afterwards.
			autoSignInAfterVerification: false,
			expiresIn: 60 * 60 * 24,
			sendVerificationEmail: async ({ user, url }, request) => {
				// An owner's address becomes an admin's: its confirmation sets the password too, so the
				// password of whoever signed up with it first never becomes an admin's.
				if (isOwnerAddress(user.email))
					await self.sendChoosePasswordLink(user.email, request);
				else
					await accountMail.send(
						confirmEmailMessage(user.email, url),
						clientOf(request),
					);
			},
			beforeEmailVerification: async (user) => {
				if (isOwnerAddress(user.email))
					throw new APIError("FORBIDDEN", {
						code: "CONFIRM_BY_CHOOSING_PASSWORD",
						message:
							"This address is confirmed by choosing the password: use Forgot password to get the link",
					});
			},
			// Sessions made before the confirmation may be a squatter's: none survives it.
			afterEmailVerification: async (user) => {
				await endSessionsOf(db, user.id);
				await deps.onEmailConfirmed?.(user, "link");
			},
		},
		disabledPaths: [...DISABLED_AUTH_PATHS],
		// Our own limits run in the bridge, keyed by the address Fastify trusts (decision 007).
		rateLimit: { enabled: false },
		advanced: {
			...cookieNaming(config.publicUrl.startsWith("https://")),
			ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
			database: { generateId: () => crypto.randomUUID() },
			// Stated, not left to the default: under NODE_ENV=test the library skips its origin and
			// callback URL checks, and the tests must run the checks production runs.
			disableOriginCheck: false,
		},
		telemetry: { enabled: false },
		// Into our logger, with client input bounded (auth-log.ts).
		logger: createAuthLogger(deps.log),
		onAPIError: { onError: logAuthApiError(deps.log) },
		hooks: {
			before: createAuthMiddleware(async (ctx) => {
				const body = readBodyObject(ctx.body);
				if (ctx.path === "/sign-up/email") {
					const parsed = SignUpInputSchema.safeParse(body);
					if (!parsed.success)
						refuse(parsed.error.issues[0]?.message ?? "Invalid sign-up");
					const problem = findPasswordProblem(body.password);
					if (problem) refuse(problem);
					// An image URL here would become the profile photo without the upload's checks.
					if (!Object.keys(body).every((key) => SIGN_UP_FIELDS.has(key)))
						refuse("Only a name, an email and a password are taken here");
					// The confirmation link always lands on our sign-in page, never where a client said.
					return {
						context: {
							body: { ...body, ...parsed.data, callbackURL: CONFIRMED_PATH },
						},
					};
				}
				if (ctx.path === "/reset-password" || ctx.path === "/change-password") {
					const problem = findPasswordProblem(body.newPassword);
					if (problem) refuse(problem);
				}
				if (ctx.path === "/update-user") {
					// Only the name may change here; the photo goes through the profile upload.
					const allowed = Object.keys(body).every((key) => key === "name");
					if (!allowed) refuse("Only the name can be changed here");
					if ("name" in body) {
						const name = FullNameSchema.safeParse(body.name);
						if (!name.success)
							refuse(name.error.issues[0]?.message ?? "Invalid name");
					}
				}
				return;
			}),
		},
		plugins: [
			// Only the signed form (token.signature, as the set-auth-token header gives it).
			bearer({ requireSignature: true }),
			twoFactor({
				issuer: "Tools Gallery",
				schema: {
					user: {
						fields: { twoFactorEnabled: AUTH_TABLES.userTwoFactorEnabled },
					},
					twoFactor: AUTH_TABLES.twoFactor,
				},
			}),
			...(google
				? [
						genericOAuth({
							config: [
								{
									providerId: GOOGLE_PROVIDER_ID,
									clientId: google.clientId,
									clientSecret: google.clientSecret,
									discoveryUrl: `${google.issuerUrl}/.well-known/openid-configuration`,
									scopes: ["openid", "email", "profile"],
									pkce: true,
								},
							],
						}),
					]
				: []),
		],
	} satisfies BetterAuthOptions;
}

export function createAuth(deps: AuthDeps) {
	const self: SelfCalls = {
		async sendChoosePasswordLink(email, request) {
			// The mail is paced per client: the one whose request caused it, not the server.
			await clientOfServerCall.run(clientOf(request), () =>
				auth.api.requestPasswordReset({
					body: { email, redirectTo: CHOOSE_PASSWORD_PATH },
				}),
			);
		},
	};
	const auth = betterAuth(createAuthOptions(deps, self));
	return auth;
}

export type Auth = ReturnType<typeof createAuth>;
