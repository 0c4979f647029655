import sharp from "sharp";
import { expect, test } from "vitest";
import { ProfileSchema } from "../../../shared/accounts.schemas.ts";
import {
	authHeaders,
	multipartBody,
	signUp,
} from "../../test-support/accounts.ts";
import {
	createTestApp,
	listStoredImages,
	type TestApp,
} from "../../test-support/test-app.ts";

function patchProfile(t: TestApp, cookie: string, payload: object) {
	return t.app.inject({
		method: "PATCH",
		url: "/api/profile",
		headers: authHeaders(cookie),
		payload,
	});
}

async function readProfile(t: TestApp, cookie: string) {
	const response = await t.app.inject({
		url: "/api/profile",
		headers: { cookie },
	});
	expect(response.statusCode).toBe(200);
	return ProfileSchema.parse(response.json());
}

function uploadPhoto(t: TestApp, cookie: string, form: FormData) {
	return multipartBody(form).then(({ payload, headers }) =>
		t.app.inject({
			method: "PUT",
			url: "/api/profile/photo",
			headers: { ...authHeaders(cookie), ...headers },
			payload,
		}),
	);
}

function photoForm(bytes: Buffer, fileName: string, type: string): FormData {
	const form = new FormData();
	form.append("photo", new Blob([new Uint8Array(bytes)], { type }), fileName);
	return form;
}

const pngPhoto = () =>
	sharp({
		create: {
			width: 600,
			height: 400,
			channels: 3,
			background: { r: 200, g: 40, b: 40 },
		},
	})
		.png()
		.toBuffer();

test("a new account's profile holds its name and email and nothing else yet", async () => {
	const t = await createTestApp();
	const account = await signUp(t.app, { name: "Pia Profile" });
	expect(await readProfile(t, account.cookie)).toEqual({
		name: "Pia Profile",
		email: account.email,
		image: null,
		address: null,
		city: null,
		state: null,
		zip: null,
		username: null,
		website: null,
		bio: null,
	});
});

test("a profile update keeps the stored value of every field left out or sent empty", async () => {
	const t = await createTestApp();
	const account = await signUp(t.app);
	const first = await patchProfile(t, account.cookie, {
		address: " 1 Anvil Road ",
		city: "Ghent",
		zip: "9000",
		website: "https://pia.example",
		bio: "Makes things.",
	});
	expect(first.statusCode).toBe(200);
	expect(first.json()).toMatchObject({
		address: "1 Anvil Road",
		city: "Ghent",
		zip: "9000",
		website: "https://pia.example",
		bio: "Makes things.",
		state: null,
	});

	const second = await patchProfile(t, account.cookie, {
		city: "",
		website: "  ",
		state: "East Flanders",
	});
	expect(second.statusCode).toBe(200);
	expect(await readProfile(t, account.cookie)).toMatchObject({
		address: "1 Anvil Road",
		city: "Ghent",
		state: "East Flanders",
		zip: "9000",
		website: "https://pia.example",
		bio: "Makes things.",
	});
});

test("a profile update with an unknown or invalid field is refused and changes nothing", async () => {
	const t = await createTestApp();
	const account = await signUp(t.app);
	await patchProfile(t, account.cookie, { city: "Ghent" });
	const cases: [object, string][] = [
		[{ city: "Bruges", email: "new@example.com" }, "email"],
		[{ city: "Bruges", name: "New Name" }, "name"],
		[{ city: "Bruges", image: "/images/x.webp" }, "image"],
		[{ website: "javascript:alert(1)" }, "Website must start"],
		[{ zip: "1".repeat(21) }, "Must be 20 characters or fewer"],
	];
	for (const [payload, mentioned] of cases) {
		const response = await patchProfile(t, account.cookie, payload);
		expect(response.statusCode, mentioned).toBe(400);
		expect(response.json().error.code).toBe("VALIDATION_FAILED");
		expect(JSON.stringify(response.json().error)).toContain(mentioned);
	}
	expect(await readProfile(t, account.cookie)).toMatchObject({
		city: "Ghent",
		name: "Test Customer",
		email: account.email,
		image: null,
		website: null,
		zip: null,
	});
});

test("a profile update only ever changes the caller's own profile", async () => {
	const t = await createTestApp();
	const first = await signUp(t.app);
	const second = await signUp(t.app);
	await patchProfile(t, second.cookie, { city: "Antwerp" });
	await patchProfile(t, first.cookie, { city: "Ghent", bio: "First" });
	expect(await readProfile(t, second.cookie)).toMatchObject({
		email: second.email,
		city: "Antwerp",
		bio: null,
	});
	expect(await readProfile(t, first.cookie)).toMatchObject({
		email: first.email,
		city: "Ghent",
	});
});

test("a PNG photo is stored as a 256-pixel WebP and served at the address the profile names", async () => {
	const t = await createTestApp();
	const account = await signUp(t.app);
	const response = await uploadPhoto(
		t,
		account.cookie,
		photoForm(await pngPhoto(), "me.png", "image/png"),
	);
	expect(response.statusCode).toBe(200);
	const image = ProfileSchema.parse(response.json()).image;
	expect(image).toMatch(/^\/images\/avatar-[0-9a-f]{16}\.webp$/);

	const served = await t.app.inject({ url: image ?? "" });
	expect(served.statusCode).toBe(200);
	expect(served.headers["content-type"]).toBe("image/webp");
	const metadata = await sharp(served.rawPayload).metadata();
	expect(metadata).toMatchObject({ format: "webp", width: 256, height: 256 });

	const me = await t.app.inject({
		url: "/api/me",
		headers: { cookie: account.cookie },
	});
	expect(me.json().image).toBe(image);
});

test("an SVG, or text named .png, is refused and nothing is stored", async () => {
	const t = await createTestApp();
	const account = await signUp(t.app);
	const svg = Buffer.from(
		"<svg xmlns='http://www.w3.org/2000/svg' width='10' height='10'><script>alert(1)</script></svg>",
	);
	const forms = [
		photoForm(svg, "me.svg", "image/svg+xml"),
		photoForm(svg, "me.png", "image/png"),
		photoForm(Buffer.from("just some text"), "notes.png", "image/png"),
	];
	for (const form of forms) {
		const response = await uploadPhoto(t, account.cookie, form);
		expect(response.statusCode).toBe(400);
		expect(response.json().error).toEqual({
			code: "VALIDATION_FAILED",
			message: "Only JPEG, PNG and WebP images are accepted",
		});
	}
	expect(await listStoredImages(t.db)).toEqual([]);
	expect((await readProfile(t, account.cookie)).image).toBeNull();
});

test("two files, a file in another field, no file or no multipart body are each refused", async () => {
	const t = await createTestApp();
	const account = await signUp(t.app);
	const png = await pngPhoto();
	const two = photoForm(png, "a.png", "image/png");
	two.append(
		"photo",
		new Blob([new Uint8Array(png)], { type: "image/png" }),
		"b.png",
	);
	const otherField = new FormData();
	otherField.append("avatar", new Blob([new Uint8Array(png)]), "a.png");
	const noFile = new FormData();
	noFile.append("note", "hello");

	const answers = [
		await uploadPhoto(t, account.cookie, two),
		await uploadPhoto(t, account.cookie, otherField),
		await uploadPhoto(t, account.cookie, noFile),
		await t.app.inject({
			method: "PUT",
			url: "/api/profile/photo",
			headers: authHeaders(account.cookie),
			payload: { photo: "data:image/png;base64,AAAA" },
		}),
	];
	for (const answer of answers) {
		expect(answer.statusCode, answer.body).toBe(400);
		expect(answer.json().error.code).toBe("VALIDATION_FAILED");
	}
	expect(await listStoredImages(t.db)).toEqual([]);
	expect((await readProfile(t, account.cookie)).image).toBeNull();
});

test("the profile and its photo need a signed-in caller", async () => {
	const t = await createTestApp();
	const read = await t.app.inject({ url: "/api/profile" });
	const update = await t.app.inject({
		method: "PATCH",
		url: "/api/profile",
		headers: authHeaders(),
		payload: { city: "Ghent" },
	});
	const photo = await uploadPhoto(
		t,
		"",
		photoForm(await pngPhoto(), "me.png", "image/png"),
	);
	for (const answer of [read, update, photo])
		expect(answer.statusCode).toBe(401);
	expect(await listStoredImages(t.db)).toEqual([]);
});
