import { useEffect, useId, useState } from "react";
import { Link, useLocation } from "react-router";
import type { Me } from "../../shared/session.schemas.ts";
import { LazyPart } from "../components/ui/lazy-part.tsx";
import { useSession } from "../features/auth/session.queries.ts";
import { useSignOut } from "../features/auth/use-sign-out.ts";
import { cartOwnerOf } from "../features/cart/cart-owner.ts";
import { CartLinkView } from "../features/cart/components/cart-link-view.tsx";
import { lazyComponent } from "../lib/lazy-component.ts";
import { AccountMenuPlaceholder } from "./account-face.tsx";

// The cart's count reads the cart (the browser's, or the server's): code of its own, so the bar
// and the page show first, with the cart's icon alone until the count is there.
const CartLink = lazyComponent(() =>
	import("../features/cart/components/cart-link.tsx").then(
		(module) => module.CartLink,
	),
);

// Only a signed-in account has the menu: its code loads once the session says so.
const AccountMenu = lazyComponent(() =>
	import("./account-menu.tsx").then((module) => module.AccountMenu),
);

type NavLink = { to: string; label: string };

const publicLinks: NavLink[] = [
	{ to: "/home", label: "Home" },
	{ to: "/blog", label: "Blog" },
	{ to: "/all-reviews", label: "Reviews" },
	{ to: "/my-portfolio", label: "My Portfolio" },
];
const signedOutLinks: NavLink[] = [
	...publicLinks,
	{ to: "/login", label: "Login" },
];
const signedInLinks: NavLink[] = [
	...publicLinks,
	{ to: "/dashboard", label: "Dashboard" },
];
// The collapsed menu has no room for the account menu, so its items are listed instead.
const signedInMobileLinks: NavLink[] = [
	...signedInLinks,
	{ to: "/dashboard/profile", label: "My Profile" },
];

/** The home page answers at both / and /home, so its link is active on either. */
function isLinkActive(to: string, pathname: string): boolean {
	if (to === "/home" && pathname === "/") return true;
	return pathname === to || pathname.startsWith(`${to}/`);
}

function NavLinks({
	links,
	onNavigate,
}: {
	links: NavLink[];
	onNavigate?: () => void;
}) {
	const { pathname } = useLocation();
	return (
		<>
			{links.map((link) => {
				const isActive = isLinkActive(link.to, pathname);
				return (
					<li key={link.to}>
						<Link
							to={link.to}
							className={isActive ? "menu-active font-semibold" : ""}
							aria-current={isActive ? "page" : undefined}
							onClick={onNavigate}
						>
							{link.label}
						</Link>
					</li>
				);
			})}
		</>
	);
}

function SignOutButton({
	onSignOut,
	isSigningOut,
}: {
	onSignOut: () => void;
	isSigningOut: boolean;
}) {
	return (
		<button
			type="button"
			className="btn btn-ghost text-secondary-content"
			disabled={isSigningOut}
			onClick={onSignOut}
		>
			Sign Out
		</button>
	);
}

/** The session could not be read: nobody is shown as signed out for it; this asks again. */
function SessionRetry({ onRetry }: { onRetry: () => void }) {
	return (
		<div className="flex items-center gap-2">
			<span className="hidden text-sm lg:inline">
				Your account could not be loaded.
			</span>
			<button
				type="button"
				className="btn btn-sm btn-warning"
				onClick={onRetry}
			>
				Load my account
			</button>
		</div>
	);
}

function Brand() {
	return (
		<Link to="/home" className="text-xl font-bold tracking-tight">
			Tools Gallery
		</Link>
	);
}

function MenuToggleIcon({ isMenuOpen }: { isMenuOpen: boolean }) {
	return (
		<svg
			viewBox="0 0 24 24"
			className="h-6 w-6 stroke-current"
			fill="none"
			strokeWidth="2"
			aria-hidden="true"
		>
			{isMenuOpen ? (
				<path d="M6 6l12 12M18 6L6 18" />
			) : (
				<path d="M4 6h16M4 12h16M4 18h16" />
			)}
		</svg>
	);
}

export function Navbar() {
	const session = useSession();
	const { signOut, isSigningOut } = useSignOut();
	const [isMenuOpen, setIsMenuOpen] = useState(false);
	const menuId = useId();
	const { pathname } = useLocation();

	// biome-ignore lint/correctness/useExhaustiveDependencies: close the menu whenever the page changes
	useEffect(() => setIsMenuOpen(false), [pathname]);

	if (session.status === "loading")
		return (
			<header className="sticky top-0 z-30 bg-secondary text-secondary-content shadow">
				<div
					className="navbar mx-auto max-w-7xl justify-center px-4"
					role="status"
				>
					<span className="loading loading-spinner" aria-hidden="true" />
					<span className="sr-only">Loading your account</span>
				</div>
			</header>
		);

	const me: Me | undefined = session.me;
	const links = me
		? signedInLinks
		: session.status === "error"
			? publicLinks
			: signedOutLinks;
	const startSignOut = () => void signOut();

	return (
		<header className="sticky top-0 z-30 bg-secondary text-secondary-content shadow">
			<nav className="navbar mx-auto max-w-7xl gap-2 px-4" aria-label="Main">
				<div className="flex-1">
					<Brand />
				</div>
				<ul className="menu menu-horizontal hidden items-center gap-1 lg:flex">
					<NavLinks links={links} />
				</ul>
				{me && (
					<div className="hidden items-center gap-1 lg:flex">
						<SignOutButton
							onSignOut={startSignOut}
							isSigningOut={isSigningOut}
						/>
						<LazyPart fallback={<AccountMenuPlaceholder me={me} />}>
							<AccountMenu me={me} onSignOut={startSignOut} />
						</LazyPart>
					</div>
				)}
				{session.status === "error" && <SessionRetry onRetry={session.retry} />}
				{/* Visitors and customers shop with a cart; the admins' menus have none. */}
				{!me?.is_admin && (
					<LazyPart fallback={<CartLinkView pieces={undefined} />}>
						<CartLink owner={cartOwnerOf(session.status)} />
					</LazyPart>
				)}
				<div className="lg:hidden">
					<button
						type="button"
						className="btn btn-ghost btn-square text-secondary-content"
						aria-label={isMenuOpen ? "Close menu" : "Open menu"}
						aria-expanded={isMenuOpen}
						aria-controls={menuId}
						onClick={() => setIsMenuOpen((open) => !open)}
					>
						<MenuToggleIcon isMenuOpen={isMenuOpen} />
					</button>
				</div>
			</nav>
			{isMenuOpen && (
				<div
					id={menuId}
					className="border-t border-secondary-content/20 px-4 pb-4 lg:hidden"
				>
					<ul className="menu w-full gap-1">
						<NavLinks
							links={me ? signedInMobileLinks : links}
							onNavigate={() => setIsMenuOpen(false)}
						/>
					</ul>
					{me && (
						<div className="mt-2 flex items-center justify-between gap-2">
							<span className="truncate text-sm">Signed in as {me.name}</span>
							<SignOutButton
								onSignOut={startSignOut}
								isSigningOut={isSigningOut}
							/>
						</div>
					)}
				</div>
			)}
		</header>
	);
}
