import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { expect, test } from "vitest";
import {
	authHeaders,
	multipartBody,
	signUp,
	signUpAdmin,
} from "../../test-support/accounts.ts";
import { postOrder } from "../../test-support/orders.ts";
import { createTestApp } from "../../test-support/test-app.ts";
import {
	addToolAsAdmin,
	toolFormBody,
	VALID_TOOL_FIELDS,
} from "../../test-support/tools.ts";

/** A plain PNG in a shade of grey: each shade is another picture, so another stored image. */
function makeShadedPng(shade: number): Promise<Buffer> {
	return sharp({
		create: {
			width: 64,
			height: 48,
			channels: 3,
			background: { r: shade, g: shade, b: shade },
		},
	})
		.png()
		.toBuffer();
}

async function uploadProfilePhoto(
	app: FastifyInstance,
	cookie: string,
	shade: number,
): Promise<string> {
	const form = new FormData();
	form.append(
		"photo",
		new Blob([new Uint8Array(await makeShadedPng(shade))], {
			type: "image/png",
		}),
		"me.png",
	);
	const body = await multipartBody(form);
	const response = await app.inject({
		method: "PUT",
		url: "/api/profile/photo",
		headers: { ...authHeaders(cookie), ...body.headers },
		payload: body.payload,
	});
	expect(response.statusCode, response.body).toBe(200);
	return response.json().image;
}

async function imageStatus(app: FastifyInstance, url: string) {
	return (await app.inject({ url })).statusCode;
}

test("a new profile photo deletes the one it replaces", async () => {
	const { app } = await createTestApp();
	const customer = await signUp(app);
	const first = await uploadProfilePhoto(app, customer.cookie, 32);
	const second = await uploadProfilePhoto(app, customer.cookie, 40);
	expect(second).not.toBe(first);
	expect(await imageStatus(app, first)).toBe(404);
	expect(await imageStatus(app, second)).toBe(200);
});

test("a replaced profile photo that a review or another account still shows is kept", async () => {
	const { app } = await createTestApp();
	const reviewer = await signUp(app);
	const shown = await uploadProfilePhoto(app, reviewer.cookie, 32);
	const review = await app.inject({
		method: "POST",
		url: "/api/reviews",
		headers: authHeaders(reviewer.cookie),
		payload: { user_review: "Sturdy.", user_rating: 5 },
	});
	expect(review.json().photo_url).toBe(shown);
	await uploadProfilePhoto(app, reviewer.cookie, 40);
	expect(await imageStatus(app, shown)).toBe(200);

	// The same picture uploaded by two accounts is one stored image.
	const first = await signUp(app);
	const second = await signUp(app);
	const shared = await uploadProfilePhoto(app, first.cookie, 48);
	expect(await uploadProfilePhoto(app, second.cookie, 48)).toBe(shared);
	await uploadProfilePhoto(app, first.cookie, 56);
	expect(await imageStatus(app, shared)).toBe(200);
});

async function editToolPhoto(
	app: FastifyInstance,
	cookie: string,
	tool: { id: string; version: number },
	shade: number,
) {
	const body = await toolFormBody(
		{
			...VALID_TOOL_FIELDS,
			version: String(tool.version),
			available_quantity_seen: VALID_TOOL_FIELDS.available_quantity,
		},
		[["image", await makeShadedPng(shade), "tool.png", "image/png"]],
	);
	const response = await app.inject({
		method: "PUT",
		url: `/api/tools/${tool.id}`,
		headers: { ...authHeaders(cookie), ...body.headers },
		payload: body.payload,
	});
	expect(response.statusCode, response.body).toBe(200);
	return response.json() as { img: string; img_large: string };
}

test("a replaced tool photo is deleted, unless an order was placed with it", async () => {
	const { app, db } = await createTestApp();
	const admin = await signUpAdmin(app, db);
	const tool = await addToolAsAdmin(app, admin.cookie);
	const edited = await editToolPhoto(app, admin.cookie, tool, 80);
	expect(await imageStatus(app, tool.img)).toBe(404);
	expect(await imageStatus(app, tool.img_large)).toBe(404);
	expect(await imageStatus(app, edited.img)).toBe(200);
	expect(await imageStatus(app, edited.img_large)).toBe(200);

	const ordered = await addToolAsAdmin(app, admin.cookie, {
		...VALID_TOOL_FIELDS,
		tool_name: "Ordered Saw",
	});
	const customer = await signUp(app);
	const order = await postOrder(app, customer.cookie, {
		tool_id: ordered.id,
		order_quantity: Number(VALID_TOOL_FIELDS.minimum_quantity),
	});
	expect(order.json().img).toBe(ordered.img);
	await editToolPhoto(app, admin.cookie, ordered, 96);
	expect(await imageStatus(app, ordered.img)).toBe(200);
	expect(await imageStatus(app, ordered.img_large)).toBe(404);
});

test("a replaced blog cover is deleted", async () => {
	const { app, db } = await createTestApp();
	const admin = await signUpAdmin(app, db);
	const fields = {
		title: "Sharpening Chisels",
		excerpt: "A summary.",
		body: "Text.",
		published_on: "2026-01-01",
	};
	const save = async (
		method: "POST" | "PUT",
		url: string,
		extra: Record<string, string>,
		shade: number,
	) => {
		const body = await toolFormBody({ ...fields, ...extra }, [
			["cover", await makeShadedPng(shade), "cover.png", "image/png"],
		]);
		const response = await app.inject({
			method,
			url,
			headers: { ...authHeaders(admin.cookie), ...body.headers },
			payload: body.payload,
		});
		expect(response.statusCode, response.body).toBeLessThan(300);
		return response.json() as { id: string; cover_img: string };
	};
	const post = await save("POST", "/api/admin/blog-posts", {}, 80);
	const edited = await save(
		"PUT",
		`/api/admin/blog-posts/${post.id}`,
		{ version: "1" },
		96,
	);
	expect(edited.cover_img).not.toBe(post.cover_img);
	expect(await imageStatus(app, post.cover_img)).toBe(404);
	expect(await imageStatus(app, edited.cover_img)).toBe(200);
});
