import type { LightMyRequestResponse } from "fastify";
import { expect, test } from "vitest";
import {
	authHeaders,
	signUp,
	signUpAdmin,
} from "../../test-support/accounts.ts";
import {
	createTestApp,
	listStoredImages,
	type TestApp,
} from "../../test-support/test-app.ts";
import {
	addToolAsAdmin,
	makePng,
	toolFormBody,
	VALID_TOOL_FIELDS,
} from "../../test-support/tools.ts";

type Body = { payload: Buffer; headers: Record<string, string> };

const BLOG_FIELDS = {
	title: "Keeping Chisels Sharp",
	slug: "",
	excerpt: "A short guide to honing.",
	body: "A sharp chisel is a safe chisel.",
	published_on: "2026-11-01",
	is_published: "true",
};

/** Every upload route, with a form it would take: fields, and its one image in its own field. */
type UploadRoute = {
	name: string;
	method: "POST" | "PUT";
	url: string;
	cookie: string;
	fields: Record<string, string>;
	fileField: string;
	/** An edit may keep its image: then a text in the image's field is one more unknown field. */
	isFileRequired: boolean;
};

async function shopWithUploadRoutes(): Promise<{
	t: TestApp;
	routes: UploadRoute[];
	snapshot: () => Promise<unknown>;
}> {
	const t = await createTestApp();
	const customer = await signUp(t.app, { name: "Cleo Customer" });
	const admin = await signUpAdmin(t.app, t.db);
	const tool = await addToolAsAdmin(t.app, admin.cookie);
	const post = await sendForm(t, {
		name: "write a post",
		method: "POST",
		url: "/api/admin/blog-posts",
		cookie: admin.cookie,
		fields: BLOG_FIELDS,
		fileField: "cover",
		isFileRequired: true,
	});
	expect(post.statusCode, post.body).toBe(201);
	const postId: string = post.json().id;
	const routes: UploadRoute[] = [
		{
			name: "profile photo",
			method: "PUT",
			url: "/api/profile/photo",
			cookie: customer.cookie,
			fields: {},
			fileField: "photo",
			isFileRequired: true,
		},
		{
			name: "add a tool",
			method: "POST",
			url: "/api/tools",
			cookie: admin.cookie,
			fields: VALID_TOOL_FIELDS,
			fileField: "image",
			isFileRequired: true,
		},
		{
			name: "edit a tool",
			method: "PUT",
			url: `/api/tools/${tool.id}`,
			cookie: admin.cookie,
			fields: {
				...VALID_TOOL_FIELDS,
				tool_name: "Renamed",
				version: "1",
				available_quantity_seen: VALID_TOOL_FIELDS.available_quantity,
			},
			fileField: "image",
			isFileRequired: false,
		},
		{
			name: "write a post",
			method: "POST",
			url: "/api/admin/blog-posts",
			cookie: admin.cookie,
			fields: { ...BLOG_FIELDS, title: "Another Post" },
			fileField: "cover",
			isFileRequired: false,
		},
		{
			name: "edit a post",
			method: "PUT",
			url: `/api/admin/blog-posts/${postId}`,
			cookie: admin.cookie,
			fields: { ...BLOG_FIELDS, title: "Renamed Post", version: "1" },
			fileField: "cover",
			isFileRequired: false,
		},
	];
	/** What the upload routes could change, as their readers see it, and the stored images. */
	const snapshot = async () => ({
		profile: (
			await t.app.inject({
				url: "/api/profile",
				headers: authHeaders(customer.cookie),
			})
		).json(),
		tools: (await t.app.inject({ url: "/api/tools" })).json(),
		posts: (
			await t.app.inject({
				url: "/api/admin/blog-posts",
				headers: authHeaders(admin.cookie),
			})
		).json(),
		images: await listStoredImages(t.db),
	});
	return { t, routes, snapshot };
}

async function validBody(route: UploadRoute): Promise<Body> {
	return toolFormBody(route.fields, [
		[route.fileField, await makePng(), "image.png", "image/png"],
	]);
}

function sendBody(
	t: TestApp,
	route: UploadRoute,
	body: Body,
): Promise<LightMyRequestResponse> {
	return t.app.inject({
		method: route.method,
		url: route.url,
		headers: { ...authHeaders(route.cookie), ...body.headers },
		payload: body.payload,
	});
}

async function sendForm(t: TestApp, route: UploadRoute) {
	return sendBody(t, route, await validBody(route));
}

/** The boundary a body's content type names. */
function boundaryOf(body: Body): string {
	const boundary = body.headers["content-type"]?.split("boundary=")[1];
	if (!boundary) throw new Error("the form has no boundary");
	return boundary;
}

/** Malformed versions of a route's valid form, each named for what is wrong with it. */
async function malformedBodies(route: UploadRoute): Promise<[string, Body][]> {
	const valid = await validBody(route);
	const boundary = boundaryOf(valid);
	const closing = Buffer.from(`--${boundary}--`);
	const closingAt = valid.payload.lastIndexOf(closing);
	const withType = (contentType: string, payload = valid.payload): Body => ({
		payload,
		headers: { "content-type": contentType },
	});
	const cut = (length: number): Body => ({
		payload: valid.payload.subarray(0, length),
		headers: valid.headers,
	});
	const fieldsOnly = await toolFormBody(route.fields);
	const fieldsOnlyClosing = fieldsOnly.payload.lastIndexOf(
		Buffer.from(`--${boundaryOf(fieldsOnly)}--`),
	);
	const textForImage: [string, Body][] = route.isFileRequired
		? [
				[
					"text where the image is expected",
					await toolFormBody({
						...route.fields,
						[route.fileField]: "not a file",
					}),
				],
			]
		: [];
	return [
		...textForImage,
		["no boundary", withType("multipart/form-data")],
		["an empty boundary", withType("multipart/form-data; boundary=")],
		[
			"a boundary of 71 characters",
			withType(`multipart/form-data; boundary=${"b".repeat(71)}`),
		],
		[
			"a boundary the body does not use",
			withType("multipart/form-data; boundary=other"),
		],
		["the whole form but its closing boundary", cut(closingAt)],
		["the closing boundary cut in half", cut(closingAt + 4)],
		["a body cut inside the image", cut(Math.floor(closingAt * 0.75))],
		[
			"a body cut after the first part's headers",
			cut(valid.payload.indexOf("\r\n\r\n") + 4),
		],
		[
			"fields only, without the closing boundary",
			{
				payload: fieldsOnly.payload.subarray(0, fieldsOnlyClosing),
				headers: fieldsOnly.headers,
			},
		],
		[
			"a body that is not multipart at all",
			withType(
				`multipart/form-data; boundary=${boundary}`,
				Buffer.from("just some text"),
			),
		],
		[
			"an empty body",
			withType(`multipart/form-data; boundary=${boundary}`, Buffer.alloc(0)),
		],
		[
			"the image in a field of another name",
			await toolFormBody(route.fields, [
				["elsewhere", await makePng(), "a.png", "image/png"],
			]),
		],
		[
			"a file where a text field is expected",
			await toolFormBody({}, [
				[route.fileField, await makePng(), "a.png", "image/png"],
				[
					Object.keys(route.fields)[0] ?? "name",
					Buffer.from("text"),
					"a.txt",
					"text/plain",
				],
			]),
		],
		[
			"two images",
			await toolFormBody(route.fields, [
				[route.fileField, await makePng(), "a.png", "image/png"],
				[route.fileField, await makePng(), "b.png", "image/png"],
			]),
		],

		[
			"a field declared as JSON that is not JSON",
			multipartWithPartHeaders(
				boundary,
				'name="bio"\r\nContent-Type: application/json',
				"{not json",
			),
		],
		[
			"a field named __proto__",
			multipartWithPartHeaders(boundary, 'name="__proto__"', "value"),
		],
	];
}

/** A one-part form whose part headers are written by hand. */
function multipartWithPartHeaders(
	boundary: string,
	disposition: string,
	value: string,
): Body {
	return {
		payload: Buffer.from(
			`--${boundary}\r\nContent-Disposition: form-data; ${disposition}\r\n\r\n${value}\r\n--${boundary}--\r\n`,
		),
		headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
	};
}

test("a malformed multipart body is a 400 in the error envelope on every upload route, and stores nothing", async () => {
	const { t, routes, snapshot } = await shopWithUploadRoutes();
	const before = await snapshot();
	for (const route of routes)
		for (const [problem, body] of await malformedBodies(route)) {
			const response = await sendBody(t, route, body);
			expect(
				response.statusCode,
				`${route.name}: ${problem}: ${response.body}`,
			).toBe(400);
			expect(response.json().error, `${route.name}: ${problem}`).toMatchObject({
				code: "VALIDATION_FAILED",
				message: expect.any(String),
			});
		}
	expect(await snapshot()).toEqual(before);
});

test("a form cut before its closing boundary says so", async () => {
	const { t, routes } = await shopWithUploadRoutes();
	for (const route of routes) {
		const valid = await validBody(route);
		const closingAt = valid.payload.lastIndexOf(`--${boundaryOf(valid)}--`);
		const response = await sendBody(t, route, {
			payload: valid.payload.subarray(0, closingAt),
			headers: valid.headers,
		});
		expect(response.json().error.message, route.name).toBe(
			"The form ended before its closing boundary",
		);
	}
});

test("the same forms, whole, are taken on every upload route", async () => {
	const { t, routes } = await shopWithUploadRoutes();
	for (const route of routes) {
		const response = await sendForm(t, route);
		expect(response.statusCode, `${route.name}: ${response.body}`).toBeLessThan(
			300,
		);
	}
});

test("a quoted boundary is read like a bare one", async () => {
	const { t, routes } = await shopWithUploadRoutes();
	const [profilePhoto] = routes;
	if (!profilePhoto) throw new Error("no upload route");
	const valid = await validBody(profilePhoto);
	const response = await sendBody(t, profilePhoto, {
		payload: valid.payload,
		headers: {
			"content-type": `multipart/form-data; boundary="${boundaryOf(valid)}"`,
		},
	});
	expect(response.statusCode, response.body).toBe(200);
	expect(response.json().image).toMatch(/^\/images\//);
});
