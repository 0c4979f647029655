import { useEffect, useId, useState } from "react";
import { Link, useLocation } from "react-router";

const links = [
	{ to: "/home", label: "Home" },
	{ to: "/blog", label: "Blog" },
	{ to: "/all-reviews", label: "Reviews" },
	{ to: "/my-portfolio", label: "My Portfolio" },
	{ to: "/login", label: "Login" },
] as const;

/** The home page answers at both / and /home, so its link is active on either. */
function isLinkActive(to: string, pathname: string): boolean {
	if (to === "/home" && pathname === "/") return true;
	return pathname === to || pathname.startsWith(`${to}/`);
}

function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
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

export function Navbar() {
	const [isMenuOpen, setIsMenuOpen] = useState(false);
	const menuId = useId();
	const { pathname } = useLocation();

	// biome-ignore lint/correctness/useExhaustiveDependencies: close the menu whenever the page changes
	useEffect(() => setIsMenuOpen(false), [pathname]);

	return (
		<header className="sticky top-0 z-30 bg-secondary text-secondary-content shadow">
			<nav className="navbar mx-auto max-w-7xl px-4" aria-label="Main">
				<div className="flex-1">
					<Link to="/home" className="text-xl font-bold tracking-tight">
						Tools Gallery
					</Link>
				</div>
				<ul className="menu menu-horizontal hidden gap-1 lg:flex">
					<NavLinks />
				</ul>
				<div className="lg:hidden">
					<button
						type="button"
						className="btn btn-ghost btn-square text-secondary-content"
						aria-label={isMenuOpen ? "Close menu" : "Open menu"}
						aria-expanded={isMenuOpen}
						aria-controls={menuId}
						onClick={() => setIsMenuOpen((open) => !open)}
					>
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
					</button>
				</div>
			</nav>
			{isMenuOpen && (
				<ul
					id={menuId}
					className="menu w-full gap-1 border-t border-secondary-content/20 px-4 pb-4 lg:hidden"
				>
					<NavLinks onNavigate={() => setIsMenuOpen(false)} />
				</ul>
			)}
		</header>
	);
}
