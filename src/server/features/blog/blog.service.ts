import { randomUUID } from "node:crypto";
import {
	type AdminBlogPost,
	type BlogPost,
	BlogPostEditFormSchema,
	type BlogPostForm,
	BlogPostFormSchema,
	type BlogPostSummary,
	slugify,
} from "../../../shared/blog.schemas.ts";
import type { Page, PageQuery } from "../../../shared/paging.schemas.ts";
import type { Viewer } from "../../platform/auth/session-guard.ts";
import { type Db, isUniqueViolation } from "../../platform/db/database.ts";
import { readPage } from "../../platform/db/paging.ts";
import { ConflictError, NotFoundError } from "../../platform/http/errors.ts";
import { parseFormFields } from "../../platform/http/form-fields.ts";
import type { ImageStore } from "../../platform/images/image-store.ts";
import { processUploadedImage } from "../../platform/images/process-upload.ts";
import {
	type BlogPostChanges,
	countAllBlogPosts,
	countBlogPosts,
	deleteBlogPost,
	findAdminBlogPost,
	findAdminBlogPostsPage,
	findBlogPostBySlug,
	findBlogPostsPage,
	findPublishedPostKeyAt,
	findPublishedPostLinks,
	findPublishedPostWithDates,
	findTakenBlogSlugs,
	insertBlogPosts,
	setBlogPostPublished,
	updateBlogPost,
} from "./blog.repository.ts";

export type BlogDeps = { db: Db; images: ImageStore };
export type BlogPostFormInput = {
	fields: Record<string, string>;
	cover: Buffer | undefined;
};

const POST_NOT_FOUND = "Blog post not found";
/** The cover as the post page shows it, wide; a smaller upload keeps its own size. */
const COVER_SIZE = { width: 1200, height: 630, withoutEnlargement: true };

export async function listBlogPosts(
	db: Db,
	query: PageQuery,
): Promise<Page<BlogPostSummary>> {
	const now = new Date().toISOString();
	return readPage(
		query,
		(offset, limit) => findBlogPostsPage(db, now, offset, limit),
		() => countBlogPosts(db, now),
	);
}

/** A published post; a draft or a post dated later is a 404 like a post that does not exist. */
export async function getBlogPost(db: Db, slug: string): Promise<BlogPost> {
	const post = await findBlogPostBySlug(db, new Date().toISOString(), slug);
	if (!post) throw new NotFoundError(POST_NOT_FOUND);
	return post;
}

export function listAdminBlogPosts(
	db: Db,
	query: PageQuery,
): Promise<Page<AdminBlogPost>> {
	return readPage(
		query,
		(offset, limit) => findAdminBlogPostsPage(db, offset, limit),
		() => countAllBlogPosts(db),
	);
}

export async function getAdminBlogPost(
	db: Db,
	id: string,
): Promise<AdminBlogPost> {
	const post = await findAdminBlogPost(db, id);
	if (!post) throw new NotFoundError(POST_NOT_FOUND);
	return post;
}

async function storeCover(images: ImageStore, bytes: Buffer): Promise<string> {
	const [cover] = await processUploadedImage(bytes, [COVER_SIZE]);
	if (!cover) throw new Error("the cover was not encoded");
	return images.putWebp("blog", cover);
}

function toChanges(
	form: BlogPostForm,
	slug: string,
): Omit<BlogPostChanges, "cover_img"> {
	return {
		slug,
		title: form.title,
		// A browser sends a form's line breaks as CRLF; the stored Markdown keeps plain LF.
		excerpt: form.excerpt.replace(/\r\n?/g, "\n"),
		body: form.body.replace(/\r\n?/g, "\n"),
		published_at: `${form.published_on}T00:00:00.000Z`,
		is_published: form.is_published === "true",
		updated_at: new Date().toISOString(),
	};
}

class SlugTakenError extends ConflictError {
	constructor() {
		super("Another post has this slug", [
			{ field: "slug", message: "Another post has this slug; choose another" },
		]);
	}
}

class StaleEditError extends ConflictError {
	constructor() {
		super(
			"Someone else changed this post since you opened it. Reload it to see their changes, then save again.",
		);
	}
}

/** How many numbered slugs ("…-2", "…-3") are tried for a title whose slug is taken. */
const GENERATED_SLUG_TRIES = 20;

/**
 * Writes a post, with or without a cover. The author is the signed-in admin. A slug the admin
 * typed must be free (409); one made from the title gets "-2", "-3"… when another post has it.
 */
export async function addBlogPost(
	{ db, images }: BlogDeps,
	viewer: Viewer,
	{ fields, cover }: BlogPostFormInput,
): Promise<AdminBlogPost> {
	const form = parseFormFields(BlogPostFormSchema, fields);
	const base = form.slug || slugify(form.title) || "post";
	const tries = form.slug ? 1 : GENERATED_SLUG_TRIES;
	const slugs = Array.from({ length: tries }, (_, index) =>
		index === 0 ? base : `${base.slice(0, 110)}-${index + 1}`,
	);
	// Looked up before the cover is stored, so a refused post leaves no image behind; the insert
	// still decides, for a post written meanwhile.
	const taken = new Set(await findTakenBlogSlugs(db, slugs));
	const freeSlugs = slugs.filter((slug) => !taken.has(slug));
	if (freeSlugs.length === 0) throw new SlugTakenError();
	// The cover is optional: a post without one is shown without a picture, as the demo posts are.
	const coverImg = cover === undefined ? null : await storeCover(images, cover);
	const id = randomUUID();
	for (const slug of freeSlugs) {
		try {
			await insertBlogPosts(db, [
				{
					id,
					...toChanges(form, slug),
					author: viewer.name,
					cover_img: coverImg,
					created_at: new Date().toISOString(),
				},
			]);
			return getAdminBlogPost(db, id);
		} catch (error) {
			if (!isUniqueViolation(error)) throw error;
		}
	}
	throw new SlugTakenError();
}

/** Saves an edit made from `version`; a stale one is a 409 and nothing is written. */
export async function editBlogPost(
	{ db, images }: BlogDeps,
	id: string,
	{ fields, cover }: BlogPostFormInput,
): Promise<AdminBlogPost> {
	const form = parseFormFields(BlogPostEditFormSchema, fields);
	const version = Number(form.version);
	const current = await getAdminBlogPost(db, id);
	const slug = form.slug || current.slug;
	// Checked before the cover is stored, so a refused edit leaves no image behind; the update
	// still decides, for a save made meanwhile.
	if (current.version !== version) throw new StaleEditError();
	if (
		slug !== current.slug &&
		(await findTakenBlogSlugs(db, [slug])).length > 0
	)
		throw new SlugTakenError();
	const changes: BlogPostChanges = toChanges(form, slug);
	if (cover !== undefined) changes.cover_img = await storeCover(images, cover);
	let isSaved: boolean;
	try {
		isSaved = await updateBlogPost(db, id, version, changes);
	} catch (error) {
		if (isUniqueViolation(error)) throw new SlugTakenError();
		throw error;
	}
	if (!isSaved) throw new StaleEditError();
	// Only once the new cover is saved; a cover another post still shows is kept.
	if (
		changes.cover_img &&
		current.cover_img &&
		current.cover_img !== changes.cover_img
	)
		await images.removeIfUnused(current.cover_img);
	return getAdminBlogPost(db, id);
}

export async function publishBlogPost(
	db: Db,
	id: string,
	isPublished: boolean,
): Promise<AdminBlogPost> {
	if (
		!(await setBlogPostPublished(db, id, isPublished, new Date().toISOString()))
	)
		throw new NotFoundError(POST_NOT_FOUND);
	return getAdminBlogPost(db, id);
}

export async function removeBlogPost(db: Db, id: string): Promise<void> {
	if (!(await deleteBlogPost(db, id))) throw new NotFoundError(POST_NOT_FOUND);
}

/** The blog's use cases on one database and image store, as app.ts hands them to the routes. */
export function createBlogUseCases(deps: BlogDeps) {
	const { db } = deps;
	return {
		listBlogPosts: (query: PageQuery) => listBlogPosts(db, query),
		getBlogPost: (slug: string) => getBlogPost(db, slug),
		listAdminBlogPosts: (query: PageQuery) => listAdminBlogPosts(db, query),
		getAdminBlogPost: (id: string) => getAdminBlogPost(db, id),
		addBlogPost: (viewer: Viewer, input: BlogPostFormInput) =>
			addBlogPost(deps, viewer, input),
		editBlogPost: (id: string, input: BlogPostFormInput) =>
			editBlogPost(deps, id, input),
		publishBlogPost: (id: string, isPublished: boolean) =>
			publishBlogPost(db, id, isPublished),
		removeBlogPost: (id: string) => removeBlogPost(db, id),
	};
}

export type BlogUseCases = ReturnType<typeof createBlogUseCases>;

/** A published post as its public page shows it, with when it was last saved. */
export type PublishedPost = BlogPost & { updated_at: string | null };

/** The published post at `slug`; undefined for a draft, a post dated later or no post. */
export function findPublishedPost(
	db: Db,
	slug: string,
): Promise<PublishedPost | undefined> {
	return findPublishedPostWithDates(db, new Date().toISOString(), slug);
}

/** How many posts visitors may read now. */
export function countPublishedPosts(db: Db): Promise<number> {
	return countBlogPosts(db, new Date().toISOString());
}

/** A published post's address and when it last changed (its publication, or a later save). */
export type PostLink = { slug: string; modified_at: string };

/**
 * `count` published posts' addresses from the `offset`-th oldest on, in batches of `batchSize`,
 * each batch a range scan after the last.
 */
export async function* listPostLinks(
	db: Db,
	offset: number,
	count: number,
	batchSize: number,
): AsyncGenerator<PostLink[]> {
	const now = new Date().toISOString();
	let key = await findPublishedPostKeyAt(db, now, offset);
	let isKeyIncluded = true;
	for (let left = count; key && left > 0; ) {
		const rows = await findPublishedPostLinks(
			db,
			now,
			key,
			isKeyIncluded,
			Math.min(batchSize, left),
		);
		if (rows.length === 0) return;
		yield rows.map((row) => ({
			slug: row.slug,
			modified_at:
				row.updated_at && row.updated_at > row.published_at
					? row.updated_at
					: row.published_at,
		}));
		left -= rows.length;
		key = rows.at(-1);
		isKeyIncluded = false;
	}
}
