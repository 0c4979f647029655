import { expect, test } from "vitest";
import {
	authHeaders,
	countUsers,
	OWN_ORIGIN,
	signUp,
	signUpAdmin,
} from "../../test-support/accounts.ts";
import { createTestApp } from "../../test-support/test-app.ts";
import {
	makePng,
	toolFormBody,
	VALID_TOOL_FIELDS,
} from "../../test-support/tools.ts";

const NUL_REFUSAL = {
	error: {
		code: "VALIDATION_FAILED",
		message: "Text may not contain the NUL character (U+0000, %00 in a URL)",
	},
};

test("a NUL character in a query, a JSON body, an auth request or a form field is a 400, and nothing is stored", async () => {
	const t = await createTestApp();
	const customer = await signUp(t.app);
	const admin = await signUpAdmin(t.app, t.db);
	const faqsBefore = (await t.app.inject({ url: "/api/faqs" })).json().items;
	const profileBefore = await t.app.inject({
		url: "/api/profile",
		headers: authHeaders(customer.cookie),
	});
	const usersBefore = await countUsers(t.db);
	const form = await toolFormBody(
		{ ...VALID_TOOL_FIELDS, tool_name: "Drill\u0000" },
		[["image", await makePng(), "tool.png", "image/png"]],
	);
	const requests = [
		{ url: "/api/users?q=a%00", headers: authHeaders(admin.cookie) },
		{
			url: "/api/orders?email=a%00@example.com",
			headers: authHeaders(admin.cookie),
		},
		{ url: "/api/tools?q=%00" },
		{
			method: "PATCH" as const,
			url: "/api/profile",
			headers: authHeaders(customer.cookie),
			payload: { bio: "a\u0000b" },
		},
		{
			method: "POST" as const,
			url: "/api/faqs",
			headers: authHeaders(admin.cookie),
			payload: { question: "Why\u0000?", answer: "Because." },
		},
		{
			method: "POST" as const,
			url: "/api/auth/sign-up/email",
			headers: { origin: OWN_ORIGIN },
			payload: {
				name: "Nul\u0000",
				email: "nul@example.com",
				password: customer.password,
			},
		},
		{
			method: "POST" as const,
			url: "/api/tools",
			headers: { ...authHeaders(admin.cookie), ...form.headers },
			payload: form.payload,
		},
	];
	for (const request of requests) {
		const response = await t.app.inject(request);
		expect(response.statusCode, `${request.url}: ${response.body}`).toBe(400);
		expect(response.json()).toEqual(NUL_REFUSAL);
	}

	const profileAfter = await t.app.inject({
		url: "/api/profile",
		headers: authHeaders(customer.cookie),
	});
	expect(profileAfter.json()).toEqual(profileBefore.json());
	expect((await t.app.inject({ url: "/api/faqs" })).json().items).toEqual(
		faqsBefore,
	);
	expect((await t.app.inject({ url: "/api/tools" })).json().total).toBe(0);
	expect(await countUsers(t.db)).toBe(usersBefore);
});

test("a backslash followed by u0000 is text like any other, not a NUL", async () => {
	const t = await createTestApp();
	const customer = await signUp(t.app);
	const response = await t.app.inject({
		method: "PATCH",
		url: "/api/profile",
		headers: authHeaders(customer.cookie),
		payload: { bio: "\\u0000 and %00" },
	});
	expect(response.statusCode, response.body).toBe(200);
	expect(response.json().bio).toBe("\\u0000 and %00");
});
