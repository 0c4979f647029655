import { expect, test } from "vitest";
import { FaqListSchema, FaqSchema } from "../../../shared/faqs.schemas.ts";
import {
	authHeaders,
	type SignedIn,
	signUp,
	signUpAdmin,
} from "../../test-support/accounts.ts";
import { handClock } from "../../test-support/hand-clock.ts";
import {
	createTestApp,
	createTestInstances,
	type TestApp,
} from "../../test-support/test-app.ts";
import {
	IDEMPOTENCY_ABANDONED_MS,
	IDEMPOTENCY_KEPT_MS,
	IDEMPOTENT_REPLAYED_HEADER,
} from "./idempotency.ts";

const QUESTION = { question: "Do you ship abroad?", answer: "Within the EU." };

function addQuestion(
	t: TestApp,
	admin: SignedIn,
	key: string | undefined,
	payload: object = QUESTION,
) {
	return t.app.inject({
		method: "POST",
		url: "/api/faqs",
		headers: {
			...authHeaders(admin.cookie),
			...(key === undefined ? {} : { "idempotency-key": key }),
		},
		payload,
	});
}

async function questions(t: TestApp): Promise<string[]> {
	const response = await t.app.inject({ url: "/api/faqs" });
	return FaqListSchema.parse(response.json()).items.map((faq) => faq.question);
}

/**
 * A signed-in POST route of this test that runs once per call and can be held open: `calls`
 * counts the runs, `hold()` makes the next run wait until `release()`.
 */
function heldRoute(t: TestApp) {
	let calls = 0;
	let gate: Promise<void> | undefined;
	let open = () => {};
	let failsFirstWith: number | undefined;
	t.app.post(
		"/api/test/held",
		{ config: { access: "signed-in" } },
		async (_request, reply) => {
			calls += 1;
			const run = calls;
			if (gate) await gate;
			if (run === 1 && failsFirstWith)
				return reply.code(failsFirstWith).send({ run });
			return reply.code(201).send({ run });
		},
	);
	return {
		calls: () => calls,
		failFirst(status: number) {
			failsFirstWith = status;
		},
		hold() {
			gate = new Promise((resolve) => {
				open = resolve;
			});
		},
		release() {
			gate = undefined;
			open();
		},
	};
}

function post(t: TestApp, who: SignedIn, key: string, payload?: object) {
	return t.app.inject({
		method: "POST",
		url: "/api/test/held",
		headers: { ...authHeaders(who.cookie), "idempotency-key": key },
		...(payload ? { payload } : {}),
	});
}

test("an admin's question sent twice with one Idempotency-Key is added once; the repeat gets the same answer, marked as given again", async () => {
	const t = await createTestApp({ seed: false });
	const admin = await signUpAdmin(t.app, t.db);
	const before = await questions(t);
	const first = await addQuestion(t, admin, "add-question-0001");
	const repeat = await addQuestion(t, admin, "add-question-0001");
	expect(first.statusCode).toBe(201);
	expect(first.headers[IDEMPOTENT_REPLAYED_HEADER]).toBeUndefined();
	expect(repeat.statusCode).toBe(201);
	expect(repeat.headers[IDEMPOTENT_REPLAYED_HEADER]).toBe("true");
	expect(repeat.headers["content-type"]).toMatch(/^application\/json/);
	expect(FaqSchema.parse(repeat.json())).toEqual(FaqSchema.parse(first.json()));
	expect(await questions(t)).toEqual([...before, QUESTION.question]);

	// Without a key, or with a new one, it is a new request.
	expect((await addQuestion(t, admin, undefined)).statusCode).toBe(201);
	expect((await addQuestion(t, admin, "add-question-0002")).statusCode).toBe(
		201,
	);
	expect(await questions(t)).toHaveLength(before.length + 3);
});

test("the key sent with a different request is refused with a 409 and changes nothing; a malformed key is a 400", async () => {
	const t = await createTestApp({ seed: false });
	const admin = await signUpAdmin(t.app, t.db);
	await addQuestion(t, admin, "add-question-0001");
	const before = await questions(t);

	const other = await addQuestion(t, admin, "add-question-0001", {
		question: "Do you sharpen blades?",
		answer: "Yes.",
	});
	expect(other.statusCode).toBe(409);
	expect(other.json()).toEqual({
		error: {
			code: "CONFLICT",
			message:
				"This Idempotency-Key was used for a different request. Send a new key for a new request.",
		},
	});

	const malformed = await addQuestion(t, admin, "short");
	expect(malformed.statusCode).toBe(400);
	expect(malformed.json()).toEqual({
		error: {
			code: "VALIDATION_FAILED",
			message: "Invalid headers: idempotency-key",
			details: [
				{
					field: "idempotency-key",
					message:
						"Idempotency-Key must be 8 to 100 letters, digits, '-' or '_'",
				},
			],
		},
	});
	expect(await questions(t)).toEqual(before);
});

test("keys belong to an account: another account's same key runs its own request", async () => {
	const t = await createTestApp({ seed: false });
	const held = heldRoute(t);
	const one = await signUp(t.app, { name: "Key Owner" });
	const two = await signUp(t.app, { name: "Key Neighbour" });
	expect((await post(t, one, "shared-key-0001")).json()).toEqual({ run: 1 });
	const theirs = await post(t, two, "shared-key-0001");
	expect(theirs.json()).toEqual({ run: 2 });
	expect(theirs.headers[IDEMPOTENT_REPLAYED_HEADER]).toBeUndefined();
	expect(held.calls()).toBe(2);
});

test("a repeat while the first request still runs is refused with a 409; once it is answered the repeat gets that answer", async () => {
	const t = await createTestApp({ seed: false });
	const held = heldRoute(t);
	const customer = await signUp(t.app, { name: "Impatient Customer" });
	held.hold();
	const first = post(t, customer, "slow-request-0001");
	await expect.poll(() => held.calls()).toBe(1);

	const early = await post(t, customer, "slow-request-0001");
	expect(early.statusCode).toBe(409);
	expect(early.json().error.message).toBe(
		"A request with this Idempotency-Key is still running. Wait for its answer, then send the key again.",
	);

	held.release();
	expect((await first).json()).toEqual({ run: 1 });
	const repeat = await post(t, customer, "slow-request-0001");
	expect(repeat.statusCode).toBe(201);
	expect(repeat.json()).toEqual({ run: 1 });
	expect(held.calls()).toBe(1);
});

test.each([
	[409, "a refusal"],
	[503, "a server error"],
])(
	"a %s answer (%s) is not kept: the repeat runs the request again, and its answer is the one kept",
	async (status) => {
		const t = await createTestApp({ seed: false });
		const held = heldRoute(t);
		held.failFirst(status);
		const customer = await signUp(t.app, { name: "Retrying Customer" });
		expect((await post(t, customer, "retry-after-fail")).statusCode).toBe(
			status,
		);
		const retried = await post(t, customer, "retry-after-fail");
		expect(retried.statusCode).toBe(201);
		expect(retried.headers[IDEMPOTENT_REPLAYED_HEADER]).toBeUndefined();
		expect(retried.json()).toEqual({ run: 2 });
		const repeat = await post(t, customer, "retry-after-fail");
		expect(repeat.json()).toEqual({ run: 2 });
		expect(repeat.headers[IDEMPOTENT_REPLAYED_HEADER]).toBe("true");
		expect(held.calls()).toBe(2);
	},
);

test("a request left unanswered for a minute (its instance stopped) is run again by a repeat; a key is kept for a day", async () => {
	const clock = handClock(Date.now());
	const t = await createTestApp({ seed: false, wallClock: clock.now });
	const held = heldRoute(t);
	const customer = await signUp(t.app, { name: "Patient Customer" });
	held.hold();
	const lost = post(t, customer, "lost-request-0001");
	await expect.poll(() => held.calls()).toBe(1);
	clock.advance(IDEMPOTENCY_ABANDONED_MS);
	const second = post(t, customer, "lost-request-0001");
	await expect.poll(() => held.calls()).toBe(2);
	held.release();
	await lost;
	expect((await second).json()).toEqual({ run: 2 });
	// The run that took the key over holds the answer, not the one it replaced.
	expect((await post(t, customer, "lost-request-0001")).json()).toEqual({
		run: 2,
	});

	clock.advance(IDEMPOTENCY_KEPT_MS);
	const dayLater = await post(t, customer, "lost-request-0001");
	expect(dayLater.headers[IDEMPOTENT_REPLAYED_HEADER]).toBeUndefined();
	expect(dayLater.json()).toEqual({ run: 3 });
});

test("two instances on one database share the keys: a request answered by one is given again by the other", async () => {
	const [a, b] = await createTestInstances({ seed: false });
	const admin = await signUpAdmin(a.app, a.db);
	const before = await questions(a);
	const first = await addQuestion(a, admin, "two-instances-01");
	const repeat = await addQuestion(b, admin, "two-instances-01");
	expect(repeat.headers[IDEMPOTENT_REPLAYED_HEADER]).toBe("true");
	expect(repeat.json()).toEqual(first.json());
	expect(await questions(b)).toEqual([...before, QUESTION.question]);
});
