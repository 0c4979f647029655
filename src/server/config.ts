import path from "node:path";
import * as z from "zod";

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
	// The next three are optional so a Config written by hand (tests, benchmarks) gets the defaults.
	/** Which requests get a log line. */
	logRequests?: LogRequests;
	/** A request slower than this is logged even under LOG_REQUESTS=errors. */
	slowRequestMs?: number;
	/** The longest a client may take to send one whole request. */
	requestTimeoutMs?: number;
	/** Built web app served by the server; absent when the server runs API-only (tests, dev). */
	webRoot?: string;
};

export class ConfigError extends Error {
	constructor(readonly issues: { key: string; message: string }[]) {
		super(
			`Invalid configuration:\n${issues.map((issue) => `  ${issue.key}: ${issue.message}`).join("\n")}`,
		);
		this.name = "ConfigError";
	}
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
	const parsed = EnvSchema.safeParse(env);
	if (!parsed.success) {
		throw new ConfigError(
			parsed.error.issues.map((issue) => ({
				key: String(issue.path[0] ?? "env"),
				message: issue.message,
			})),
		);
	}
	const values = parsed.data;
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
	};
}
