import type { BlogPost } from "../../../shared/blog.schemas.ts";
import { longDate, utcDay } from "../../../shared/calendar.ts";
import { escapeHtml } from "../../platform/mail/mail-html.ts";
import { markdownToHtml } from "./markdown-html.ts";
import {
	absoluteUrl,
	headElements,
	metaDescription,
	pageTitle,
	SHOP_NAME,
} from "./page-meta.ts";
import type { PageParts } from "./page-shell.ts";

/** The path of a post's page. */
export function blogPostPath(slug: string): string {
	return `/blog/${encodeURIComponent(slug)}`;
}

/** schema.org BlogPosting data of a published post. */
export function blogPostingData(
	post: BlogPost & { updated_at: string | null },
	{ url, publicUrl }: { url: string; publicUrl: string },
) {
	const modified =
		post.updated_at && post.updated_at > post.published_at
			? post.updated_at
			: post.published_at;
	return {
		"@context": "https://schema.org",
		"@type": "BlogPosting",
		headline: post.title,
		description: post.excerpt,
		datePublished: post.published_at,
		dateModified: modified,
		author: { "@type": "Person", name: post.author },
		publisher: { "@type": "Organization", name: SHOP_NAME },
		mainEntityOfPage: url,
		url,
		...(post.cover_img && { image: absoluteUrl(publicUrl, post.cover_img) }),
	};
}

/**
 * /blog/{slug} of a published post, as pages/blog/blog-post-page.tsx draws it: title, author,
 * date, cover and the body's Markdown; its head for search engines and link previews.
 */
export async function blogPostPage(
	post: BlogPost & { updated_at: string | null },
	{ publicUrl }: { publicUrl: string },
): Promise<PageParts> {
	const url = absoluteUrl(publicUrl, blogPostPath(post.slug));
	const description = metaDescription(post.excerpt);
	const cover = post.cover_img
		? `<img src="${escapeHtml(post.cover_img)}" alt="" width="1200" height="630" class="mb-8 aspect-[1200/630] w-full rounded-box object-cover" />`
		: "";
	const main = `<article class="mx-auto max-w-3xl px-4 py-10"><a href="/blog" class="link link-primary text-sm">← All posts</a><h1 class="mt-4 text-4xl font-bold leading-tight">${escapeHtml(post.title)}</h1><p class="mt-2 mb-8 text-base-content/70">${escapeHtml(post.author)} · <time datetime="${escapeHtml(post.published_at)}">${longDate(utcDay(new Date(post.published_at)))}</time></p>${cover}<div class="text-lg">${await markdownToHtml(post.body)}</div></article>`;
	return {
		title: pageTitle(post.title),
		description,
		head: headElements({
			title: post.title,
			description,
			canonicalUrl: url,
			ogType: "article",
			imageUrl: post.cover_img
				? absoluteUrl(publicUrl, post.cover_img)
				: undefined,
			imageAlt: post.cover_img ? post.title : undefined,
			structuredData: blogPostingData(post, { url, publicUrl }),
		}),
		main,
		activeLink: "/blog",
	};
}
