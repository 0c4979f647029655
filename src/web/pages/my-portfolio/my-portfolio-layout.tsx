import { NavLink, Outlet } from "react-router";

const sections = [
	{ to: "about-me", label: "About Me" },
	{ to: "education", label: "About Education" },
	{ to: "project", label: "About Project" },
	{ to: "technology", label: "About Technology" },
] as const;

export function MyPortfolioLayout() {
	return (
		<div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 lg:grid-cols-[16rem_1fr]">
			<aside>
				<h1 className="mb-4 text-2xl font-bold">My Portfolio</h1>
				<nav aria-label="Portfolio">
					<ul className="menu w-full rounded-box bg-base-200">
						{sections.map((section) => (
							<li key={section.to}>
								<NavLink
									to={section.to}
									className={({ isActive }) =>
										isActive ? "menu-active font-semibold" : ""
									}
								>
									{section.label}
								</NavLink>
							</li>
						))}
					</ul>
				</nav>
			</aside>
			<section className="min-w-0">
				<Outlet />
			</section>
		</div>
	);
}
