import path from "node:path";
import * as z from "zod";
import { findUnsafeProductionSettings } from "./production-settings.ts";

const booleanFlag = z
	.string()
	.transform((value) => value.trim().toLowerCase())
	.pipe(
		z.enum(["true", "false", "1", "0", "yes", "no"], {
			message: "must be true or false",
		}),
	)
	.transform((value) => value === "true" || value === "1" || value === "yes");

const LOG_LEVELS = [
	"fatal",
	"error",
	"warn",
	"info",
	"debug",
	"trace",
	"silent",
] as const;

const LOG_REQUESTS_CHOICES = ["all", "errors", "none"] as const;
export type LogRequests = (typeof LOG_REQUESTS_CHOICES)[number];
export const DEFAULT_LOG_REQUESTS: LogRequests = "errors";
export const DEFAULT_SLOW_REQUEST_MS = 1000;
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
/** Unpaid orders are cancelled, their pieces back in stock, this many hours after they were placed. */
export const DEFAULT_UNPAID_ORDER_HOURS = 48;
/** Open unpaid orders one account may hold at once; the next is refused until one is paid or cancelled. */
export const DEFAULT_MAX_UNPAID_ORDERS = 3;

const emptyAsUndefined = (value: unknown) => (value === "" ? undefined : value);

function createMillisecondsSchema(min: number, max: number, fallback: number) {
	const range = `must be a whole number of milliseconds from ${min} to ${max}`;
	return z.preprocess(
		emptyAsUndefined,
		z
			.string()
			.regex(/^\d+$/, range)
			.transform(Number)
			.pipe(z.int().min(min, range).max(max, range))
			.default(fallback),
	);
}

const DatabaseUrlSchema = z.string().refine(
	(value) => {
		if (!/^postgres(ql)?:\/\//.test(value)) return false;
		try {
			const url = new URL(value);
			return url.hostname.length > 0 && url.pathname.length > 1;
		} catch {
			return false;
		}
	},
	{
		message:
			"must be a postgres:// URL with a host and a database name, or unset for SQLite",
	},
);

const EmailListSchema = z
	.string()
	.transform((value) =>
		value
			.split(",")
			.map((email) => email.trim().toLowerCase())
			.filter((email) => email.length > 0),
	)
	.pipe(
		z.array(
			z.email({ message: "must be a comma-separated list of email addresses" }),
		),
	);

function createCountSchema(min: number, max: number, fallback: number) {
	const range = `must be a whole number from ${min} to ${max}`;
	return z.preprocess(
		emptyAsUndefined,
		z
			.string()
			.regex(/^\d+$/, range)
			.transform(Number)
			.pipe(z.int().min(min, range).max(max, range))
			.default(fallback),
	);
}

/**
 * Which proxies may set X-Forwarded-For: none (false), every hop (true), the number of hops in
 * front of the server, or a comma-separated list of proxy addresses and CIDR ranges.
 */
const TrustProxySchema = z
	.string()
	.transform((value) => value.trim())
	.pipe(
		z.union([
			z.enum(["true", "false"]).transform((value) => value === "true"),
			z
				.string()
				.regex(/^\d{1,2}$/)
				.transform(Number),
			z
				.string()
				.regex(
					/^[0-9a-fA-F:.]+(\/\d{1,3})?(\s*,\s*[0-9a-fA-F:.]+(\/\d{1,3})?)*$/,
				)
				.transform((value) => value.split(",").map((part) => part.trim())),
		]),
	);

export const DEFAULT_GOOGLE_ISSUER_URL = "https://accounts.google.com";

/** A Stripe key or secret: its prefix, then no whitespace. */
function stripeKeySchema(prefix: string, what: string) {
	return z.preprocess(
		emptyAsUndefined,
		z
			.string()
			.regex(
				new RegExp(`^${prefix}\\S+$`),
				`must be ${what}, starting with ${prefix}`,
			)
			.optional(),
	);
}

/** Where the Stripe client sends its requests: a scheme, a host and maybe a port, no path. */
const StripeApiUrlSchema = z
	.url({
		protocol: /^https?$/,
		message: "must be an http(s) URL such as http://127.0.0.1:12111",
	})
	.refine(
		(value) => {
			// A value that is not a URL at all has its issue already.
			if (!URL.canParse(value)) return true;
			const url = new URL(value);
			return (
				url.pathname === "/" &&
				!url.search &&
				!url.hash &&
				!url.username &&
				!url.password
			);
		},
		{ message: "must be only a scheme, host and port, with no path" },
	);

const STRIPE_KEYS = [
	"STRIPE_SECRET_KEY",
	"STRIPE_WEBHOOK_SECRET",
	"STRIPE_PUBLISHABLE_KEY",
] as const;

const PAYMENT_PROVIDERS = ["stripe", "test"] as const;
const MAIL_TRANSPORTS = ["smtp", "outbox"] as const;

const EnvSchema = z.object({
	PORT: z.preprocess(
		emptyAsUndefined,
		z
			.string()
			.regex(/^\d+$/, "must be a whole number between 0 and 65535")
			.transform(Number)
			.pipe(
				z
					.int()
					.min(0, "must be between 0 and 65535")
					.max(65535, "must be between 0 and 65535"),
			)
			.default(3000),
	),
	HOST: z.preprocess(emptyAsUndefined, z.string().min(1).default("127.0.0.1")),
	PUBLIC_URL: z.preprocess(
		emptyAsUndefined,
		z
			.url({ protocol: /^https?$/, message: "must be an http(s) URL" })
			.optional(),
	),
	DATA_DIR: z.preprocess(emptyAsUndefined, z.string().default("./data")),
	DATABASE_URL: z.preprocess(emptyAsUndefined, DatabaseUrlSchema.optional()),
	SEED_DEMO: z.preprocess(emptyAsUndefined, booleanFlag.default(true)),
	LOG_LEVEL: z.preprocess(emptyAsUndefined, z.enum(LOG_LEVELS).default("info")),
	LOG_REQUESTS: z.preprocess(
		emptyAsUndefined,
		z
			.enum(LOG_REQUESTS_CHOICES, { message: "must be all, errors or none" })
			.default(DEFAULT_LOG_REQUESTS),
	),
	LOG_SLOW_REQUEST_MS: createMillisecondsSchema(
		1,
		600_000,
		DEFAULT_SLOW_REQUEST_MS,
	),
	REQUEST_TIMEOUT_MS: createMillisecondsSchema(
		1000,
		600_000,
		DEFAULT_REQUEST_TIMEOUT_MS,
	),
	AUTH_SECRET: z.preprocess(
		emptyAsUndefined,
		z
			.string()
			.min(32, "must be at least 32 characters (try: openssl rand -hex 32)")
			.optional(),
	),
	ADMIN_EMAILS: z.preprocess(emptyAsUndefined, EmailListSchema.default([])),
	GOOGLE_CLIENT_ID: z.preprocess(emptyAsUndefined, z.string().optional()),
	GOOGLE_CLIENT_SECRET: z.preprocess(emptyAsUndefined, z.string().optional()),
	GOOGLE_ISSUER_URL: z.preprocess(
		emptyAsUndefined,
		z
			.url({ protocol: /^https?$/, message: "must be an http(s) URL" })
			.default(DEFAULT_GOOGLE_ISSUER_URL),
	),
	SMTP_URL: z.preprocess(
		emptyAsUndefined,
		z
			.url({
				protocol: /^smtps?$/,
				message: "must be an smtp:// or smtps:// URL",
			})
			.optional(),
	),
	MAIL_TRANSPORT: z.preprocess(
		emptyAsUndefined,
		z.enum(MAIL_TRANSPORTS, { message: "must be smtp or outbox" }).optional(),
	),
	MAIL_FROM: z.preprocess(
		emptyAsUndefined,
		z.string().min(3).default("Tools Gallery <no-reply@localhost>"),
	),
	TRUST_PROXY: z.preprocess(emptyAsUndefined, TrustProxySchema.default(false)),
	AUTH_ADDRESS_LIMIT: createCountSchema(1, 1_000_000, 100),
	AUTH_ACCOUNT_FAILURE_LIMIT: createCountSchema(1, 1000, 5),
	AUTH_LIMIT_WINDOW_MS: createMillisecondsSchema(1000, 86_400_000, 900_000),
	PAYMENTS: z.preprocess(
		emptyAsUndefined,
		z.enum(PAYMENT_PROVIDERS, { message: "must be stripe or test" }).optional(),
	),
	STRIPE_SECRET_KEY: stripeKeySchema("sk_", "a Stripe secret key"),
	STRIPE_WEBHOOK_SECRET: stripeKeySchema(
		"whsec_",
		"the signing secret of a Stripe webhook endpoint",
	),
	STRIPE_PUBLISHABLE_KEY: stripeKeySchema("pk_", "a Stripe publishable key"),
	STRIPE_API_URL: z.preprocess(emptyAsUndefined, StripeApiUrlSchema.optional()),
	UNPAID_ORDER_HOURS: createCountSchema(0, 8760, DEFAULT_UNPAID_ORDER_HOURS),
	MAX_UNPAID_ORDERS: createCountSchema(1, 1000, DEFAULT_MAX_UNPAID_ORDERS),
	QUOTA_SCALE: createCountSchema(1, 1_000_000, 1),
	REDIS_URL: z.preprocess(
		emptyAsUndefined,
		z
			.url({
				protocol: /^rediss?$/,
				message: "must be a redis:// or rediss:// URL",
			})
			.optional(),
	),
	METRICS_TOKEN: z.preprocess(
		emptyAsUndefined,
		z
			.string()
			.min(32, "must be at least 32 characters (try: openssl rand -hex 32)")
			.optional(),
	),
	WEBHOOKS_TO_PRIVATE_ADDRESSES: z.preprocess(
		emptyAsUndefined,
		booleanFlag.default(false),
	),
});

/** Every environment variable the server reads; `.env.example` documents each one. */
export const CONFIG_KEYS = EnvSchema.keyof().options;

export type DatabaseConfig =
	| { kind: "sqlite"; file: string }
	| { kind: "postgres"; url: string };

export type Config = {
	port: number;
	host: string;
	publicUrl: string;
	dataDir: string;
	database: DatabaseConfig;
	seedDemo: boolean;
	logLevel: (typeof LOG_LEVELS)[number];
	// The next four are optional so a Config written by hand (tests, benchmarks) gets the defaults.
	/** Which requests get a log line. */
	logRequests?: LogRequests;
	/** A request slower than this is logged even under LOG_REQUESTS=errors. */
	slowRequestMs?: number;
	/** The longest a client may take to send one whole request. */
	requestTimeoutMs?: number;
	/** Hours after which an unpaid order is cancelled and its stock released; 0: never. */
	unpaidOrderHours?: number;
	/** Open unpaid orders one account may hold at once (MAX_UNPAID_ORDERS). */
	maxUnpaidOrders?: number;
	/** Multiplies every write quota (QUOTA_SCALE): for load tests from one address. */
	quotaScale?: number;
	auth: AuthConfig;
	mail: MailConfig;
	payments: PaymentsConfig;
	/** Fastify's trustProxy: who may set X-Forwarded-For (false unless a proxy is configured). */
	trustProxy: boolean | number | string[];
	/** Built web app served by the server; absent when the server runs API-only (tests, dev). */
	webRoot?: string;
	/** Addresses per sitemap file: 50,000 (the protocol's limit) unless a test sets fewer. */
	sitemapPageSize?: number;
	/** The bearer token that reads GET /metrics (METRICS_TOKEN); unset: no metrics are kept. */
	metricsToken?: string;
	/**
	 * Where rate limits and quotas count when set (REDIS_URL); otherwise PostgreSQL's table, or
	 * this process's memory on SQLite.
	 */
	redisUrl?: string;
	/**
	 * Whether webhooks may be sent to private and local addresses (WEBHOOKS_TO_PRIVATE_ADDRESSES):
	 * an ERP on the shop's own network. Off by default, so a webhook cannot reach inside.
	 */
	webhooksToPrivateAddresses?: boolean;
};

export type AuthConfig = {
	/** Signs session cookies; start-up fills it from DATA_DIR in development when unset. */
	secret: string | undefined;
	adminEmails: string[];
	google:
		| { clientId: string; clientSecret: string; issuerUrl: string }
		| undefined;
	limits: {
		/** Requests to each auth endpoint group per client address and window. */
		perAddress: number;
		/** Failed sign-ins per account and window before a 429. */
		failuresPerAccount: number;
		windowMs: number;
	};
};

/** `smtpUrl` undefined: mail goes to the outbox file in DATA_DIR (MAIL_TRANSPORT=outbox). */
export type MailConfig = { smtpUrl: string | undefined; from: string };

/** Stripe's keys; with them Stripe takes payments. */
export type StripeSettings = {
	secretKey: string;
	webhookSecret: string;
	publishableKey: string;
	/** Where the Stripe client sends its requests instead of api.stripe.com (tests, stand-ins). */
	apiUrl?: string;
};

/** Without Stripe (or with PAYMENTS=test), the built-in test provider takes payments: no money moves. */
export type PaymentsConfig = { stripe: StripeSettings | undefined };

export const DEFAULT_AUTH_LIMITS: AuthConfig["limits"] = {
	perAddress: 100,
	failuresPerAccount: 5,
	windowMs: 900_000,
};

export class ConfigError extends Error {
	constructor(readonly issues: { key: string; message: string }[]) {
		super(
			`Invalid configuration:\n${issues.map((issue) => `  ${issue.key}: ${issue.message}`).join("\n")}`,
		);
		this.name = "ConfigError";
	}
}

/** Adds the issues of keys that have none yet: a key is named once, with its first problem. */
function addIssuesOfOtherKeys(
	issues: { key: string; message: string }[],
	more: { key: string; message: string }[],
): void {
	const named = new Set(issues.map((issue) => issue.key));
	issues.push(...more.filter((issue) => !named.has(issue.key)));
}

/**
 * Reads and checks every setting. With NODE_ENV=production, settings unsafe for a shop open to
 * customers (test payments, mail to the outbox, no https, ...) are refused too, named together
 * with any malformed key.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
	const parsed = EnvSchema.safeParse(env);
	const productionIssues =
		env.NODE_ENV === "production" ? findUnsafeProductionSettings(env) : [];
	if (!parsed.success) {
		const issues = parsed.error.issues.map((issue) => ({
			key: String(issue.path[0] ?? "env"),
			message: issue.message,
		}));
		addIssuesOfOtherKeys(issues, productionIssues);
		throw new ConfigError(issues);
	}
	const values = parsed.data;
	const issues: { key: string; message: string }[] = [];
	if (
		Boolean(values.GOOGLE_CLIENT_ID) !== Boolean(values.GOOGLE_CLIENT_SECRET)
	) {
		const missing = values.GOOGLE_CLIENT_ID
			? "GOOGLE_CLIENT_SECRET"
			: "GOOGLE_CLIENT_ID";
		issues.push({
			key: missing,
			message:
				"must be set together with the other Google setting, or both left unset",
		});
	}
	const stripe = choosePayments(
		values,
		readStripeSettings(values, issues),
		issues,
	);
	const smtpUrl = chooseMailTransport(values, issues);
	addIssuesOfOtherKeys(issues, productionIssues);
	if (issues.length > 0) throw new ConfigError(issues);
	const dataDir = path.resolve(values.DATA_DIR);
	return {
		port: values.PORT,
		host: values.HOST,
		publicUrl: (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(
			/\/$/,
			"",
		),
		dataDir,
		database: values.DATABASE_URL
			? { kind: "postgres", url: values.DATABASE_URL }
			: { kind: "sqlite", file: path.join(dataDir, "tools-gallery.sqlite") },
		seedDemo: values.SEED_DEMO,
		logLevel: values.LOG_LEVEL,
		logRequests: values.LOG_REQUESTS,
		slowRequestMs: values.LOG_SLOW_REQUEST_MS,
		requestTimeoutMs: values.REQUEST_TIMEOUT_MS,
		unpaidOrderHours: values.UNPAID_ORDER_HOURS,
		maxUnpaidOrders: values.MAX_UNPAID_ORDERS,
		quotaScale: values.QUOTA_SCALE,
		auth: {
			secret: values.AUTH_SECRET,
			adminEmails: values.ADMIN_EMAILS,
			google:
				values.GOOGLE_CLIENT_ID && values.GOOGLE_CLIENT_SECRET
					? {
							clientId: values.GOOGLE_CLIENT_ID,
							clientSecret: values.GOOGLE_CLIENT_SECRET,
							issuerUrl: values.GOOGLE_ISSUER_URL.replace(/\/$/, ""),
						}
					: undefined,
			limits: {
				perAddress: values.AUTH_ADDRESS_LIMIT,
				failuresPerAccount: values.AUTH_ACCOUNT_FAILURE_LIMIT,
				windowMs: values.AUTH_LIMIT_WINDOW_MS,
			},
		},
		mail: { smtpUrl, from: values.MAIL_FROM },
		payments: { stripe },
		trustProxy: values.TRUST_PROXY,
		metricsToken: values.METRICS_TOKEN,
		redisUrl: values.REDIS_URL,
		webhooksToPrivateAddresses: values.WEBHOOKS_TO_PRIVATE_ADDRESSES,
	};
}

/**
 * PAYMENTS picks the provider: Stripe by default when its keys are set, else the test provider.
 * PAYMENTS=test keeps the test provider even with the keys set; PAYMENTS=stripe needs them.
 */
function choosePayments(
	values: z.infer<typeof EnvSchema>,
	stripe: StripeSettings | undefined,
	issues: { key: string; message: string }[],
): StripeSettings | undefined {
	if (values.PAYMENTS === "test") return undefined;
	const isAnyKeySet = STRIPE_KEYS.some((key) => values[key]);
	// With some keys set, the missing ones are named already.
	if (values.PAYMENTS === "stripe" && !isAnyKeySet)
		issues.push({
			key: "PAYMENTS",
			message: `is stripe, but no Stripe key is set; set ${STRIPE_KEYS.join(", ")}, or PAYMENTS=test`,
		});
	return stripe;
}

/**
 * MAIL_TRANSPORT picks where mail goes: SMTP by default when SMTP_URL is set, else the outbox.
 * Answers the SMTP URL to use, or undefined for the outbox.
 */
function chooseMailTransport(
	values: z.infer<typeof EnvSchema>,
	issues: { key: string; message: string }[],
): string | undefined {
	if (values.MAIL_TRANSPORT === "outbox") return undefined;
	if (values.MAIL_TRANSPORT === "smtp" && !values.SMTP_URL)
		issues.push({
			key: "MAIL_TRANSPORT",
			message:
				"is smtp, but SMTP_URL is not set; set SMTP_URL, or MAIL_TRANSPORT=outbox",
		});
	return values.SMTP_URL;
}

/** `test` or `live` from a key such as sk_test_…, pk_live_…; undefined for other forms. */
function stripeModeOf(key: string): "test" | "live" | undefined {
	const mode = /^[a-z]+_(test|live)_/.exec(key)?.[1];
	return mode === "test" || mode === "live" ? mode : undefined;
}

/**
 * Stripe's three keys come together or not at all; the secret and publishable keys must be of the
 * same mode (test or live). Adds an issue naming each key that is wrong.
 */
function readStripeSettings(
	values: z.infer<typeof EnvSchema>,
	issues: { key: string; message: string }[],
): StripeSettings | undefined {
	const {
		STRIPE_SECRET_KEY: secretKey,
		STRIPE_WEBHOOK_SECRET: webhookSecret,
		STRIPE_PUBLISHABLE_KEY: publishableKey,
		STRIPE_API_URL: apiUrl,
	} = values;
	if (!secretKey || !webhookSecret || !publishableKey) {
		const given = STRIPE_KEYS.filter((key) => values[key]);
		if (given.length > 0)
			for (const key of STRIPE_KEYS.filter((key) => !values[key]))
				issues.push({
					key,
					message: `must be set together with ${given.join(" and ")}: Stripe needs all three keys, or none`,
				});
		else if (apiUrl)
			issues.push({
				key: "STRIPE_API_URL",
				message: `is only used with Stripe: set ${STRIPE_KEYS.join(", ")} too, or leave it unset`,
			});
		return undefined;
	}
	const secretMode = stripeModeOf(secretKey);
	const publishableMode = stripeModeOf(publishableKey);
	if (secretMode && publishableMode && secretMode !== publishableMode) {
		issues.push({
			key: "STRIPE_PUBLISHABLE_KEY",
			message: `is a ${publishableMode} key but STRIPE_SECRET_KEY is a ${secretMode} key: use two keys of the same mode`,
		});
		return undefined;
	}
	return {
		secretKey,
		webhookSecret,
		publishableKey,
		...(apiUrl ? { apiUrl: apiUrl.replace(/\/$/, "") } : {}),
	};
}
