import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DEFAULT_MIGRATION_TABLE } from "kysely";
import sharp from "sharp";
import { expect, onTestFinished, test, vi } from "vitest";
import { BlogPostPageSchema } from "../../../shared/blog.schemas.ts";
import { FaqListSchema } from "../../../shared/faqs.schemas.ts";
import { ReviewPageSchema } from "../../../shared/reviews.schemas.ts";
import {
	centsToDollars,
	formatPriceBreaks,
	ToolFormSchema,
	ToolPageSchema,
} from "../../../shared/tools.schemas.ts";
import { buildApp } from "../../app.ts";
import { createDb } from "../../platform/db/database.ts";
import { knownMigrationNames } from "../../platform/db/migrate.ts";
import { prepareData } from "../../start-up.ts";
import {
	createTestApp,
	createTestDatabase,
	testConfig,
	testQuotas,
} from "../../test-support/test-app.ts";
import {
	demoBlogPosts,
	demoReceivingPoints,
	demoReviews,
	demoTools,
} from "./demo-content.ts";
import { seedDemoContent } from "./seed-demo.ts";

// Seeding draws the demo pictures: 4 to 8 s a test on a quiet 2-core machine, and up to four
// times that beside the rest of a CI run.
vi.setConfig({ testTimeout: 60_000 });

test("an empty database gets the demo catalog, reviews and blog posts, beside the shop's own five Favorite Questions, not twice", async () => {
	const t = await createTestApp({ seed: true });
	const tools = ToolPageSchema.parse(
		(await t.app.inject({ url: "/api/tools?page_size=100" })).json(),
	);
	expect(tools.total).toBe(demoTools.length);
	expect(new Set(tools.items.map((tool) => tool.img)).size).toBe(
		tools.items.length,
	);
	expect(
		tools.items.some((tool) => tool.available_quantity < tool.minimum_quantity),
	).toBe(true);

	const reviews = ReviewPageSchema.parse(
		(await t.app.inject({ url: "/api/reviews" })).json(),
	);
	expect(reviews.total).toBe(demoReviews.length);

	const posts = BlogPostPageSchema.parse(
		(await t.app.inject({ url: "/api/blog-posts" })).json(),
	);
	expect(posts.total).toBe(demoBlogPosts.length);
	const points = await t.app.inject({ url: "/api/receiving-points/count" });
	expect(points.json()).toEqual({ total: demoReceivingPoints.length });
	expect(demoReceivingPoints.length).toBeGreaterThan(100);

	const faqs = FaqListSchema.parse(
		(await t.app.inject({ url: "/api/faqs" })).json(),
	);
	expect(faqs.items).toHaveLength(5);
	expect(faqs.items.map((faq) => faq.question)).toEqual([
		expect.stringMatching(/prototypal inheritance/i),
		expect.stringMatching(/state in a React application/i),
		expect.stringMatching(/performance/i),
		expect.stringMatching(/set React state directly/i),
		expect.stringMatching(/search .*products by name/i),
	]);
	for (const faq of faqs.items) expect(faq.answer.length).toBeGreaterThan(300);
});

test("every demo tool image is a real WebP picture served with a year of caching", async () => {
	const t = await createTestApp({ seed: true });
	const tools = ToolPageSchema.parse(
		(await t.app.inject({ url: "/api/tools?page_size=100" })).json(),
	);
	expect(tools.items).toHaveLength(demoTools.length);
	for (const tool of tools.items) {
		const image = await t.app.inject({ url: tool.img });
		expect(image.statusCode, tool.img).toBe(200);
		expect(image.headers["content-type"]).toBe("image/webp");
		expect(image.headers["cache-control"]).toBe(
			"public, max-age=31536000, immutable",
		);
		const metadata = await sharp(image.rawPayload).metadata();
		expect(metadata).toMatchObject({ format: "webp", width: 800, height: 600 });
	}
});

test("unknown and malformed image names are a 404", async () => {
	const t = await createTestApp();
	for (const url of [
		"/images/nothing-here.webp",
		"/images/..%2Fdata.sqlite",
		"/images/UPPER.webp",
	]) {
		const response = await t.app.inject({ url });
		expect(response.statusCode, url).toBe(404);
		expect(response.json().error.code).toBe("NOT_FOUND");
	}
});

test("seeding again, or into a database that has tools, changes nothing", async () => {
	const t = await createTestApp({ seed: true });
	const before = (
		await t.app.inject({ url: "/api/tools?page_size=100" })
	).json();
	expect(await seedDemoContent(t.db, t.images)).toBe(false);
	expect(
		(await t.app.inject({ url: "/api/tools?page_size=100" })).json(),
	).toEqual(before);
});

test("a database that holds only some content is not seeded and still starts", async () => {
	const t = await createTestApp({ seed: true });
	await t.db.deleteFrom("tools").execute();
	expect(await seedDemoContent(t.db, t.images)).toBe(false);
	expect((await t.app.inject({ url: "/api/tools" })).json()).toMatchObject({
		items: [],
		total: 0,
	});
	expect(
		ReviewPageSchema.parse((await t.app.inject({ url: "/api/reviews" })).json())
			.total,
	).toBe(demoReviews.length);
});

test("without seeding the shop starts with no tools, reviews or posts, and with its own Favorite Questions", async () => {
	const t = await createTestApp({ seed: false });
	for (const url of ["/api/tools", "/api/reviews", "/api/blog-posts"])
		expect((await t.app.inject({ url })).json(), url).toMatchObject({
			items: [],
			total: 0,
		});
	expect(
		FaqListSchema.parse((await t.app.inject({ url: "/api/faqs" })).json())
			.items,
	).toHaveLength(5);
});

test("two instances starting on one empty database seed it once", async () => {
	const t = await createTestApp({ seed: false });
	const other = createDb(t.config.database);
	try {
		const results = await Promise.all([
			seedDemoContent(t.db, t.images),
			seedDemoContent(other, t.images),
		]);
		expect(results.filter(Boolean)).toHaveLength(1);
		const tools = ToolPageSchema.parse(
			(await t.app.inject({ url: "/api/tools?page_size=100" })).json(),
		);
		expect(tools.total).toBe(demoTools.length);
	} finally {
		await other.destroy();
	}
	// Both instances draw the whole demo catalog: twice the work of one seed.
}, 60_000);

test("the demo catalog shows off volume prices and pack sizes that fit the purchase rule", async () => {
	const t = await createTestApp({ seed: true });
	const tools = ToolPageSchema.parse(
		(await t.app.inject({ url: "/api/tools?page_size=100" })).json(),
	).items;
	const withTerms = tools.filter((tool) => tool.price_breaks.length > 0);
	expect(withTerms.length).toBeGreaterThanOrEqual(3);
	expect(tools.some((tool) => tool.pack_size > 1)).toBe(true);
	// Each demo tool could be saved through the admin's form as it is.
	for (const tool of tools)
		expect(
			ToolFormSchema.safeParse({
				tool_name: tool.tool_name,
				description: tool.description,
				price: centsToDollars(tool.price_cents),
				available_quantity: String(tool.available_quantity),
				minimum_quantity: String(tool.minimum_quantity),
				sku: tool.sku,
				pack_size: String(tool.pack_size),
				price_breaks: formatPriceBreaks(tool.price_breaks),
			}).error?.issues,
			tool.tool_name,
		).toBeUndefined();
});

test("start-up seeds an empty database through the seeder's own process, on the configured database, and a second start does not seed again", async () => {
	const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tools-gallery-seed-"));
	const { database, drop } = await createTestDatabase(dataDir);
	onTestFinished(async () => {
		await drop();
		fs.rmSync(dataDir, { recursive: true, force: true });
	});
	const config = testConfig(dataDir, database, { seedDemo: true });
	const listTools = async () => {
		const { db, images } = await prepareData(config);
		const app = await buildApp({ config, db, images, quotas: testQuotas() });
		try {
			return ToolPageSchema.parse(
				(await app.inject({ url: "/api/tools?page_size=100" })).json(),
			);
		} finally {
			await app.close();
			await db.destroy();
		}
	};
	const first = await listTools();
	expect(first.total).toBe(demoTools.length);
	// Every migration applied, on a new database by the seeder's process before it seeded.
	const db = createDb(config.database);
	try {
		const applied = await db
			.selectFrom(DEFAULT_MIGRATION_TABLE as never)
			.select("name" as never)
			.execute();
		expect(applied.map((row) => (row as { name: string }).name).sort()).toEqual(
			knownMigrationNames().sort(),
		);
	} finally {
		await db.destroy();
	}
	const again = await listTools();
	expect(again.items.map((tool) => tool.id)).toEqual(
		first.items.map((tool) => tool.id),
	);
}, 60_000);
