import { expect, test } from "vitest";
import {
	AdminBlogPostSchema,
	BlogPostPageSchema,
} from "../../../shared/blog.schemas.ts";
import {
	authHeaders,
	signUp,
	signUpAdmin,
} from "../../test-support/accounts.ts";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";
import { makePng, toolFormBody } from "../../test-support/tools.ts";

const POST = {
	title: "Keeping Chisels Sharp",
	slug: "",
	excerpt: "A short guide to honing.",
	body: "## Why\n\nA sharp chisel is a safe chisel.",
	published_on: "2026-11-01",
	is_published: "true",
};

type Fields = Record<string, string>;

/** Sends the post editor's form as the admin (or whoever's cookie is given). */
async function sendPost(
	t: TestApp,
	cookie: string | undefined,
	method: "POST" | "PUT",
	url: string,
	fields: Fields,
	cover: Buffer | undefined,
) {
	const body = await toolFormBody(
		fields,
		cover ? [["cover", cover, "cover.png", "image/png"]] : [],
	);
	return t.app.inject({
		method,
		url,
		headers: { ...authHeaders(cookie), ...body.headers },
		payload: body.payload,
	});
}

async function adminShop() {
	const t = await createTestApp();
	const admin = await signUpAdmin(t.app, t.db, { name: "Bea Blogger" });
	const write = async (fields: Fields = POST) => {
		const response = await sendPost(
			t,
			admin.cookie,
			"POST",
			"/api/admin/blog-posts",
			fields,
			await makePng(1600, 900),
		);
		expect(response.statusCode, response.body).toBe(201);
		return AdminBlogPostSchema.parse(response.json());
	};
	return { t, admin, write };
}

async function publicSlugs(t: TestApp): Promise<string[]> {
	const response = await t.app.inject({ url: "/api/blog-posts" });
	return BlogPostPageSchema.parse(response.json()).items.map(
		(post) => post.slug,
	);
}

/** Stored images, referenced or not: a refused save must not add one. */
async function countImages(t: TestApp): Promise<number> {
	const row = await t.db
		.selectFrom("images")
		.select((eb) => eb.fn.countAll<number | string>().as("count"))
		.executeTakeFirstOrThrow();
	return Number(row.count);
}

test("an admin publishes a post with a cover: its slug comes from the title, the author is the admin, and visitors read it", async () => {
	const { t, write } = await adminShop();
	const post = await write();
	expect(post).toMatchObject({
		slug: "keeping-chisels-sharp",
		title: "Keeping Chisels Sharp",
		author: "Bea Blogger",
		published_at: "2026-11-01T00:00:00.000Z",
		is_published: true,
		version: 1,
		cover_img: expect.stringMatching(/^\/images\/blog-[0-9a-f]+\.webp$/),
	});
	const read = await t.app.inject({
		url: "/api/blog-posts/keeping-chisels-sharp",
	});
	expect(read.statusCode).toBe(200);
	expect(read.json().body).toBe("## Why\n\nA sharp chisel is a safe chisel.");
	const cover = await t.app.inject({ url: post.cover_img ?? "" });
	expect(cover.statusCode).toBe(200);
	expect(cover.headers["content-type"]).toBe("image/webp");
});

test("a draft, or a post dated in the future, is seen by admins only", async () => {
	const { t, admin, write } = await adminShop();
	const draft = await write({
		...POST,
		title: "A Draft",
		is_published: "false",
	});
	const later = await write({
		...POST,
		title: "Next Year",
		published_on: "2099-01-01",
	});
	expect(await publicSlugs(t)).toEqual([]);
	for (const slug of [draft.slug, later.slug])
		expect(
			(await t.app.inject({ url: `/api/blog-posts/${slug}` })).statusCode,
		).toBe(404);
	const all = await t.app.inject({
		url: "/api/admin/blog-posts",
		headers: authHeaders(admin.cookie),
	});
	expect(all.json().items.map((post: { slug: string }) => post.slug)).toEqual([
		"next-year",
		"a-draft",
	]);

	const published = await t.app.inject({
		method: "POST",
		url: `/api/admin/blog-posts/${draft.id}/publish`,
		headers: authHeaders(admin.cookie),
	});
	expect(published.statusCode).toBe(200);
	expect(await publicSlugs(t)).toEqual(["a-draft"]);
	await t.app.inject({
		method: "POST",
		url: `/api/admin/blog-posts/${draft.id}/unpublish`,
		headers: authHeaders(admin.cookie),
	});
	expect(await publicSlugs(t)).toEqual([]);
});

test("an admin publishes a post without a cover: it is saved and shown without one, and no image is stored", async () => {
	const { t, admin } = await adminShop();
	const imagesBefore = await countImages(t);
	const saved = await sendPost(
		t,
		admin.cookie,
		"POST",
		"/api/admin/blog-posts",
		{ ...POST, title: "Plain Text Notes" },
		undefined,
	);
	expect(saved.statusCode, saved.body).toBe(201);
	expect(AdminBlogPostSchema.parse(saved.json())).toMatchObject({
		slug: "plain-text-notes",
		is_published: true,
		cover_img: null,
	});
	const list = BlogPostPageSchema.parse(
		(await t.app.inject({ url: "/api/blog-posts" })).json(),
	);
	expect(list.items).toEqual([
		expect.objectContaining({ slug: "plain-text-notes", cover_img: null }),
	]);
	const read = await t.app.inject({ url: "/api/blog-posts/plain-text-notes" });
	expect(read.statusCode).toBe(200);
	expect(read.json()).toMatchObject({
		title: "Plain Text Notes",
		cover_img: null,
		body: POST.body,
	});
	expect(await countImages(t)).toBe(imagesBefore);
});

test("each missing field is named; a non-image cover is refused; nothing is stored", async () => {
	const { t, admin } = await adminShop();
	const empty = await sendPost(
		t,
		admin.cookie,
		"POST",
		"/api/admin/blog-posts",
		{ title: " ", excerpt: "", body: "", published_on: "" },
		undefined,
	);
	expect(empty.statusCode).toBe(400);
	expect(empty.json().error.details).toEqual(
		expect.arrayContaining([
			{ field: "title", message: "Title is required" },
			{ field: "excerpt", message: "Summary is required" },
			{ field: "body", message: "Body is required" },
			{ field: "published_on", message: "Publication date is required" },
		]),
	);
	expect(empty.json().error.details).not.toContainEqual(
		expect.objectContaining({ field: "cover" }),
	);
	const badSlug = await sendPost(
		t,
		admin.cookie,
		"POST",
		"/api/admin/blog-posts",
		{ ...POST, slug: "Not A Slug!" },
		await makePng(),
	);
	expect(badSlug.json().error.details).toContainEqual({
		field: "slug",
		message: "Slug must be lowercase letters, digits and single hyphens",
	});
	const notImage = await sendPost(
		t,
		admin.cookie,
		"POST",
		"/api/admin/blog-posts",
		POST,
		Buffer.from("<svg onload=alert(1)>"),
	);
	expect(notImage.statusCode).toBe(400);
	const all = await t.app.inject({
		url: "/api/admin/blog-posts",
		headers: authHeaders(admin.cookie),
	});
	expect(all.json().total).toBe(0);
});

test("a title whose slug is taken gets a numbered slug; a slug typed by the admin that is taken is a 409 on the slug", async () => {
	const { t, admin, write } = await adminShop();
	await write();
	const second = await write();
	expect(second.slug).toBe("keeping-chisels-sharp-2");
	const typed = await sendPost(
		t,
		admin.cookie,
		"POST",
		"/api/admin/blog-posts",
		{ ...POST, slug: "keeping-chisels-sharp" },
		await makePng(),
	);
	expect(typed.statusCode).toBe(409);
	expect(typed.json().error.details).toEqual([
		{ field: "slug", message: "Another post has this slug; choose another" },
	]);
	// An edit to a taken slug is refused the same way.
	const edit = await sendPost(
		t,
		admin.cookie,
		"PUT",
		`/api/admin/blog-posts/${second.id}`,
		{ ...POST, slug: "keeping-chisels-sharp", version: "1" },
		undefined,
	);
	expect(edit.statusCode).toBe(409);
	// Both are dated the same day: their order between them is not the point here.
	expect((await publicSlugs(t)).sort()).toEqual([
		"keeping-chisels-sharp",
		"keeping-chisels-sharp-2",
	]);
});

test("an edit saves from its version; a stale one is a 409 and changes nothing; the cover stays unless a new one is sent", async () => {
	const { t, admin, write } = await adminShop();
	const post = await write();
	const edited = await sendPost(
		t,
		admin.cookie,
		"PUT",
		`/api/admin/blog-posts/${post.id}`,
		{
			...POST,
			title: "Sharper Chisels",
			slug: "sharper-chisels",
			version: "1",
		},
		undefined,
	);
	expect(edited.statusCode, edited.body).toBe(200);
	expect(edited.json()).toMatchObject({
		title: "Sharper Chisels",
		slug: "sharper-chisels",
		version: 2,
		cover_img: post.cover_img,
	});
	const stale = await sendPost(
		t,
		admin.cookie,
		"PUT",
		`/api/admin/blog-posts/${post.id}`,
		{ ...POST, title: "Old Tab", version: "1" },
		undefined,
	);
	expect(stale.statusCode).toBe(409);
	const read = await t.app.inject({ url: "/api/blog-posts/sharper-chisels" });
	expect(read.json().title).toBe("Sharper Chisels");
});

test("an admin deletes a post; it is gone for everyone", async () => {
	const { t, admin, write } = await adminShop();
	const post = await write();
	const deleted = await t.app.inject({
		method: "DELETE",
		url: `/api/admin/blog-posts/${post.id}`,
		headers: authHeaders(admin.cookie),
	});
	expect(deleted.statusCode).toBe(204);
	expect(await publicSlugs(t)).toEqual([]);
	expect(
		(
			await t.app.inject({
				method: "DELETE",
				url: `/api/admin/blog-posts/${post.id}`,
				headers: authHeaders(admin.cookie),
			})
		).statusCode,
	).toBe(404);
});

test("customers and visitors cannot write, edit, publish, delete or list posts", async () => {
	const { t, write } = await adminShop();
	const post = await write({ ...POST, is_published: "false" });
	const customer = await signUp(t.app);
	for (const [cookie, status] of [
		[undefined, 401],
		[customer.cookie, 403],
	] as const) {
		expect(
			(
				await sendPost(
					t,
					cookie,
					"POST",
					"/api/admin/blog-posts",
					POST,
					await makePng(),
				)
			).statusCode,
		).toBe(status);
		expect(
			(
				await sendPost(
					t,
					cookie,
					"PUT",
					`/api/admin/blog-posts/${post.id}`,
					{ ...POST, version: "1" },
					undefined,
				)
			).statusCode,
		).toBe(status);
		for (const [method, url] of [
			["POST", `/api/admin/blog-posts/${post.id}/publish`],
			["DELETE", `/api/admin/blog-posts/${post.id}`],
			["GET", "/api/admin/blog-posts"],
			["GET", `/api/admin/blog-posts/${post.id}`],
		] as const)
			expect(
				(await t.app.inject({ method, url, headers: authHeaders(cookie) }))
					.statusCode,
				`${method} ${url}`,
			).toBe(status);
	}
	expect(await publicSlugs(t)).toEqual([]);
});

test("a publication date that is not a real day is refused and nothing is stored; 29 February of a leap year is a day", async () => {
	const { t, admin, write } = await adminShop();
	for (const day of ["2024-02-31", "2023-02-29"]) {
		const refused = await sendPost(
			t,
			admin.cookie,
			"POST",
			"/api/admin/blog-posts",
			{ ...POST, published_on: day },
			await makePng(),
		);
		expect(refused.statusCode, day).toBe(400);
		expect(refused.json().error.details).toEqual([
			{ field: "published_on", message: "Publication date is not a real day" },
		]);
	}
	const all = await t.app.inject({
		url: "/api/admin/blog-posts",
		headers: authHeaders(admin.cookie),
	});
	expect(all.statusCode).toBe(200);
	expect(all.json().total).toBe(0);
	expect((await t.app.inject({ url: "/api/blog-posts" })).statusCode).toBe(200);

	const leapDay = await write({ ...POST, published_on: "2024-02-29" });
	expect(leapDay.published_at).toBe("2024-02-29T00:00:00.000Z");
	expect(await publicSlugs(t)).toEqual(["keeping-chisels-sharp"]);
});

test("a version past the largest one a post can have is refused on every database; the largest is only stale", async () => {
	const { t, admin, write } = await adminShop();
	const post = await write();
	for (const version of ["2147483648", "9999999999"]) {
		const refused = await sendPost(
			t,
			admin.cookie,
			"PUT",
			`/api/admin/blog-posts/${post.id}`,
			{ ...POST, title: "Too Far", version },
			undefined,
		);
		expect(refused.statusCode, version).toBe(400);
		expect(refused.json().error.details).toEqual([
			{ field: "version", message: "The version you started from is required" },
		]);
	}
	const largest = await sendPost(
		t,
		admin.cookie,
		"PUT",
		`/api/admin/blog-posts/${post.id}`,
		{ ...POST, title: "Too Far", version: "2147483647" },
		undefined,
	);
	expect(largest.statusCode).toBe(409);
	const read = await t.app.inject({
		url: `/api/admin/blog-posts/${post.id}`,
		headers: authHeaders(admin.cookie),
	});
	expect(read.json()).toMatchObject({
		title: "Keeping Chisels Sharp",
		version: 1,
	});
});

test("a stale edit, an edit to a taken slug and a write on a taken slug store none of their new covers", async () => {
	const { t, admin, write } = await adminShop();
	const first = await write();
	const second = await write();
	await sendPost(
		t,
		admin.cookie,
		"PUT",
		`/api/admin/blog-posts/${first.id}`,
		{ ...POST, title: "Sharper Chisels", version: "1" },
		undefined,
	);
	const imagesBefore = await countImages(t);

	// Each cover is a picture no post has yet, so storing it would add a row.
	const stale = await sendPost(
		t,
		admin.cookie,
		"PUT",
		`/api/admin/blog-posts/${first.id}`,
		{ ...POST, title: "Old Tab", version: "1" },
		await makePng(800, 600),
	);
	expect(stale.statusCode).toBe(409);
	const takenOnEdit = await sendPost(
		t,
		admin.cookie,
		"PUT",
		`/api/admin/blog-posts/${second.id}`,
		{ ...POST, slug: first.slug, version: "1" },
		await makePng(820, 600),
	);
	expect(takenOnEdit.statusCode).toBe(409);
	expect(takenOnEdit.json().error.details).toEqual([
		{ field: "slug", message: "Another post has this slug; choose another" },
	]);
	const takenOnWrite = await sendPost(
		t,
		admin.cookie,
		"POST",
		"/api/admin/blog-posts",
		{ ...POST, slug: first.slug },
		await makePng(840, 600),
	);
	expect(takenOnWrite.statusCode).toBe(409);

	expect(await countImages(t)).toBe(imagesBefore);
	const all = await t.app.inject({
		url: "/api/admin/blog-posts",
		headers: authHeaders(admin.cookie),
	});
	expect(
		all.json().items.map((post: { cover_img: string }) => post.cover_img),
	).toEqual([first.cover_img, first.cover_img]);
});
