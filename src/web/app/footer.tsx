import type { ReactNode } from "react";
import { LazyPart } from "../components/ui/lazy-part.tsx";
import { lazyComponent } from "../lib/lazy-component.ts";

const socialLinks: { href: string; label: string; icon: ReactNode }[] = [
	{
		href: "https://twitter.com/",
		label: "Tools Gallery on Twitter",
		icon: (
			<path d="M23 4.6a9 9 0 01-2.6.7 4.5 4.5 0 002-2.5 9 9 0 01-2.9 1.1A4.5 4.5 0 0011.9 8a12.8 12.8 0 01-9.3-4.7 4.5 4.5 0 001.4 6 4.5 4.5 0 01-2-.6v.1a4.5 4.5 0 003.6 4.4 4.5 4.5 0 01-2 .1 4.5 4.5 0 004.2 3.1A9 9 0 011 18.3 12.8 12.8 0 007.9 20.3c8.3 0 12.8-6.9 12.8-12.8v-.6A9 9 0 0023 4.6z" />
		),
	},
	{
		href: "https://www.youtube.com/",
		label: "Tools Gallery on YouTube",
		icon: (
			<path d="M23.5 6.2a3 3 0 00-2.1-2.1C19.5 3.6 12 3.6 12 3.6s-7.5 0-9.4.5A3 3 0 00.5 6.2 31 31 0 000 12a31 31 0 00.5 5.8 3 3 0 002.1 2.1c1.9.5 9.4.5 9.4.5s7.5 0 9.4-.5a3 3 0 002.1-2.1A31 31 0 0024 12a31 31 0 00-.5-5.8zM9.6 15.6V8.4l6.3 3.6z" />
		),
	},
	{
		href: "https://www.facebook.com/",
		label: "Tools Gallery on Facebook",
		icon: (
			<path d="M9 8H6v4h3v12h5V12h3.6l.4-4h-4V6.3c0-1 .2-1.3 1.1-1.3H18V0h-3.8C10.6 0 9 1.6 9 4.6z" />
		),
	},
];

// The footer itself comes once the page has shown and the reader nears its end (root-layout.tsx).
// The shop's address is read and checked with code of its own: until it is there, the footer has
// the brand line alone, as it has for a shop without an address.
const ShopAddress = lazyComponent(() =>
	import("./shop-address.tsx").then((module) => module.ShopAddress),
);

export function Footer() {
	return (
		<footer className="bg-neutral text-neutral-content">
			<div className="footer mx-auto max-w-7xl p-10 sm:footer-horizontal">
				<aside>
					<svg viewBox="0 0 64 64" className="h-12 w-12" aria-hidden="true">
						<rect
							width="64"
							height="64"
							rx="14"
							fill="currentColor"
							opacity="0.15"
						/>
						<path
							d="M18 46 40 24"
							stroke="#f59e0b"
							strokeWidth="7"
							strokeLinecap="round"
						/>
						<rect
							x="34"
							y="12"
							width="20"
							height="12"
							rx="3"
							transform="rotate(45 44 18)"
							fill="#f59e0b"
						/>
					</svg>
					<p>
						<span className="block text-lg font-semibold">Tools Gallery.</span>{" "}
						Providing reliable services since 1992
					</p>
					<LazyPart fallback={null}>
						<ShopAddress />
					</LazyPart>
				</aside>
				<nav aria-labelledby="footer-social">
					<h2 id="footer-social" className="footer-title">
						Social
					</h2>
					<div className="flex gap-4">
						{socialLinks.map((link) => (
							<a key={link.href} href={link.href} className="hover:text-accent">
								<span className="sr-only">{link.label}</span>
								<svg
									viewBox="0 0 24 24"
									className="h-6 w-6 fill-current"
									aria-hidden="true"
								>
									{link.icon}
								</svg>
							</a>
						))}
					</div>
				</nav>
			</div>
		</footer>
	);
}
