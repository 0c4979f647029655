import { randomUUID } from "node:crypto";
import { expect, test } from "vitest";
import { FAQ_MAX_COUNT, FaqListSchema } from "../../../shared/faqs.schemas.ts";
import { migrateToLatest } from "../../platform/db/migrate.ts";
import {
	authHeaders,
	signUp,
	signUpAdmin,
} from "../../test-support/accounts.ts";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";

function send(
	t: TestApp,
	cookie: string | undefined,
	method: "POST" | "PUT" | "DELETE",
	url: string,
	payload?: object,
) {
	return t.app.inject({
		method,
		url,
		headers: authHeaders(cookie),
		...(payload ? { payload } : {}),
	});
}

async function publicQuestions(t: TestApp): Promise<string[]> {
	const response = await t.app.inject({ url: "/api/faqs" });
	expect(response.statusCode).toBe(200);
	return FaqListSchema.parse(response.json()).items.map((faq) => faq.question);
}

/** A new shop without the demo catalog (SEED_DEMO=false): its own questions, and an admin. */
async function shop() {
	const t = await createTestApp({ seed: false });
	const admin = await signUpAdmin(t.app, t.db);
	return { t, admin };
}

test("a new shop without the demo lists the five Favorite Questions the specification names", async () => {
	const t = await createTestApp({ seed: false });
	const faqs = FaqListSchema.parse(
		(await t.app.inject({ url: "/api/faqs" })).json(),
	);
	expect(faqs.items.map((faq) => faq.question)).toEqual([
		"How does prototypal inheritance work in JavaScript?",
		"What are the different ways to manage state in a React application?",
		"How can you improve the performance of a React application?",
		"Why should you never set React state directly?",
		"How would you search an array of products by name in JavaScript?",
	]);
	for (const faq of faqs.items) expect(faq.answer.length).toBeGreaterThan(300);
});

test("an admin removes all five questions; they stay removed when the shop starts again", async () => {
	const { t, admin } = await shop();
	const list = FaqListSchema.parse(
		(await t.app.inject({ url: "/api/faqs" })).json(),
	);
	expect(list.items).toHaveLength(5);
	for (const faq of list.items)
		expect(
			(await send(t, admin.cookie, "DELETE", `/api/faqs/${faq.id}`)).statusCode,
		).toBe(204);
	expect(await publicQuestions(t)).toEqual([]);
	// A start runs the migrations again: the questions were the shop's once, not at every start.
	expect(await migrateToLatest(t.db, { legacyImagesDir: undefined })).toEqual(
		[],
	);
	expect(await publicQuestions(t)).toEqual([]);
});

test("an admin adds a question: it comes last on the home page's list", async () => {
	const { t, admin } = await shop();
	const before = await publicQuestions(t);
	const added = await send(t, admin.cookie, "POST", "/api/faqs", {
		question: "  Do you ship abroad?  ",
		answer: "Yes, to every country in the EU.\n\nOutside it, ask us.",
	});
	expect(added.statusCode, added.body).toBe(201);
	expect(added.json()).toEqual({
		id: expect.any(String),
		question: "Do you ship abroad?",
		answer: "Yes, to every country in the EU.\n\nOutside it, ask us.",
	});
	expect(await publicQuestions(t)).toEqual([...before, "Do you ship abroad?"]);
});

test("an admin edits a question and its answer; the public list shows the new text in the same place", async () => {
	const { t, admin } = await shop();
	const list = FaqListSchema.parse(
		(await t.app.inject({ url: "/api/faqs" })).json(),
	);
	const second = list.items[1];
	if (!second) throw new Error("the shop has fewer than 2 questions");
	const edited = await send(t, admin.cookie, "PUT", `/api/faqs/${second.id}`, {
		question: "What is state management, briefly?",
		answer: "Keeping data in one place.",
	});
	expect(edited.statusCode).toBe(200);
	const after = FaqListSchema.parse(
		(await t.app.inject({ url: "/api/faqs" })).json(),
	);
	expect(after.items[1]).toEqual({
		id: second.id,
		question: "What is state management, briefly?",
		answer: "Keeping data in one place.",
	});
	expect(after.items).toHaveLength(list.items.length);
});

test("empty, blank or missing fields are refused with the field's message, and nothing changes", async () => {
	const { t, admin } = await shop();
	const before = await publicQuestions(t);
	for (const [payload, field, message] of [
		[
			{ question: "", answer: "An answer." },
			"question",
			"Question is required",
		],
		[
			{ question: "A question?", answer: "   " },
			"answer",
			"Answer is required",
		],
		[{ answer: "An answer." }, "question", "Question is required"],
		[
			{ question: "x".repeat(301), answer: "An answer." },
			"question",
			"Question must be 300 characters or fewer",
		],
	] as const) {
		const response = await send(t, admin.cookie, "POST", "/api/faqs", payload);
		expect(response.statusCode).toBe(400);
		expect(response.json().error.details).toContainEqual({ field, message });
	}
	expect(await publicQuestions(t)).toEqual(before);
});

test("an admin removes a question; removing or editing it again is a 404", async () => {
	const { t, admin } = await shop();
	const list = FaqListSchema.parse(
		(await t.app.inject({ url: "/api/faqs" })).json(),
	);
	const [first, ...rest] = list.items;
	if (!first) throw new Error("no questions");
	const removed = await send(
		t,
		admin.cookie,
		"DELETE",
		`/api/faqs/${first.id}`,
	);
	expect(removed.statusCode).toBe(204);
	expect(await publicQuestions(t)).toEqual(rest.map((faq) => faq.question));
	expect(
		(await send(t, admin.cookie, "DELETE", `/api/faqs/${first.id}`)).statusCode,
	).toBe(404);
	const edit = await send(t, admin.cookie, "PUT", `/api/faqs/${first.id}`, {
		question: "Back?",
		answer: "No.",
	});
	expect(edit.statusCode).toBe(404);
});

test("an admin reorders the questions; the new order is kept", async () => {
	const { t, admin } = await shop();
	const list = FaqListSchema.parse(
		(await t.app.inject({ url: "/api/faqs" })).json(),
	);
	const reversed = [...list.items].reverse();
	const response = await send(t, admin.cookie, "PUT", "/api/faqs/order", {
		ids: reversed.map((faq) => faq.id),
	});
	expect(response.statusCode).toBe(200);
	expect(await publicQuestions(t)).toEqual(reversed.map((faq) => faq.question));
	// A question added later still comes last.
	await send(t, admin.cookie, "POST", "/api/faqs", {
		question: "Last?",
		answer: "Yes.",
	});
	expect((await publicQuestions(t)).at(-1)).toBe("Last?");
});

test("an order that leaves out a question, repeats one or names an unknown one is refused and changes nothing", async () => {
	const { t, admin } = await shop();
	const list = FaqListSchema.parse(
		(await t.app.inject({ url: "/api/faqs" })).json(),
	);
	const ids = list.items.map((faq) => faq.id);
	const before = await publicQuestions(t);
	for (const order of [
		ids.slice(1),
		[...ids.slice(0, -1), ids[0]],
		[...ids.slice(1), "00000000-0000-4000-8000-000000000000"],
		[],
	]) {
		const response = await send(t, admin.cookie, "PUT", "/api/faqs/order", {
			ids: order,
		});
		expect(response.statusCode).toBe(400);
	}
	expect(await publicQuestions(t)).toEqual(before);
});

test("customers and visitors cannot add, edit, reorder or remove questions", async () => {
	const { t } = await shop();
	const customer = await signUp(t.app);
	const list = FaqListSchema.parse(
		(await t.app.inject({ url: "/api/faqs" })).json(),
	);
	const id = list.items[0]?.id ?? "";
	const before = await publicQuestions(t);
	for (const [cookie, status] of [
		[undefined, 401],
		[customer.cookie, 403],
	] as const) {
		const body = { question: "Mine?", answer: "Mine." };
		expect((await send(t, cookie, "POST", "/api/faqs", body)).statusCode).toBe(
			status,
		);
		expect(
			(await send(t, cookie, "PUT", `/api/faqs/${id}`, body)).statusCode,
		).toBe(status);
		expect(
			(await send(t, cookie, "DELETE", `/api/faqs/${id}`)).statusCode,
		).toBe(status);
		expect(
			(
				await send(t, cookie, "PUT", "/api/faqs/order", {
					ids: list.items.map((faq) => faq.id).reverse(),
				})
			).statusCode,
		).toBe(status);
	}
	expect(await publicQuestions(t)).toEqual(before);
});

test("an admin adds questions up to 100; the 101st is refused with a 409 naming the limit, until one is removed", async () => {
	const { t, admin } = await shop();
	const ownQuestions = (await publicQuestions(t)).length;
	for (let n = ownQuestions + 1; n <= FAQ_MAX_COUNT; n++) {
		const added = await send(t, admin.cookie, "POST", "/api/faqs", {
			question: `Question ${n}?`,
			answer: "Yes.",
		});
		expect(added.statusCode, added.body).toBe(201);
	}
	const full = await publicQuestions(t);
	expect(full).toHaveLength(100);

	const refused = await send(t, admin.cookie, "POST", "/api/faqs", {
		question: "Question 101?",
		answer: "No.",
	});
	expect(refused.statusCode).toBe(409);
	expect(refused.json().error.message).toBe(
		"There can be at most 100 questions: remove one before adding another",
	);
	expect(await publicQuestions(t)).toEqual(full);

	const list = FaqListSchema.parse(
		(await t.app.inject({ url: "/api/faqs" })).json(),
	);
	const first = list.items[0];
	if (!first) throw new Error("no questions");
	await send(t, admin.cookie, "DELETE", `/api/faqs/${first.id}`);
	const again = await send(t, admin.cookie, "POST", "/api/faqs", {
		question: "Question 101?",
		answer: "Now yes.",
	});
	expect(again.statusCode).toBe(201);
	expect((await publicQuestions(t)).at(-1)).toBe("Question 101?");
});

test("the public list shows at most the first 100 questions, even when the database holds more", async () => {
	const t = await createTestApp();
	await t.db.deleteFrom("faqs").execute();
	const questions = Array.from({ length: 105 }, (_, position) => ({
		id: randomUUID(),
		position,
		question: `Question ${position + 1}?`,
		answer: "Yes.",
	}));
	await t.db.insertInto("faqs").values(questions).execute();
	expect(await publicQuestions(t)).toEqual(
		questions.slice(0, 100).map((faq) => faq.question),
	);
});

test("an order naming more than 100 questions is refused with the limit's message", async () => {
	const t = await createTestApp();
	const admin = await signUpAdmin(t.app, t.db);
	const response = await send(t, admin.cookie, "PUT", "/api/faqs/order", {
		ids: Array.from({ length: 101 }, () => randomUUID()),
	});
	expect(response.statusCode).toBe(400);
	expect(response.json().error.details).toContainEqual({
		field: "ids",
		message: "List at most 100 questions: there are never more",
	});
});
