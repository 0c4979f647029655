import { useEffect, useId, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";

const links = [
  { to: "/home", label: "Home" },
  { to: "/blog", label: "Blog" },
  { to: "/all-reviews", label: "Reviews" },
  { to: "/my-portfolio", label: "My Portfolio" },
  { to: "/login", label: "Login" },
] as const;

function navLinkClass({ isActive }: { isActive: boolean }): string {
  return isActive ? "menu-active font-semibold" : "";
}

function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <>
      {links.map((link) => (
        <li key={link.to}>
          <NavLink to={link.to} className={navLinkClass} onClick={onNavigate}>
            {link.label}
          </NavLink>
        </li>
      ))}
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
            className="btn btn-ghost btn-square"
            aria-label={isMenuOpen ? "Close menu" : "Open menu"}
            aria-expanded={isMenuOpen}
            aria-controls={menuId}
            onClick={() => setIsMenuOpen((open) => !open)}
          >
            <svg viewBox="0 0 24 24" className="h-6 w-6 stroke-current" fill="none" strokeWidth="2" aria-hidden="true">
              {isMenuOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 6h16M4 12h16M4 18h16" />}
            </svg>
          </button>
        </div>
      </nav>
      {isMenuOpen && (
        <ul id={menuId} className="menu w-full gap-1 border-t border-secondary-content/20 px-4 pb-4 lg:hidden">
          <NavLinks onNavigate={() => setIsMenuOpen(false)} />
        </ul>
      )}
    </header>
  );
}
