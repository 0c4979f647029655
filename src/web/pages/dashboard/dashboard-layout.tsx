import { useEffect, useId, useState } from "react";
import { Link, Outlet, useLocation } from "react-router";
import { useSession } from "../../features/auth/session.queries.ts";

/**
 * A menu entry; `alsoFor` are other addresses whose pages belong to it (an order of the list), and
 * `isHome` marks the page /dashboard itself shows.
 */
type MenuEntry = {
	to: string;
	label: string;
	alsoFor?: readonly string[];
	isHome?: boolean;
};

const ADMIN_MENU: readonly MenuEntry[] = [
	{ to: "/dashboard/sales", label: "Sales", isHome: true },
	{ to: "/dashboard/manage-products", label: "Manage Products" },
	{
		to: "/dashboard/all-order",
		label: "Manage All Orders",
		alsoFor: ["/dashboard/all-orders"],
	},
	{ to: "/dashboard/quote-requests", label: "Quote Requests" },
	{ to: "/dashboard/receiving-points", label: "Receiving Points" },
	{ to: "/dashboard/payment-terms", label: "Payment Terms" },
	{ to: "/dashboard/add-a-product", label: "Add A Product" },
	{ to: "/dashboard/import-export", label: "Import & Export" },
	{ to: "/dashboard/make-admin", label: "Make Admin" },
	{ to: "/dashboard/manage-reviews", label: "Manage Reviews" },
	{ to: "/dashboard/manage-blog", label: "Manage Blog" },
	{ to: "/dashboard/manage-content", label: "Manage Content" },
	{ to: "/dashboard/shop-settings", label: "Shop Settings" },
	{ to: "/dashboard/mail-outbox", label: "Mail" },
	{ to: "/dashboard/api-keys", label: "API Keys" },
	{ to: "/dashboard/webhooks", label: "Webhooks" },
	{ to: "/dashboard/security-log", label: "Security log" },
	{ to: "/dashboard/profile", label: "My Profile" },
];

const CUSTOMER_MENU: readonly MenuEntry[] = [
	{ to: "/dashboard/my-orders", label: "My Orders" },
	{
		to: "/dashboard/my-quotes",
		label: "My Quotes",
		alsoFor: ["/dashboard/quotes"],
	},
	{ to: "/dashboard/review", label: "Add A Review" },
	{ to: "/dashboard/profile", label: "My Profile", isHome: true },
];

function isEntryActive(entry: MenuEntry, pathname: string): boolean {
	const path = pathname.replace(/\/$/, "");
	if (entry.isHome && path === "/dashboard") return true;
	return [entry.to, ...(entry.alsoFor ?? [])].some(
		(to) => path === to || path.startsWith(`${to}/`),
	);
}

/** The dashboard: a side drawer with the menu of the caller's role, always open on large screens. */
export function DashboardLayout() {
	const session = useSession();
	const { pathname } = useLocation();
	const [isOpen, setIsOpen] = useState(false);
	const drawerId = useId();
	const menuId = useId();
	const menu = session.me?.is_admin ? ADMIN_MENU : CUSTOMER_MENU;

	// biome-ignore lint/correctness/useExhaustiveDependencies: choosing an entry closes the drawer
	useEffect(() => setIsOpen(false), [pathname]);

	return (
		<div className="drawer lg:drawer-open mx-auto max-w-7xl">
			<input
				id={drawerId}
				type="checkbox"
				className="drawer-toggle"
				checked={isOpen}
				onChange={(event) => setIsOpen(event.target.checked)}
				aria-hidden="true"
				tabIndex={-1}
			/>
			<div className="drawer-content px-4 py-6 lg:px-8">
				<button
					type="button"
					className="btn btn-outline btn-sm mb-4 lg:hidden"
					aria-expanded={isOpen}
					aria-controls={menuId}
					onClick={() => setIsOpen((open) => !open)}
				>
					{isOpen ? "Close dashboard menu" : "Open dashboard menu"}
				</button>
				<Outlet />
			</div>
			<div className="drawer-side z-40 lg:z-auto">
				<button
					type="button"
					className="drawer-overlay"
					aria-label="Close dashboard menu"
					tabIndex={-1}
					onClick={() => setIsOpen(false)}
				/>
				<nav
					id={menuId}
					aria-label="Dashboard"
					className="min-h-full w-64 bg-base-200 p-4"
				>
					<p className="mb-2 px-2 font-semibold">Dashboard</p>
					<ul className="menu w-full gap-1">
						{menu.map((entry) => {
							const isActive = isEntryActive(entry, pathname);
							return (
								<li key={entry.to}>
									<Link
										to={entry.to}
										className={isActive ? "menu-active" : ""}
										aria-current={isActive ? "page" : undefined}
										onClick={() => setIsOpen(false)}
									>
										{entry.label}
									</Link>
								</li>
							);
						})}
					</ul>
				</nav>
			</div>
		</div>
	);
}
