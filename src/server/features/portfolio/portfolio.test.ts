import { expect, test } from "vitest";
import { PortfolioSchema } from "../../../shared/portfolio.schemas.ts";
import {
	authHeaders,
	signUp,
	signUpAdmin,
} from "../../test-support/accounts.ts";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";
import { DEFAULT_PORTFOLIO } from "./default-portfolio.ts";

async function readPortfolio(t: TestApp) {
	const response = await t.app.inject({ url: "/api/portfolio" });
	expect(response.statusCode).toBe(200);
	return PortfolioSchema.parse(response.json());
}

function save(
	t: TestApp,
	cookie: string | undefined,
	section: string,
	content: unknown,
) {
	return t.app.inject({
		method: "PUT",
		url: `/api/portfolio/${section}`,
		headers: authHeaders(cookie),
		payload: { content },
	});
}

test("a shop without the demo catalog still shows the built-in portfolio", async () => {
	const t = await createTestApp();
	expect(await readPortfolio(t)).toEqual(DEFAULT_PORTFOLIO);
	expect(DEFAULT_PORTFOLIO.about.name).toBe("Casey Linden");
});

test("an admin saves each section; the public portfolio shows it and the other sections stay as they were", async () => {
	const t = await createTestApp();
	const admin = await signUpAdmin(t.app, t.db);
	const about = {
		...DEFAULT_PORTFOLIO.about,
		name: "  Robin Maker  ",
		summary: ["I make shops.", "And tools."],
	};
	const savedAbout = await save(t, admin.cookie, "about", about);
	expect(savedAbout.statusCode, savedAbout.body).toBe(200);
	expect(savedAbout.json().about.name).toBe("Robin Maker");

	const education = [
		{
			school: "Open University",
			degree: "BSc Computing",
			years: "2010–2014",
			details: "Evening classes.",
		},
	];
	expect((await save(t, admin.cookie, "education", education)).statusCode).toBe(
		200,
	);
	const projects = [
		{
			name: "Tools Gallery",
			summary: "A shop.",
			stack: ["TypeScript", "React"],
			outcome: "It sells.",
		},
	];
	expect((await save(t, admin.cookie, "projects", projects)).statusCode).toBe(
		200,
	);
	const technology = [{ group: "Back end", items: ["Node.js", "SQL"] }];
	expect(
		(await save(t, admin.cookie, "technology", technology)).statusCode,
	).toBe(200);

	expect(await readPortfolio(t)).toEqual({
		about: { ...about, name: "Robin Maker" },
		education,
		projects,
		technology,
	});

	// Saving again replaces the section.
	await save(t, admin.cookie, "technology", [
		{ group: "Front end", items: ["CSS"] },
	]);
	expect((await readPortfolio(t)).technology).toEqual([
		{ group: "Front end", items: ["CSS"] },
	]);
});

test("a section with an empty field, no entries or a bad email is refused with the field's message, and nothing changes", async () => {
	const t = await createTestApp();
	const admin = await signUpAdmin(t.app, t.db);
	const cases = [
		[
			"about",
			{ ...DEFAULT_PORTFOLIO.about, name: " " },
			"content.name",
			"Name is required",
		],
		[
			"about",
			{ ...DEFAULT_PORTFOLIO.about, email: "nobody" },
			"content.email",
			"Email must be an email address",
		],
		[
			"about",
			{ ...DEFAULT_PORTFOLIO.about, summary: [] },
			"content.summary",
			"Add at least one paragraph",
		],
		["education", [], "content", "Add at least one school"],
		[
			"projects",
			[{ name: "X", summary: "Y", stack: [""], outcome: "Z" }],
			"content.0.stack.0",
			"Technology is required",
		],
		[
			"technology",
			[{ group: "", items: ["A"] }],
			"content.0.group",
			"Group is required",
		],
	] as const;
	for (const [section, content, field, message] of cases) {
		const response = await save(t, admin.cookie, section, content);
		expect(response.statusCode, `${section} ${field}`).toBe(400);
		expect(response.json().error.details).toContainEqual({ field, message });
	}
	expect((await save(t, admin.cookie, "about", undefined)).statusCode).toBe(
		400,
	);
	expect(await readPortfolio(t)).toEqual(DEFAULT_PORTFOLIO);
});

test("customers and visitors cannot change the portfolio", async () => {
	const t = await createTestApp();
	const customer = await signUp(t.app);
	for (const [cookie, status] of [
		[undefined, 401],
		[customer.cookie, 403],
	] as const) {
		const response = await save(t, cookie, "technology", [
			{ group: "Mine", items: ["Mine"] },
		]);
		expect(response.statusCode).toBe(status);
	}
	expect(await readPortfolio(t)).toEqual(DEFAULT_PORTFOLIO);
});

test("an unknown section is a 404", async () => {
	const t = await createTestApp();
	const admin = await signUpAdmin(t.app, t.db);
	expect((await save(t, admin.cookie, "hobbies", [])).statusCode).toBe(404);
});
