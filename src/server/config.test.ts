import fs from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { CONFIG_KEYS, ConfigError, loadConfig } from "./config.ts";
import { PROJECT_ROOT } from "./project-paths.ts";

function issuesOf(env: NodeJS.ProcessEnv): { key: string; message: string }[] {
	try {
		loadConfig(env);
	} catch (error) {
		if (error instanceof ConfigError) return error.issues;
		throw error;
	}
	throw new Error("expected the configuration to be rejected");
}

test("defaults give a SQLite shop on port 3000 with demo content", () => {
	const config = loadConfig({});
	expect(config).toMatchObject({
		port: 3000,
		host: "127.0.0.1",
		publicUrl: "http://localhost:3000",
		seedDemo: true,
		database: {
			kind: "sqlite",
			file: path.resolve("data", "tools-gallery.sqlite"),
		},
	});
});

test("a postgres:// DATABASE_URL switches to PostgreSQL", () => {
	const config = loadConfig({
		DATABASE_URL: "postgres://shop@db.internal:5432/shop",
	});
	expect(config.database).toEqual({
		kind: "postgres",
		url: "postgres://shop@db.internal:5432/shop",
	});
	expect(
		loadConfig({ DATABASE_URL: "postgresql://db/shop" }).database.kind,
	).toBe("postgres");
});

test("empty values count as unset", () => {
	expect(
		loadConfig({ PORT: "", DATABASE_URL: "", SEED_DEMO: "" }),
	).toMatchObject({ port: 3000, seedDemo: true });
});

test("SEED_DEMO=false turns the demo content off", () => {
	expect(loadConfig({ SEED_DEMO: "false" }).seedDemo).toBe(false);
	expect(loadConfig({ SEED_DEMO: "FALSE" }).seedDemo).toBe(false);
	expect(loadConfig({ SEED_DEMO: "Yes" }).seedDemo).toBe(true);
	expect(issuesOf({ SEED_DEMO: "maybe" })).toEqual([
		{ key: "SEED_DEMO", message: "must be true or false" },
	]);
});

test.each(["mysql://db/shop", "postgres://", "postgres:///shop", "not a url"])(
	"a malformed DATABASE_URL (%s) is rejected by name",
	(value) => {
		expect(issuesOf({ DATABASE_URL: value }).map((issue) => issue.key)).toEqual(
			["DATABASE_URL"],
		);
	},
);

test.each(["abc", "70000", "-1", "3000.5"])(
	"a malformed PORT (%s) is rejected by name",
	(value) => {
		expect(issuesOf({ PORT: value }).map((issue) => issue.key)).toEqual([
			"PORT",
		]);
	},
);

test("requests are logged on errors by default, and time out after 30 s", () => {
	expect(loadConfig({})).toMatchObject({
		logRequests: "errors",
		slowRequestMs: 1000,
		requestTimeoutMs: 30_000,
	});
	expect(
		loadConfig({
			LOG_REQUESTS: "all",
			LOG_SLOW_REQUEST_MS: "250",
			REQUEST_TIMEOUT_MS: "5000",
		}),
	).toMatchObject({
		logRequests: "all",
		slowRequestMs: 250,
		requestTimeoutMs: 5000,
	});
});

test.each([
	["LOG_REQUESTS", "everything", "must be all, errors or none"],
	[
		"REQUEST_TIMEOUT_MS",
		"500",
		"must be a whole number of milliseconds from 1000 to 600000",
	],
	[
		"REQUEST_TIMEOUT_MS",
		"30s",
		"must be a whole number of milliseconds from 1000 to 600000",
	],
	[
		"LOG_SLOW_REQUEST_MS",
		"0",
		"must be a whole number of milliseconds from 1 to 600000",
	],
])("a bad %s (%s) is rejected by name", (key, value, message) => {
	expect(issuesOf({ [key]: value })).toEqual([{ key, message }]);
});

test("every bad key is named at once", () => {
	const error = (() => {
		try {
			loadConfig({
				PORT: "x",
				DATABASE_URL: "sqlite",
				PUBLIC_URL: "ftp://shop",
				LOG_LEVEL: "loud",
			});
		} catch (caught) {
			return caught as ConfigError;
		}
	})();
	expect(error?.issues.map((issue) => issue.key).sort()).toEqual([
		"DATABASE_URL",
		"LOG_LEVEL",
		"PORT",
		"PUBLIC_URL",
	]);
	expect(error?.message).toContain(
		"PORT: must be a whole number between 0 and 65535",
	);
});

test(".env.example documents exactly the keys the server reads", () => {
	const example = fs.readFileSync(
		path.join(PROJECT_ROOT, ".env.example"),
		"utf8",
	);
	const documented = [...example.matchAll(/^([A-Z_]+)=/gm)].map(
		(match) => match[1],
	);
	expect(documented.sort()).toEqual([...CONFIG_KEYS].sort());
});

const STRIPE_ENV = {
	STRIPE_SECRET_KEY: "sk_test_51AbCdEf",
	STRIPE_WEBHOOK_SECRET: "whsec_0123456789abcdef",
	STRIPE_PUBLISHABLE_KEY: "pk_test_51AbCdEf",
};

test("without Stripe's keys the built-in test provider takes payments", () => {
	expect(loadConfig({}).payments).toEqual({ stripe: undefined });
	expect(
		loadConfig({
			STRIPE_SECRET_KEY: "",
			STRIPE_WEBHOOK_SECRET: "",
			STRIPE_PUBLISHABLE_KEY: "",
			STRIPE_API_URL: "",
		}).payments,
	).toEqual({ stripe: undefined });
});

test("Stripe's three keys turn Stripe on; STRIPE_API_URL points its client elsewhere", () => {
	expect(loadConfig(STRIPE_ENV).payments).toEqual({
		stripe: {
			secretKey: "sk_test_51AbCdEf",
			webhookSecret: "whsec_0123456789abcdef",
			publishableKey: "pk_test_51AbCdEf",
		},
	});
	expect(
		loadConfig({ ...STRIPE_ENV, STRIPE_API_URL: "http://127.0.0.1:12111/" })
			.payments.stripe?.apiUrl,
	).toBe("http://127.0.0.1:12111");
	expect(
		loadConfig({
			STRIPE_SECRET_KEY: "sk_live_1",
			STRIPE_WEBHOOK_SECRET: "whsec_1",
			STRIPE_PUBLISHABLE_KEY: "pk_live_1",
		}).payments.stripe?.secretKey,
	).toBe("sk_live_1");
});

test.each([
	[["STRIPE_SECRET_KEY"], ["STRIPE_WEBHOOK_SECRET", "STRIPE_PUBLISHABLE_KEY"]],
	[["STRIPE_PUBLISHABLE_KEY"], ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"]],
	[["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"], ["STRIPE_PUBLISHABLE_KEY"]],
	[["STRIPE_WEBHOOK_SECRET", "STRIPE_PUBLISHABLE_KEY"], ["STRIPE_SECRET_KEY"]],
] as const)(
	"with only %j set, each missing Stripe key is named: %j",
	(given, missing) => {
		const env = Object.fromEntries(given.map((key) => [key, STRIPE_ENV[key]]));
		const issues = issuesOf(env);
		expect(issues.map((issue) => issue.key)).toEqual(missing);
		for (const issue of issues)
			expect(issue.message).toBe(
				`must be set together with ${given.join(" and ")}: Stripe needs all three keys, or none`,
			);
	},
);

test.each([
	[
		"STRIPE_SECRET_KEY",
		"pk_test_51AbCdEf",
		"must be a Stripe secret key, starting with sk_",
	],
	[
		"STRIPE_SECRET_KEY",
		"sk_test_51 AbCdEf",
		"must be a Stripe secret key, starting with sk_",
	],
	[
		"STRIPE_PUBLISHABLE_KEY",
		"sk_test_51AbCdEf",
		"must be a Stripe publishable key, starting with pk_",
	],
	[
		"STRIPE_WEBHOOK_SECRET",
		"0123456789abcdef",
		"must be the signing secret of a Stripe webhook endpoint, starting with whsec_",
	],
])("a malformed %s (%s) is rejected by name", (key, value, message) => {
	expect(issuesOf({ ...STRIPE_ENV, [key]: value })).toEqual([{ key, message }]);
});

test.each([
	["api.stripe.com", "must be an http(s) URL such as http://127.0.0.1:12111"],
	[
		"ftp://127.0.0.1:12111",
		"must be an http(s) URL such as http://127.0.0.1:12111",
	],
	[
		"http://127.0.0.1:12111/v1",
		"must be only a scheme, host and port, with no path",
	],
	[
		"http://127.0.0.1:12111/?x=1",
		"must be only a scheme, host and port, with no path",
	],
])("a malformed STRIPE_API_URL (%s) is rejected by name", (value, message) => {
	expect(issuesOf({ ...STRIPE_ENV, STRIPE_API_URL: value })).toEqual([
		{ key: "STRIPE_API_URL", message },
	]);
});

test("STRIPE_API_URL without Stripe's keys is named, not ignored", () => {
	expect(
		issuesOf({ STRIPE_API_URL: "http://127.0.0.1:12111" }).map(
			(issue) => issue.key,
		),
	).toEqual(["STRIPE_API_URL"]);
});

test("a live publishable key with a test secret key is rejected by name", () => {
	expect(
		issuesOf({ ...STRIPE_ENV, STRIPE_PUBLISHABLE_KEY: "pk_live_51AbCdEf" }),
	).toEqual([
		{
			key: "STRIPE_PUBLISHABLE_KEY",
			message:
				"is a live key but STRIPE_SECRET_KEY is a test key: use two keys of the same mode",
		},
	]);
});

test("a half-set Google sign-in and a half-set Stripe are named at once", () => {
	expect(
		issuesOf({
			GOOGLE_CLIENT_ID: "client",
			STRIPE_SECRET_KEY: STRIPE_ENV.STRIPE_SECRET_KEY,
		}).map((issue) => issue.key),
	).toEqual([
		"GOOGLE_CLIENT_SECRET",
		"STRIPE_WEBHOOK_SECRET",
		"STRIPE_PUBLISHABLE_KEY",
	]);
});

test("PAYMENTS picks the provider: Stripe when its keys are set, the test provider otherwise or when asked", () => {
	expect(loadConfig({}).payments.stripe).toBeUndefined();
	expect(loadConfig({ PAYMENTS: "test" }).payments.stripe).toBeUndefined();
	expect(loadConfig(STRIPE_ENV).payments.stripe?.secretKey).toBe(
		"sk_test_51AbCdEf",
	);
	expect(
		loadConfig({ ...STRIPE_ENV, PAYMENTS: "stripe" }).payments.stripe
			?.publishableKey,
	).toBe("pk_test_51AbCdEf");
	expect(
		loadConfig({ ...STRIPE_ENV, PAYMENTS: "test" }).payments.stripe,
	).toBeUndefined();
});

test("PAYMENTS=stripe without Stripe's keys is refused, naming the keys to set", () => {
	expect(issuesOf({ PAYMENTS: "stripe" })).toEqual([
		{
			key: "PAYMENTS",
			message:
				"is stripe, but no Stripe key is set; set STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PUBLISHABLE_KEY, or PAYMENTS=test",
		},
	]);
	expect(issuesOf({ PAYMENTS: "paypal" })).toEqual([
		{ key: "PAYMENTS", message: "must be stripe or test" },
	]);
});

test("MAIL_TRANSPORT picks SMTP when SMTP_URL is set, the outbox otherwise or when asked", () => {
	const smtpUrl = "smtp://mail.example.com:587";
	expect(loadConfig({}).mail.smtpUrl).toBeUndefined();
	expect(loadConfig({ SMTP_URL: smtpUrl }).mail.smtpUrl).toBe(smtpUrl);
	expect(
		loadConfig({ SMTP_URL: smtpUrl, MAIL_TRANSPORT: "smtp" }).mail.smtpUrl,
	).toBe(smtpUrl);
	expect(
		loadConfig({ SMTP_URL: smtpUrl, MAIL_TRANSPORT: "outbox" }).mail.smtpUrl,
	).toBeUndefined();
});

test("MAIL_TRANSPORT=smtp without SMTP_URL is refused by name", () => {
	expect(issuesOf({ MAIL_TRANSPORT: "smtp" })).toEqual([
		{
			key: "MAIL_TRANSPORT",
			message:
				"is smtp, but SMTP_URL is not set; set SMTP_URL, or MAIL_TRANSPORT=outbox",
		},
	]);
	expect(issuesOf({ MAIL_TRANSPORT: "sendmail" })).toEqual([
		{ key: "MAIL_TRANSPORT", message: "must be smtp or outbox" },
	]);
});

/** A production shop with every setting that production asks for. */
const SAFE_PRODUCTION_ENV = {
	NODE_ENV: "production",
	...STRIPE_ENV,
	SMTP_URL: "smtps://shop:password@mail.example.com:465",
	PUBLIC_URL: "https://shop.example.com",
	AUTH_SECRET: "0123456789abcdef0123456789abcdef",
	TRUST_PROXY: "1",
};

test("a production configuration with Stripe, SMTP, https and a secret loads", () => {
	expect(loadConfig(SAFE_PRODUCTION_ENV)).toMatchObject({
		publicUrl: "https://shop.example.com",
		mail: { smtpUrl: "smtps://shop:password@mail.example.com:465" },
		payments: { stripe: { secretKey: "sk_test_51AbCdEf" } },
		trustProxy: 1,
	});
});

test("production takes test payments and the outbox only when they are asked for by name", () => {
	const demo = loadConfig({
		...SAFE_PRODUCTION_ENV,
		STRIPE_SECRET_KEY: "",
		STRIPE_WEBHOOK_SECRET: "",
		STRIPE_PUBLISHABLE_KEY: "",
		SMTP_URL: "",
		PAYMENTS: "test",
		MAIL_TRANSPORT: "outbox",
	});
	expect(demo.payments.stripe).toBeUndefined();
	expect(demo.mail.smtpUrl).toBeUndefined();
});

test.each([
	[
		"PAYMENTS",
		{
			STRIPE_SECRET_KEY: "",
			STRIPE_WEBHOOK_SECRET: "",
			STRIPE_PUBLISHABLE_KEY: "",
		},
		"the test provider takes no money; set the STRIPE_* keys, or PAYMENTS=test to run a demo shop in production",
	],
	[
		"MAIL_TRANSPORT",
		{ SMTP_URL: "" },
		"mail would only be written to the outbox file in DATA_DIR, and no customer would get it; set SMTP_URL, or MAIL_TRANSPORT=outbox to keep mail in the outbox in production",
	],
	[
		"PUBLIC_URL",
		{ PUBLIC_URL: "" },
		"must be set in production to the https:// address customers use, e.g. PUBLIC_URL=https://shop.example.com",
	],
	[
		"PUBLIC_URL",
		{ PUBLIC_URL: "http://shop.example.com" },
		"must start with https:// in production; behind a proxy that ends TLS, set the https:// address customers use",
	],
	[
		"AUTH_SECRET",
		{ AUTH_SECRET: "" },
		"must be set in production (at least 32 characters, the same on every instance): openssl rand -hex 32",
	],
	[
		"TRUST_PROXY",
		{ TRUST_PROXY: "true" },
		"trusting every address believes X-Forwarded-For from anyone, so any client could pick the address its limits count; set the number of proxies in front (e.g. TRUST_PROXY=1) or their addresses and CIDR ranges",
	],
] as const)(
	"production refuses an unsafe %s, naming the fix",
	(key, changes, message) => {
		expect(issuesOf({ ...SAFE_PRODUCTION_ENV, ...changes })).toEqual([
			{ key, message },
		]);
		// Outside production the same settings are fine.
		expect(() =>
			loadConfig({ ...SAFE_PRODUCTION_ENV, ...changes, NODE_ENV: "" }),
		).not.toThrow();
	},
);

test("production names every unsafe setting at once, with any malformed key", () => {
	expect(
		issuesOf({ NODE_ENV: "production", TRUST_PROXY: "true", PORT: "eighty" }),
	).toEqual([
		{ key: "PORT", message: "must be a whole number between 0 and 65535" },
		expect.objectContaining({ key: "PAYMENTS" }),
		expect.objectContaining({ key: "MAIL_TRANSPORT" }),
		expect.objectContaining({ key: "PUBLIC_URL" }),
		expect.objectContaining({ key: "AUTH_SECRET" }),
		expect.objectContaining({ key: "TRUST_PROXY" }),
	]);
});

test("in production a short AUTH_SECRET or a malformed PUBLIC_URL is named once, with its own problem", () => {
	expect(
		issuesOf({
			...SAFE_PRODUCTION_ENV,
			AUTH_SECRET: "short",
			PUBLIC_URL: "shop.example.com",
		}),
	).toEqual([
		{ key: "PUBLIC_URL", message: "must be an http(s) URL" },
		{
			key: "AUTH_SECRET",
			message: "must be at least 32 characters (try: openssl rand -hex 32)",
		},
	]);
});
