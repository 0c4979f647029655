import { expect, test } from "vitest";
import { testAuthConfig } from "./test-support/accounts.ts";
import { AUTH_OPERATIONS } from "./test-support/fuzz-auth-endpoints.ts";
import {
	createDatabaseSnapshotter,
	listChangedTables,
} from "./test-support/fuzz-database.ts";
import type { UploadForm } from "./test-support/fuzz-multipart-bodies.ts";
import {
	listDocumentedOperations,
	type OpenApiDocument,
} from "./test-support/fuzz-operations.ts";
import { fuzzSeed } from "./test-support/fuzz-random.ts";
import { describeReport, mergeReports } from "./test-support/fuzz-report.ts";
import { runFuzzer } from "./test-support/fuzz-run.ts";
import { BLOG_POST_FIELDS, createFuzzShop } from "./test-support/fuzz-shop.ts";
import type { JsonSchema } from "./test-support/fuzz-values.ts";
import { createTestApp, insertTestTool } from "./test-support/test-app.ts";
import { makePng, VALID_TOOL_FIELDS } from "./test-support/tools.ts";

/**
 * The fuzzer: requests generated from the OpenAPI document and the auth endpoints' fields, sent to
 * the app in process. FUZZ_SEED=<integer> tries another sequence (a failure prints the request
 * that showed it); FUZZ_REQUESTS=<count> runs more or fewer than the 50,000 of CI.
 */
function requestCount(given = process.env.FUZZ_REQUESTS): number {
	if (given === undefined || given === "") return 50_000;
	const count = Number(given);
	if (!Number.isSafeInteger(count) || count < 1)
		throw new Error(`FUZZ_REQUESTS must be a whole number, not "${given}"`);
	return count;
}

const REQUESTS = requestCount();

/** The forms of the upload routes, which the OpenAPI document names but does not describe. */
const UPLOADS: Record<string, UploadForm> = {
	updateProfilePhoto: { fields: {}, fileField: "photo" },
	addTool: { fields: VALID_TOOL_FIELDS, fileField: "image" },
	editTool: {
		fields: {
			...VALID_TOOL_FIELDS,
			version: "1",
			available_quantity_seen: VALID_TOOL_FIELDS.available_quantity,
		},
		fileField: "image",
	},
	startToolImport: { fields: { mode: "dry_run" }, fileField: "file" },
	addBlogPost: { fields: BLOG_POST_FIELDS, fileField: "cover" },
	editBlogPost: {
		fields: { ...BLOG_POST_FIELDS, version: "1" },
		fileField: "cover",
	},
};

/**
 * The same checks whatever the caller is allowed: the fuzzer is one client sending thousands of
 * requests, and the per-address limits would answer 429 before the auth endpoints read a byte.
 */
const FUZZ_CONFIG = {
	auth: testAuthConfig({
		limits: { perAddress: 1e9, failuresPerAccount: 1e9, windowMs: 60_000 },
	}),
	// Generated webhook endpoints may name any address: none on this machine is sent to.
	webhooksToPrivateAddresses: false,
};

/**
 * Lanes run side by side, each on a shop and database of its own, so that a refused request is
 * still checked against its own database, while one lane waits (on PostgreSQL, on a password
 * hash, on the auth's constant-time floor of 500 ms) the others keep sending.
 */
const LANES = 4;

/** A shop for one lane, built before any lane starts, so that none waits on another's setup. */
async function createLaneShop() {
	const t = await createTestApp({ config: FUZZ_CONFIG });
	return {
		t,
		actors: await createFuzzShop(t),
		snapshot: await createDatabaseSnapshotter(
			t.db,
			t.config.database.kind === "postgres",
		),
	};
}

function resolverOf(document: OpenApiDocument) {
	return (ref: string): JsonSchema => {
		const name = ref.replace("#/components/schemas/", "");
		const schema = document.components?.schemas?.[name];
		if (!schema) throw new Error(`no schema at ${ref}`);
		return schema;
	};
}

test(`${REQUESTS} generated requests to every operation and auth endpoint, as a visitor, a customer and an admin: no 5xx, no internals, and refusals change nothing`, async () => {
	const shops = [];
	for (let lane = 0; lane < LANES; lane++) shops.push(await createLaneShop());
	const [first] = shops;
	if (!first) throw new Error("no lane");
	const document: OpenApiDocument = (
		await first.t.app.inject({ url: "/api/openapi.json" })
	).json();
	const operations = [
		...listDocumentedOperations(document, UPLOADS),
		...AUTH_OPERATIONS,
	];
	const png = await makePng(32, 24);
	const seed = fuzzSeed();
	const started = performance.now();
	const reports = await Promise.all(
		shops.map((shop, lane) =>
			runFuzzer({
				...shop,
				operations,
				resolve: resolverOf(document),
				png,
				// Lanes of one seed share no sequence with the lanes of the next seed.
				seed: seed * LANES + lane,
				requests: Math.ceil(REQUESTS / LANES),
			}),
		),
	);
	const report = mergeReports(reports, performance.now() - started);
	console.info(describeReport(report, first.t.config.database.kind, seed));
	expect(Object.values(report.failures)).toEqual([]);
	expect(report.requests).toBeGreaterThanOrEqual(REQUESTS);
}, 600_000);

test("the database snapshot the fuzzer compares sees an added row and a changed value, even of the same length", async () => {
	const t = await createTestApp();
	const snapshot = await createDatabaseSnapshotter(
		t.db,
		t.config.database.kind === "postgres",
	);
	const empty = await snapshot();
	expect(listChangedTables(empty, await snapshot())).toEqual([]);

	const tool = await insertTestTool(t.db);
	const added = await snapshot();
	expect(listChangedTables(empty, added)).toContain("tools");

	await t.db
		.updateTable("tools")
		.set({ version: 2 })
		.where("id", "=", tool.id)
		.execute();
	expect(listChangedTables(added, await snapshot())).toContain("tools");
});
