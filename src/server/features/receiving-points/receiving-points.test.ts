import { expect, test } from "vitest";
import {
	ReceivingPointPageSchema,
	ReceivingPointSchema,
} from "../../../shared/receiving-points.schemas.ts";
import {
	authHeaders,
	signUp,
	signUpAdmin,
} from "../../test-support/accounts.ts";
import { createTestApp } from "../../test-support/test-app.ts";

const DEPOT = {
	name: "Leeds Depot",
	address: "3 Canal Wharf, Leeds LS11 5PS",
	opening_hours: "Mon–Fri 8:00–18:00",
};

async function shopWithAdmin() {
	const t = await createTestApp();
	const admin = await signUpAdmin(t.app, t.db);
	const send = (
		method: "POST" | "PUT" | "DELETE",
		url: string,
		payload?: object,
	) =>
		t.app.inject({
			method,
			url: `/api/receiving-points${url}`,
			headers: authHeaders(admin.cookie),
			...(payload ? { payload } : {}),
		});
	return { t, send };
}

test("an admin adds, edits and removes a receiving point; visitors list them by name and count them", async () => {
	const { t, send } = await shopWithAdmin();
	const added = await send("POST", "", DEPOT);
	expect(added.statusCode).toBe(201);
	const point = ReceivingPointSchema.parse(added.json());
	expect(point).toMatchObject(DEPOT);
	await send("POST", "", {
		...DEPOT,
		name: "Bradford Yard",
		address: "1 Wool Row",
	});

	const listed = ReceivingPointPageSchema.parse(
		(await t.app.inject({ url: "/api/receiving-points" })).json(),
	);
	expect(listed.items.map((item) => item.name)).toEqual([
		"Bradford Yard",
		"Leeds Depot",
	]);
	expect(
		(await t.app.inject({ url: "/api/receiving-points/count" })).json(),
	).toEqual({ total: 2 });

	const edited = await send("PUT", `/${point.id}`, {
		...DEPOT,
		opening_hours: "Mon–Sat 7:00–19:00",
	});
	expect(edited.statusCode).toBe(200);
	expect(edited.json().opening_hours).toBe("Mon–Sat 7:00–19:00");

	expect((await send("DELETE", `/${point.id}`)).statusCode).toBe(204);
	expect((await send("DELETE", `/${point.id}`)).statusCode).toBe(404);
	expect((await send("PUT", `/${point.id}`, DEPOT)).statusCode).toBe(404);
	const after = ReceivingPointPageSchema.parse(
		(await t.app.inject({ url: "/api/receiving-points" })).json(),
	);
	expect(after.items.map((item) => item.name)).toEqual(["Bradford Yard"]);
});

test("the list is paged and searched by name or address, case-insensitively, with % and _ taken literally", async () => {
	const { t, send } = await shopWithAdmin();
	for (let i = 0; i < 25; i++)
		await send("POST", "", {
			name: `Point ${String(i).padStart(2, "0")}`,
			address: i === 7 ? "7 Harbour_Lane" : `${i} High Street`,
			opening_hours: "Mon–Fri",
		});
	const second = ReceivingPointPageSchema.parse(
		(
			await t.app.inject({ url: "/api/receiving-points?page=2&page_size=10" })
		).json(),
	);
	expect(second).toMatchObject({ total: 25, page: 2, page_size: 10 });
	expect(second.items.map((item) => item.name)).toEqual(
		Array.from({ length: 10 }, (_, i) => `Point ${10 + i}`),
	);
	const byAddress = ReceivingPointPageSchema.parse(
		(await t.app.inject({ url: "/api/receiving-points?q=HARBOUR_" })).json(),
	);
	expect(byAddress.items.map((item) => item.name)).toEqual(["Point 07"]);
	const literal = ReceivingPointPageSchema.parse(
		(await t.app.inject({ url: "/api/receiving-points?q=%25" })).json(),
	);
	expect(literal.total).toBe(0);
});

test("every field is required and bounded; bad input is a 400 that adds nothing", async () => {
	const { t, send } = await shopWithAdmin();
	const blank = await send("POST", "", { ...DEPOT, name: "   " });
	expect(blank.statusCode).toBe(400);
	expect(blank.json().error.details).toEqual([
		{ field: "name", message: "Name is required" },
	]);
	const long = await send("POST", "", { ...DEPOT, address: "x".repeat(301) });
	expect(long.json().error.details).toEqual([
		{ field: "address", message: "Address must be 300 characters or fewer" },
	]);
	expect((await send("POST", "", { name: "Only a name" })).statusCode).toBe(
		400,
	);
	expect((await send("PUT", "/not-a-uuid", DEPOT)).statusCode).toBe(400);
	expect(
		(await t.app.inject({ url: "/api/receiving-points/count" })).json(),
	).toEqual({ total: 0 });
});

test("only admins change receiving points: a visitor gets 401 and a customer 403", async () => {
	const t = await createTestApp();
	const visitor = await t.app.inject({
		method: "POST",
		url: "/api/receiving-points",
		headers: authHeaders(),
		payload: DEPOT,
	});
	expect(visitor.statusCode).toBe(401);
	const customer = await signUp(t.app, { name: "Cora Customer" });
	const refused = await t.app.inject({
		method: "POST",
		url: "/api/receiving-points",
		headers: authHeaders(customer.cookie),
		payload: DEPOT,
	});
	expect(refused.statusCode).toBe(403);
});
