import type { Kysely } from "kysely";

// Frozen in time: never import application code here.
//
// The five 'Favorite Questions' the specification names (prototypal inheritance, state
// management, performance, why state is not set directly, searching products by name) are the
// shop's own content, not demo content: a shop started with SEED_DEMO=false shows them too. They
// are inserted only into an empty table, so a shop that already has questions keeps exactly
// those; afterwards they are ordinary questions that admins edit, move and remove.

/** Joins paragraphs with the blank line the answer format expects. */
function paragraphs(...parts: string[]): string {
	return parts.join("\n\n");
}

const SHOP_FAQS: { question: string; answer: string }[] = [
	{
		question: "How does prototypal inheritance work in JavaScript?",
		answer: paragraphs(
			"Every JavaScript object has an internal link to another object, called its prototype. When you read a property, " +
				"the engine first looks on the object itself. If the property is not there, it follows the link to the prototype, " +
				"then to that object's prototype, and so on until it finds the property or reaches null at the end of the chain. " +
				"This is the prototype chain, and it lets many objects share behavior without copying it.",
			"You can create the link explicitly with Object.create(proto) and inspect it with Object.getPrototypeOf(obj). " +
				"Constructor functions set it implicitly: new Tool() creates an object whose prototype is Tool.prototype, so every " +
				"tool shares the methods defined there. Class syntax is a cleaner way to write the same thing. Methods declared in " +
				"a class body live on the prototype, and extends links the subclass's prototype to the parent class's prototype.",
			'const base = { label() { return this.name + " (" + this.supplier + ")"; } };\n' +
				"const hammer = Object.create(base);\n" +
				'hammer.name = "Claw Hammer"; hammer.supplier = "Northgate";\n' +
				'hammer.label(); // "Claw Hammer (Northgate)"',
			"Own properties shadow inherited ones, and assigning to a property normally creates or updates it on the object itself " +
				"rather than changing the prototype. Use Object.hasOwn(obj, key) when you need to know whether a property belongs to " +
				"the object or comes from further up the chain.",
		),
	},
	{
		question:
			"What are the different ways to manage state in a React application?",
		answer: paragraphs(
			"Start with local state. useState covers most component-level values, such as an input's text or whether a menu is open, " +
				"and useReducer suits state with several related fields or many kinds of update. When two components need the same " +
				"value, lift the state up to their closest common parent and pass it down as props.",
			"Context makes a value available to a whole subtree without passing props through every level. It works well for " +
				"values that change rarely, such as the theme, locale or signed-in user. Every consumer re-renders when the value " +
				"changes, so avoid putting fast-changing data in one large context.",
			"Data that comes from a server is a different kind of state: it is owned elsewhere and can go stale. A data-fetching " +
				"library such as TanStack Query caches responses, deduplicates requests, refetches in the background and tracks " +
				"loading and error states, which removes most hand-written fetching code. State that should survive a reload or be " +
				"shareable, such as search terms, filters and the current page, belongs in the URL's query string.",
			"For large applications with a lot of shared client-side state, a dedicated store such as Redux Toolkit, Zustand or " +
				"Jotai adds predictable updates and good developer tools. Reach for one only when the simpler options become hard to manage.",
		),
	},
	{
		question: "How can you improve the performance of a React application?",
		answer: paragraphs(
			"Measure before optimizing. The React Developer Tools Profiler shows which components render and how long they take, " +
				"and the browser's performance panel and Lighthouse reveal slow loading, large bundles and long tasks.",
			"Most problems come from rendering too much or too often. Keep state close to the components that use it so updates " +
				"do not re-render large parts of the tree. Wrap expensive components in memo, and use useMemo and useCallback to keep " +
				"props stable where profiling shows a benefit; the React Compiler can apply much of this memoization automatically. " +
				"Give list items stable keys from your data, not array indexes, and virtualize long lists so only the visible rows are rendered.",
			"Ship less code. Split bundles by route with lazy and Suspense, remove unused dependencies, and serve images in modern " +
				"formats at the size they are displayed, with lazy loading below the fold.",
			"Keep interactions responsive. useTransition and useDeferredValue let React treat heavy updates, such as filtering a big " +
				"product list, as lower priority than typing. Cache server data with a library such as TanStack Query to avoid repeated " +
				"requests, and always measure the production build, because development mode is much slower.",
		),
	},
	{
		question: "Why should you never set React state directly?",
		answer: paragraphs(
			"React re-renders a component only when you tell it that state has changed, by calling the setter from useState or, " +
				"in class components, this.setState. Assigning to a state variable or mutating an object inside it, for example by " +
				"pushing onto an array, changes the data without scheduling a render, so the screen shows stale values.",
			"Even when you do call the setter, mutating first causes trouble. React compares the new value with the old one using " +
				"Object.is, so passing back the same mutated array or object looks like no change at all and the update can be skipped. " +
				"Mutation also breaks everything that relies on references changing: memo, the dependency arrays of useMemo and " +
				"useEffect, and earlier snapshots of state that other code may still be reading.",
			"Instead, treat state as immutable: build a new array or object with spread syntax and pass it to the setter. " +
				"Use the updater form, as below, whenever the next value depends on the previous one. React batches updates, and " +
				"the state variable in your closure is only a snapshot from the last render, so reading it directly can lose updates.",
			"setCart((items) => [...items, tool]);\nsetTool((current) => ({ ...current, price_cents: 2599 }));",
		),
	},
	{
		question:
			"How would you search an array of products by name in JavaScript?",
		answer: paragraphs(
			"For a tool list already in memory, filter it with a case-insensitive substring match. Trim the query, convert both " +
				"sides to lower case, and return the full list when the query is empty. The filter method returns a new array and " +
				"leaves the original untouched; use find instead if you only need the first match.",
			"const query = input.trim().toLowerCase();\n" +
				'const results = query === ""\n' +
				"  ? tools\n" +
				"  : tools.filter((tool) => tool.tool_name.toLowerCase().includes(query));",
			"In React, keep only the query in state and derive the results while rendering, wrapped in useMemo if the list is large, " +
				"rather than storing a filtered copy that can drift out of sync. Debounce the input by 200 to 300 milliseconds, or use " +
				"useDeferredValue, so typing stays smooth. Debouncing matters most when each change triggers a network request. " +
				"The same filter can match supplier names too, and normalizing accented characters lets a query typed " +
				"without accents still find accented names.",
			"For a large catalog, search on the server. Send the query as a URL parameter, let the database match it with an index " +
				"or full-text search, and return one page of results at a time, so the browser never has to download the whole catalog.",
		),
	},
];

/** Fixed ids, so that `down` removes these rows and no others. */
const SHOP_FAQ_IDS = [
	"5e7d1a40-0c1f-4b8e-9a51-3f0d2c6b7e01",
	"5e7d1a40-0c1f-4b8e-9a51-3f0d2c6b7e02",
	"5e7d1a40-0c1f-4b8e-9a51-3f0d2c6b7e03",
	"5e7d1a40-0c1f-4b8e-9a51-3f0d2c6b7e04",
	"5e7d1a40-0c1f-4b8e-9a51-3f0d2c6b7e05",
];

export async function up(db: Kysely<any>): Promise<void> {
	const existing = await db
		.selectFrom("faqs")
		.select("id")
		.limit(1)
		.executeTakeFirst();
	if (existing) return;
	await db
		.insertInto("faqs")
		.values(
			SHOP_FAQS.map((faq, index) => ({
				id: SHOP_FAQ_IDS[index],
				position: index + 1,
				question: faq.question,
				answer: faq.answer,
			})),
		)
		.execute();
}

export async function down(db: Kysely<any>): Promise<void> {
	await db.deleteFrom("faqs").where("id", "in", SHOP_FAQ_IDS).execute();
}
