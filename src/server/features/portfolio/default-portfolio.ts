import type { Portfolio } from "../../../shared/portfolio.schemas.ts";

/**
 * What "My Portfolio" shows until an admin edits it: the personal page of the (fictional)
 * developer who built this storefront. A fresh shop shows it with or without the demo catalog.
 */
const about: Portfolio["about"] = {
	name: "Casey Linden",
	role: "Full-Stack Developer",
	location: "Rotterdam, Netherlands",
	email: "casey.linden@example.com",
	summary: [
		"I build web applications from the database schema to the last pixel of the interface, with a focus on software " +
			"that small businesses can run and maintain themselves. I enjoy turning messy real-world processes, such as " +
			"wholesale ordering, stock planning and bookings, into tools that feel simple to the people who use them every day.",
		"Most of my work is in TypeScript on both sides of the stack. I care about typed contracts between server and " +
			"browser, accessible interfaces that work with a keyboard and a screen reader, and automated tests that let a " +
			"team ship on a Friday without worrying about the weekend.",
		"Tools Gallery, the storefront you are looking at, is one of my projects: a self-hostable shop for tool and parts " +
			"manufacturers that runs on a single SQLite file or scales up to PostgreSQL.",
	],
	highlights: [
		{ label: "Years building for the web", value: "9" },
		{ label: "Production applications shipped", value: "14" },
		{ label: "Developers mentored", value: "6" },
		{ label: "Favorite database", value: "PostgreSQL" },
	],
};

const education: Portfolio["education"] = [
	{
		school: "Harborview University",
		degree: "MSc Human-Computer Interaction",
		years: "2016–2018",
		details:
			"Studied usability research and accessible interface design. My thesis compared checkout flows for " +
			"business-to-business shops and measured how order minimums and stock messages affect abandoned carts.",
	},
	{
		school: "Northbrook Institute of Technology",
		degree: "BSc Computer Science",
		years: "2012–2016",
		details:
			"Focused on databases, distributed systems and software engineering. Led a four-person capstone team that " +
			"built an inventory tracker for the campus makerspace, still in use when I graduated.",
	},
	{
		school: "Open Web Academy (online)",
		degree: "Certificate in Web Accessibility",
		years: "2020",
		details:
			"A twelve-week course on WCAG success criteria, ARIA patterns and testing with assistive technology, " +
			"completed alongside full-time work.",
	},
];

const projects: Portfolio["projects"] = [
	{
		name: "Tools Gallery",
		summary:
			"A self-hostable storefront for tool and parts manufacturers with a product catalog, wholesale minimum orders, " +
			"customer reviews, a blog and an FAQ, backed by a documented JSON API.",
		stack: [
			"TypeScript",
			"Fastify",
			"Kysely",
			"SQLite",
			"PostgreSQL",
			"React",
			"TanStack Query",
			"Tailwind CSS",
			"daisyUI",
			"Zod",
		],
		outcome:
			"One codebase runs on SQLite for a single-machine install and on PostgreSQL in production, with request and " +
			"response schemas shared by server and browser so API changes are caught at compile time.",
	},
	{
		name: "Bench Booking",
		summary:
			"A reservation system for a community makerspace, where members book laser cutters, lathes and workbenches " +
			"and see live availability.",
		stack: ["TypeScript", "Node.js", "PostgreSQL", "React", "WebSockets"],
		outcome:
			"Replaced a shared spreadsheet, eliminated double bookings and cut the time staff spent on scheduling " +
			"from several hours a week to a few minutes.",
	},
	{
		name: "Site Inspection App",
		summary:
			"An offline-first progressive web app for building inspectors to record checklists, photos and defects " +
			"on sites without reliable mobile coverage.",
		stack: ["TypeScript", "React", "Vite", "IndexedDB", "Service Workers"],
		outcome:
			"Inspectors complete reports on site and sync them automatically once back online, reducing the time " +
			"from inspection to finished report from two days to the same afternoon.",
	},
	{
		name: "Stock Sync Service",
		summary:
			"A background service that keeps stock levels consistent between a warehouse system and three online " +
			"sales channels.",
		stack: ["TypeScript", "Node.js", "Redis", "PostgreSQL", "Docker"],
		outcome:
			"Stock changes reach every channel in under a minute, and orders for items that were already sold out " +
			"dropped by more than ninety percent in the first quarter.",
	},
];

const technology: Portfolio["technology"] = [
	{
		group: "Languages",
		items: ["TypeScript", "JavaScript", "SQL", "HTML", "CSS"],
	},
	{
		group: "Front end",
		items: [
			"React",
			"React Router",
			"TanStack Query",
			"Tailwind CSS",
			"daisyUI",
			"Vite",
		],
	},
	{
		group: "Back end and data",
		items: ["Node.js", "Fastify", "Kysely", "Zod", "PostgreSQL", "SQLite"],
	},
	{
		group: "Testing and tooling",
		items: ["Vitest", "Playwright", "axe-core", "Biome", "Docker", "Git"],
	},
];

export const DEFAULT_PORTFOLIO: Portfolio = {
	about,
	education,
	projects,
	technology,
};
