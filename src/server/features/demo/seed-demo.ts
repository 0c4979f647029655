import { createHash } from "node:crypto";
import type { Db } from "../../platform/db/database.ts";
import type { ImageStore } from "../../platform/images/image-store.ts";
import { loadSharp } from "../../platform/images/load-sharp.ts";
import { insertBlogPosts } from "../blog/blog.repository.ts";
import { insertReceivingPoints } from "../receiving-points/receiving-points.repository.ts";
import { insertReviews } from "../reviews/reviews.repository.ts";
import { insertTools, type NewTool } from "../tools/tools.repository.ts";
import { isContentEmpty } from "./demo.repository.ts";
import {
	type DemoTool,
	demoBlogPosts,
	demoReceivingPoints,
	demoReviews,
	demoTools,
} from "./demo-content.ts";
import { drawToolSvg } from "./tool-art.ts";

const HOUR_MS = 60 * 60 * 1000;

/**
 * Seed rows get ids derived from their content (a version-8 UUID), so two instances starting on
 * the same empty PostgreSQL database cannot both seed: the second one's insert conflicts and
 * rolls back.
 */
export function seedId(key: string): string {
	const hex = createHash("sha256")
		.update(`tools-gallery-demo:${key}`)
		.digest("hex");
	const variant = (
		(Number.parseInt(hex.slice(16, 17), 16) & 0x3) |
		0x8
	).toString(16);
	return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** How many drawings are rendered at once: each holds a 1600 × 1200 raster while it is encoded. */
const RENDERS_AT_ONCE = 2;

/** The drawing of each demo tool at card size (800 × 600) and purchase-page size (twice that). */
export async function renderToolImages(
	images: ImageStore,
): Promise<Map<string, { img: string; img_large: string }>> {
	// Loaded only when there is something to draw: libvips is large and most starts seed nothing.
	const sharp = await loadSharp();
	const render = async (art: DemoTool["art"]) => {
		// Drawn once, at 144 dpi (the 800 × 600 vector art at 1600 × 1200); the card is that
		// raster made smaller, which costs far less than drawing the art a second time.
		const { data, info } = await sharp(Buffer.from(drawToolSvg(art)), {
			density: 144,
		})
			.raw()
			.toBuffer({ resolveWithObject: true });
		const raster = {
			raw: { width: info.width, height: info.height, channels: info.channels },
		};
		const large = await sharp(data, raster).webp({ quality: 82 }).toBuffer();
		const card = await sharp(data, raster)
			.resize(800, 600)
			.webp({ quality: 82 })
			.toBuffer();
		return {
			img: await images.putWebp(`tool-${art}`, card),
			img_large: await images.putWebp(`tool-${art}-large`, large),
		};
	};
	const urls = new Map<string, { img: string; img_large: string }>();
	const queue = demoTools.map((tool) => tool.art);
	await Promise.all(
		Array.from({ length: RENDERS_AT_ONCE }, async () => {
			for (let art = queue.shift(); art; art = queue.shift())
				urls.set(art, await render(art));
		}),
	);
	return urls;
}

/**
 * Fills an empty database with the demo catalog, reviews, blog posts and receiving points. The 'Favorite Questions'
 * are not demo content: a migration gives every shop its own.
 */
export async function seedDemoContent(
	db: Db,
	images: ImageStore,
	now = new Date(),
): Promise<boolean> {
	if (!(await isContentEmpty(db))) return false;
	const imageUrls = await renderToolImages(images);
	// Stagger timestamps so "newest first" has a stable, meaningful order: the first item is newest.
	const at = (index: number) =>
		new Date(now.getTime() - (index + 1) * HOUR_MS).toISOString();

	const tools: NewTool[] = demoTools.map((tool, index) => ({
		id: seedId(`tool:${tool.art}`),
		tool_name: tool.tool_name,
		description: tool.description,
		price_cents: tool.price_cents,
		available_quantity: tool.available_quantity,
		minimum_quantity: tool.minimum_quantity,
		pack_size: tool.pack_size ?? 1,
		price_breaks: tool.price_breaks ?? [],
		img: imageUrls.get(tool.art)?.img ?? "",
		img_large: imageUrls.get(tool.art)?.img_large ?? "",
		supplier_name: tool.supplier_name,
		supplier_email: null,
		// The oldest demo tool is TG-000001, as the migration numbers tools in the order added.
		sku: `TG-${String(demoTools.length - index).padStart(6, "0")}`,
		created_at: at(index),
	}));

	try {
		await db.transaction().execute(async (trx) => {
			await insertTools(trx, tools);
			await insertReviews(
				trx,
				demoReviews.map((review, index) => ({
					id: seedId(`review:${index}`),
					user_name: review.user_name,
					email: null,
					photo_url: null,
					user_review: review.user_review,
					user_rating: review.user_rating,
					created_at: at(index),
				})),
			);
			await insertBlogPosts(
				trx,
				demoBlogPosts.map((post) => ({
					id: seedId(`blog:${post.slug}`),
					slug: post.slug,
					title: post.title,
					excerpt: post.excerpt,
					body: post.body,
					author: post.author,
					published_at: post.published_at,
					created_at: now.toISOString(),
				})),
			);
			await insertReceivingPoints(
				trx,
				demoReceivingPoints.map((point) => ({
					id: seedId(`receiving-point:${point.name}`),
					...point,
				})),
				now.toISOString(),
			);
		});
	} catch (error) {
		// Another instance seeded the same rows first.
		if (!(await isContentEmpty(db))) return false;
		throw error;
	}
	return true;
}
