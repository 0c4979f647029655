import type { LightMyRequestResponse } from "fastify";
import { ApiErrorBodySchema } from "../../shared/api-error.ts";
import { type DatabaseSnapshot, listChangedTables } from "./fuzz-database.ts";
import type { FuzzContext } from "./fuzz-mutations.ts";
import type { FuzzOperation } from "./fuzz-operations.ts";
import { createRandom, type Random } from "./fuzz-random.ts";
import {
	countAnswer,
	countUnsendable,
	createReport,
	type FuzzReport,
	recordFailure,
} from "./fuzz-report.ts";
import {
	buildRequest,
	type FuzzActor,
	type FuzzRequest,
} from "./fuzz-requests.ts";
import {
	type FuzzActors,
	keepActorsInRole,
	readKnownValues,
} from "./fuzz-shop.ts";
import type { JsonSchema } from "./fuzz-values.ts";
import type { TestApp } from "./test-app.ts";

export type FuzzRun = {
	t: TestApp;
	actors: FuzzActors;
	operations: FuzzOperation[];
	resolve: (ref: string) => JsonSchema;
	snapshot: () => Promise<DatabaseSnapshot>;
	png: Buffer;
	seed: number;
	requests: number;
};

/** A frame of a stack trace, a source file or an installed package named in an answer. */
const LEAKED_INTERNALS =
	/\bat [^\n"]*:\d+:\d+|node_modules|\/src\/server\/|\.(?:ts|js|mjs):\d+/;

function findProblem(
	operation: FuzzOperation,
	request: FuzzRequest,
	response: LightMyRequestResponse,
): string | undefined {
	if (response.statusCode >= 500) return "a 5xx answer";
	if (LEAKED_INTERNALS.test(response.body)) return "internals in the answer";
	const isApiRefusal =
		!operation.isAuth &&
		response.statusCode >= 400 &&
		request.method !== "HEAD";
	if (
		isApiRefusal &&
		!ApiErrorBodySchema.safeParse(parseJson(response.body)).success
	)
		return "a refusal outside the error envelope";
	return undefined;
}

function parseJson(text: string): unknown {
	try {
		return JSON.parse(text);
	} catch {
		return undefined;
	}
}

/** Writes and every auth request (a GET there can verify an email or finish a sign-in). */
function canWrite(operation: FuzzOperation, request: FuzzRequest): boolean {
	return (
		operation.isAuth || !["GET", "HEAD", "OPTIONS"].includes(request.method)
	);
}

/**
 * Each operation once per unit of weight: an upload three times (its body has the most ways to be
 * wrong, and a malformed form is where 5xx answers were found before), one taking JSON twice.
 */
function weighOperations(operations: FuzzOperation[]): FuzzOperation[] {
	const weights = { multipart: 3, json: 2, none: 1 };
	return operations.flatMap((operation) =>
		Array.from({ length: weights[operation.body.kind] }, () => operation),
	);
}

/** The caller of a request; one that ends its session is mostly sent by the visitor. */
function pickActor(
	operation: FuzzOperation,
	actors: FuzzActors,
	random: Random,
): FuzzActor {
	if (operation.endsSession && random.chance(0.85)) return actors.anonymous;
	return actors[random.pick(["anonymous", "customer", "admin"] as const)];
}

/**
 * Sends `requests` generated requests, one at a time, and checks each answer: no 5xx, no stack
 * trace or file path in the body, refusals of the API in the error envelope, and a refused write
 * (a 4xx) leaves every row of the database as it was.
 */
export async function runFuzzer(run: FuzzRun): Promise<FuzzReport> {
	const { t, actors } = run;
	const operations = weighOperations(run.operations);
	const random = createRandom(run.seed);
	const context: FuzzContext = {
		random,
		known: await readKnownValues(t, actors),
		resolve: run.resolve,
	};
	const report = createReport();
	let before: DatabaseSnapshot | undefined;
	const started = performance.now();
	// Counted by the requests sent: one light-my-request would not build does not count.
	for (let index = 0; report.requests < run.requests; index++) {
		const operation = random.pick(operations);
		const actor = pickActor(operation, actors, random);
		const request = buildRequest(operation, actor, run.png, context);
		const isWatched = canWrite(operation, request);
		if (isWatched) before ??= await run.snapshot();
		let response: LightMyRequestResponse;
		try {
			response = await t.app.inject(request);
		} catch (error) {
			countUnsendable(report, error);
			if (index > run.requests * 2) throw error;
			continue;
		}
		countAnswer(report, response.statusCode);
		const problem = findProblem(operation, request, response);
		if (problem)
			recordFailure(report, problem, operation.name, request, response);
		if (!isWatched || !before) continue;
		const after = await run.snapshot();
		const isRefused = response.statusCode >= 400 && response.statusCode < 500;
		const changed = listChangedTables(before, after);
		if (isRefused && changed.length > 0)
			recordFailure(
				report,
				`a refused request changed ${changed.join(", ")}`,
				operation.name,
				request,
				response,
			);
		before = after;
		// Only an auth endpoint can end the session or the account of the actor that called it.
		const mayHaveChangedActor = operation.isAuth && !isRefused;
		if (
			mayHaveChangedActor &&
			(await keepActorsInRole(t, actors, [actor.role]))
		)
			before = undefined;
		if (index % 2500 === 2499) {
			if (await keepActorsInRole(t, actors)) before = undefined;
			context.known = await readKnownValues(t, actors);
		}
	}
	report.milliseconds = performance.now() - started;
	return report;
}
