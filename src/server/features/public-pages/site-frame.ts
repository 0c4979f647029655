/** Marks content the server drew; the web app replaces it when it starts (see the e2e screens). */
export const SERVER_RENDERED_ATTRIBUTE = "data-server-rendered";

const NAV_LINKS = [
	["/home", "Home"],
	["/blog", "Blog"],
	["/all-reviews", "Reviews"],
	["/my-portfolio", "My Portfolio"],
	["/login", "Login"],
];

/** The navigation bar's links, the one of the page's section highlighted as the app does. */
function navLinks(activeLink: string | undefined): string {
	return NAV_LINKS.map(([href, label]) =>
		href === activeLink
			? `<li><a href="${href}" class="menu-active font-semibold" aria-current="page">${label}</a></li>`
			: `<li><a href="${href}">${label}</a></li>`,
	).join("");
}

const CART_LINK =
	'<a href="/cart" class="btn btn-ghost btn-square indicator text-secondary-content" aria-label="Cart"><svg viewBox="0 0 24 24" class="h-6 w-6 stroke-current" fill="none" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M3 4h2l2.4 11.2a1 1 0 0 0 1 .8h9.2a1 1 0 0 0 1-.8L20 8H6.2" /><circle cx="9.5" cy="19.5" r="1.5" /><circle cx="17" cy="19.5" r="1.5" /></svg></a>';

const LOGO =
	'<svg viewBox="0 0 64 64" class="h-12 w-12" aria-hidden="true"><rect width="64" height="64" rx="14" fill="currentColor" opacity="0.15" /><path d="M18 46 40 24" stroke="#f59e0b" stroke-width="7" stroke-linecap="round" /><rect x="34" y="12" width="20" height="12" rx="3" transform="rotate(45 44 18)" fill="#f59e0b" /></svg>';

const SOCIAL_LINKS = [
	[
		"https://twitter.com/",
		"Twitter",
		"M23 4.6a9 9 0 01-2.6.7 4.5 4.5 0 002-2.5 9 9 0 01-2.9 1.1A4.5 4.5 0 0011.9 8a12.8 12.8 0 01-9.3-4.7 4.5 4.5 0 001.4 6 4.5 4.5 0 01-2-.6v.1a4.5 4.5 0 003.6 4.4 4.5 4.5 0 01-2 .1 4.5 4.5 0 004.2 3.1A9 9 0 011 18.3 12.8 12.8 0 007.9 20.3c8.3 0 12.8-6.9 12.8-12.8v-.6A9 9 0 0023 4.6z",
	],
	[
		"https://www.youtube.com/",
		"YouTube",
		"M23.5 6.2a3 3 0 00-2.1-2.1C19.5 3.6 12 3.6 12 3.6s-7.5 0-9.4.5A3 3 0 00.5 6.2 31 31 0 000 12a31 31 0 00.5 5.8 3 3 0 002.1 2.1c1.9.5 9.4.5 9.4.5s7.5 0 9.4-.5a3 3 0 002.1-2.1A31 31 0 0024 12a31 31 0 00-.5-5.8zM9.6 15.6V8.4l6.3 3.6z",
	],
	[
		"https://www.facebook.com/",
		"Facebook",
		"M9 8H6v4h3v12h5V12h3.6l.4-4h-4V6.3c0-1 .2-1.3 1.1-1.3H18V0h-3.8C10.6 0 9 1.6 9 4.6z",
	],
]
	.map(
		([href, name, icon]) =>
			`<a href="${href}" class="hover:text-accent"><span class="sr-only">Tools Gallery on ${name}</span><svg viewBox="0 0 24 24" class="h-6 w-6 fill-current" aria-hidden="true"><path d="${icon}" /></svg></a>`,
	)
	.join("");

/**
 * The header and footer the web app draws around every page (app/navbar.tsx, app/footer.tsx),
 * as a visitor without JavaScript gets them: the brand, the public links and the cart, with the
 * same elements and classes, so nothing moves when the app takes over. Every class here is one
 * the web app's sources use too, so its style sheet has it (page-shell.test.ts checks).
 */
export function siteFrame(
	main: string,
	activeLink: string | undefined,
): string {
	return `<div class="flex min-h-screen flex-col" ${SERVER_RENDERED_ATTRIBUTE}><a href="#main" class="sr-only focus:not-sr-only focus:absolute focus:z-50 focus:m-2 focus:btn">Skip to content</a><header class="sticky top-0 z-30 bg-secondary text-secondary-content shadow"><nav class="navbar mx-auto max-w-7xl gap-2 px-4" aria-label="Main"><div class="flex-1"><a href="/home" class="text-xl font-bold tracking-tight">Tools Gallery</a></div><ul class="menu menu-horizontal hidden items-center gap-1 lg:flex">${navLinks(activeLink)}</ul>${CART_LINK}</nav></header><main id="main" class="flex-1">${main}</main><footer class="bg-neutral text-neutral-content"><div class="footer mx-auto max-w-7xl p-10 sm:footer-horizontal"><aside>${LOGO}<p><span class="block text-lg font-semibold">Tools Gallery.</span> Providing reliable services since 1992</p></aside><nav aria-labelledby="footer-social"><h2 id="footer-social" class="footer-title">Social</h2><div class="flex gap-4">${SOCIAL_LINKS}</div></nav></div></footer></div>`;
}
