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
import type { Mailer } from "../mail/mailer.ts";
import { AUTH_TABLES } from "./auth-tables.ts";
import {
	findPasswordProblem,
	hashPassword,
	verifyPassword,
} from "./password-rules.ts";

export const AUTH_BASE_PATH = "/api/auth";
/** The header the bridge sets to the client address Fastify worked out (decision 007). */
export const CLIENT_ADDRESS_HEADER = "x-tools-gallery-client-address";
export const GOOGLE_PROVIDER_ID = "google";
const RESET_LINK_LIFETIME_SECONDS = 60 * 60;
export const SESSION_LIFETIME_SECONDS = 60 * 60 * 24 * 7;
/** A session used after this long is extended to a full lifetime again. */
export const SESSION_REFRESH_AGE_SECONDS = 60 * 60 * 24;

export type AuthDeps = {
	config: Config;
	db: Db;
	mailer: Mailer;
	/** Called before an account is deleted; throws to refuse (the last admin, for one). */
	beforeUserDelete?: (userId: string) => Promise<void>;
	log: AuthLog;
};

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

/** Sends without making the request wait on the mail server; a failure is logged, not shown. */
function sendInBackground(deps: AuthDeps, send: () => Promise<void>): void {
	send().catch((error: unknown) =>
		deps.log.error({ err: error }, "sending mail failed"),
	);
}

export function createAuthOptions(deps: AuthDeps) {
	const { config, db, mailer } = deps;
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
			db,
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
			accountLinking: {
				enabled: true,
				// A Google identity joins an existing account only when that account proved its email.
				requireLocalEmailVerified: true,
				trustedProviders: [],
			},
		},
		verification: AUTH_TABLES.verification,
		emailAndPassword: {
			enabled: true,
			minPasswordLength: 8,
			maxPasswordLength: 128,
			password: { hash: hashPassword, verify: verifyPassword },
			resetPasswordTokenExpiresIn: RESET_LINK_LIFETIME_SECONDS,
			revokeSessionsOnPasswordReset: true,
			sendResetPassword: async ({ user, url }) => {
				sendInBackground(deps, () =>
					mailer.send({
						to: user.email,
						subject: "Reset your Tools Gallery password",
						text: `Someone asked to reset the password of your Tools Gallery account.\n\nChoose a new password here (the link works once, for one hour):\n${url}\n\nIf it was not you, ignore this message; your password stays as it is.`,
						link: url,
					}),
				);
			},
		},
		emailVerification: {
			sendOnSignUp: true,
			autoSignInAfterVerification: true,
			expiresIn: 60 * 60 * 24,
			sendVerificationEmail: async ({ user, url }) => {
				sendInBackground(deps, () =>
					mailer.send({
						to: user.email,
						subject: "Confirm your email for Tools Gallery",
						text: `Welcome to Tools Gallery, ${user.name}.\n\nConfirm your email address here:\n${url}\n\nIf you did not sign up, ignore this message.`,
						link: url,
					}),
				);
			},
		},
		// Our own limits run in the bridge, keyed by the address Fastify trusts (decision 007).
		rateLimit: { enabled: false },
		advanced: {
			useSecureCookies: config.publicUrl.startsWith("https://"),
			ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
			database: { generateId: () => crypto.randomUUID() },
		},
		telemetry: { enabled: false },
		// Into our logger (LOG_LEVEL, request-free JSON lines), not the console.
		logger: {
			level: "warn",
			log: (level, message, ...args) =>
				deps.log[level]({ source: "better-auth", details: args }, message),
		},
		// A refusal (a wrong password, a hook saying no) is an answer, not a failure: without this the
		// library prints each one to the console, outside our logger.
		onAPIError: {
			onError: (error) => {
				const isRefusal =
					error instanceof APIError && error.status !== "INTERNAL_SERVER_ERROR";
				if (isRefusal)
					deps.log.debug(
						{ source: "better-auth", err: error },
						"auth request refused",
					);
				else
					deps.log.error(
						{ source: "better-auth", err: error },
						"auth request failed",
					);
			},
		},
		hooks: {
			before: createAuthMiddleware(async (ctx) => {
				const body = (ctx.body ?? {}) as Record<string, unknown>;
				if (ctx.path === "/sign-up/email") {
					const parsed = SignUpInputSchema.safeParse(body);
					if (!parsed.success)
						refuse(parsed.error.issues[0]?.message ?? "Invalid sign-up");
					const problem = findPasswordProblem(body.password);
					if (problem) refuse(problem);
					// An image URL here would become the profile photo without the upload's checks.
					if (!Object.keys(body).every((key) => SIGN_UP_FIELDS.has(key)))
						refuse("Only a name, an email and a password are taken here");
					return { context: { body: { ...body, ...parsed.data } } };
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
			bearer(),
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
	return betterAuth(createAuthOptions(deps));
}

export type Auth = ReturnType<typeof createAuth>;
