import type { FastifyInstance, InjectOptions } from "fastify";
import { authHeaders, signUp, signUpAdmin, TEST_PASSWORD } from "./accounts.ts";
import type { FuzzActor } from "./fuzz-requests.ts";
import type { KnownValues } from "./fuzz-values.ts";
import { insertTestTool, type TestApp } from "./test-app.ts";
import { makePng, toolFormBody } from "./tools.ts";

export type FuzzActors = Record<FuzzActor["role"], FuzzActor>;

/** A blog post form the admin's editor would send. */
export const BLOG_POST_FIELDS = {
	title: "Sharp Chisels",
	slug: "",
	excerpt: "Honing.",
	body: "Text.",
	published_on: "2026-11-01",
	is_published: "true",
};

async function newActor(
	t: TestApp,
	role: "customer" | "admin",
): Promise<FuzzActor> {
	const account =
		role === "admin" ? await signUpAdmin(t.app, t.db) : await signUp(t.app);
	return {
		role,
		cookie: account.cookie,
		token: account.token,
		userId: account.userId,
	};
}

async function expectCreated(
	app: FastifyInstance,
	request: InjectOptions,
): Promise<void> {
	const response = await app.inject(request);
	if (response.statusCode !== 201)
		throw new Error(
			`setting up the shop failed: ${response.statusCode} ${response.body}`,
		);
}

/**
 * A shop with one of everything the API manages (tools, an order, a review, a question, a post)
 * and its three callers: a visitor, a customer and an admin.
 */
export async function createFuzzShop(t: TestApp): Promise<FuzzActors> {
	const actors: FuzzActors = {
		anonymous: { role: "anonymous" },
		customer: await newActor(t, "customer"),
		admin: await newActor(t, "admin"),
	};
	const customer = authHeaders(actors.customer.cookie);
	const admin = authHeaders(actors.admin.cookie);
	// Accounts that are nobody's actor: the admin routes on users act on them, not on the callers.
	await signUp(t.app);
	await signUp(t.app);
	const tool = await insertTestTool(t.db);
	await insertTestTool(t.db);
	await expectCreated(t.app, {
		method: "POST",
		url: "/api/orders",
		headers: customer,
		payload: { tool_id: tool.id, order_quantity: tool.minimum_quantity },
	});
	await expectCreated(t.app, {
		method: "POST",
		url: "/api/reviews",
		headers: customer,
		payload: { user_review: "Sturdy and sharp.", user_rating: 5 },
	});
	await expectCreated(t.app, {
		method: "POST",
		url: "/api/faqs",
		headers: admin,
		payload: { question: "Do you ship abroad?", answer: "Yes." },
	});
	const post = await toolFormBody(BLOG_POST_FIELDS, [
		["cover", await makePng(), "cover.png", "image/png"],
	]);
	await expectCreated(t.app, {
		method: "POST",
		url: "/api/admin/blog-posts",
		headers: { ...admin, ...post.headers },
		payload: post.payload,
	});
	return actors;
}

const LISTS = [
	"/api/tools",
	"/api/orders",
	"/api/moderation/reviews",
	"/api/faqs",
	"/api/admin/blog-posts",
	"/api/users",
];

/** Ids, slugs and addresses that exist in the shop right now, read through the API as the admin. */
export async function readKnownValues(
	t: TestApp,
	actors: FuzzActors,
): Promise<KnownValues> {
	const known: KnownValues = {
		ids: [],
		slugs: [],
		emails: ["nobody@example.com"],
		passwords: [TEST_PASSWORD, "wrong password 123"],
	};
	for (const url of LISTS) {
		const response = await t.app.inject({
			url,
			headers: authHeaders(actors.admin.cookie),
		});
		const items: { id?: unknown; slug?: unknown; email?: unknown }[] =
			response.json().items ?? [];
		for (const item of items) {
			if (typeof item.id === "string") known.ids.push(item.id);
			if (typeof item.slug === "string") known.slugs.push(item.slug);
			if (typeof item.email === "string") known.emails.push(item.email);
		}
	}
	const actorIds = new Set([actors.customer.userId, actors.admin.userId]);
	known.ids = known.ids.filter((id) => !actorIds.has(id));
	if (known.ids.length === 0) throw new Error("the shop lists nothing");
	return known;
}

/**
 * A fuzzed request may sign an actor out, delete its account or make the customer an admin: this
 * puts a fresh account in the place of each of `roles` that is no longer what it says. Returns
 * whether any account was replaced.
 */
export async function keepActorsInRole(
	t: TestApp,
	actors: FuzzActors,
	roles: FuzzActor["role"][] = ["customer", "admin"],
): Promise<boolean> {
	let isReplaced = false;
	for (const role of roles) {
		if (role === "anonymous") continue;
		const response = await t.app.inject({
			url: "/api/me",
			headers: authHeaders(actors[role].cookie),
		});
		const isInRole =
			response.statusCode === 200 &&
			response.json().is_admin === (role === "admin");
		if (!isInRole) {
			actors[role] = await newActor(t, role);
			isReplaced = true;
		}
	}
	return isReplaced;
}
