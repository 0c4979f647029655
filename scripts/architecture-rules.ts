import { builtinModules } from "node:module";
import type { Import, SourceTree } from "./architecture-scan.ts";

/** A rule of docs/architecture.md: the violations it finds in a source tree, as readable lines. */
export type Rule = (tree: SourceTree) => string[];

const describe = (entry: Import) => `${entry.from} imports ${entry.specifier}`;
const importsWhere =
	(isViolation: (entry: Import) => boolean): Rule =>
	({ imports }) =>
		imports.filter(isViolation).map(describe);

const isTestFile = (file: string) => /\.test\.tsx?$/.test(file);
const featureOf = (file: string, side: "server" | "web") =>
	new RegExp(`^src/${side}/features/([^/]+)/`).exec(file)?.[1];
const isServerFeature = (file: string) =>
	file.startsWith("src/server/features/");
const isUnder = (file: string, ...folders: string[]) =>
	folders.some((folder) => file.startsWith(`src/${folder}/`));

/**
 * routes → service → repository → platform/db, never skipping a layer or going back up. Feature
 * tests may seed through repositories. A routes plugin may `import type { Db }` to type its `db`
 * option, which it hands to the service: `import type` is erased at build, so the route still
 * cannot query; any other type (tables, rows) would tie the HTTP layer to storage.
 */
export const serverLayersPointDown: Rule = importsWhere(
	({ from, to, names, isTypeOnly }) => {
		if (!isServerFeature(from) || isTestFile(from)) return false;
		if (from.endsWith(".routes.ts")) {
			if (to.endsWith(".repository.ts")) return true;
			const namesOnlyDb = isTypeOnly && names.join() === "Db";
			return isUnder(to, "server/platform/db") && !namesOnlyDb;
		}
		if (from.endsWith(".service.ts")) return to.endsWith(".routes.ts");
		if (from.endsWith(".repository.ts"))
			return to.endsWith(".service.ts") || to.endsWith(".routes.ts");
		return false;
	},
);

/**
 * May use any feature's files, repositories included: the demo seeder fills every feature's
 * tables on first start (a composition root, like app.ts wiring every feature's routes), and
 * the server's test scaffolding builds the rows a test needs.
 */
const REACHES_INTO_FEATURES = ["server/features/demo", "server/test-support"];

/**
 * A server feature uses another only through its service; code outside the features (app.ts,
 * start-up.ts) may wire routes and services but never reaches a repository.
 */
export const serverFeaturesMeetThroughServices: Rule = importsWhere(
	({ from, to }) => {
		const target = featureOf(to, "server");
		if (!target || featureOf(from, "server") === target) return false;
		if (!isUnder(from, "server") || isUnder(from, ...REACHES_INTO_FEATURES))
			return false;
		return isServerFeature(from)
			? !to.endsWith(".service.ts")
			: to.endsWith(".repository.ts");
	},
);

export const platformIgnoresFeatures: Rule = importsWhere(
	({ from, to }) => isUnder(from, "server/platform") && isServerFeature(to),
);

/** Shared contracts run in both worlds: zod and each other only (their tests add Vitest). */
export const sharedImportsOnlyZod: Rule = importsWhere(
	({ from, to }) =>
		isUnder(from, "shared") &&
		!isUnder(to, "shared") &&
		!["zod", "zod/mini", ...(isTestFile(from) ? ["vitest"] : [])].includes(to),
);

export const serverAndWebStayApart: Rule = importsWhere(
	({ from, to }) =>
		(isUnder(from, "server") && isUnder(to, "web")) ||
		(isUnder(from, "web") && isUnder(to, "server")),
);

/** pages → features → components and lib, never upward; web features never meet. */
export const webLayersPointDown: Rule = importsWhere(({ from, to }) => {
	const own = featureOf(from, "web");
	if (own) {
		const other = featureOf(to, "web");
		return (
			isUnder(to, "web/pages", "web/app") || Boolean(other && other !== own)
		);
	}
	if (isUnder(from, "web/components", "web/lib"))
		return isUnder(to, "web/features", "web/pages", "web/app");
	return false;
});

export const webTestSupportOnlyInTests: Rule = importsWhere(
	({ from, to }) =>
		isUnder(to, "web/test-support") &&
		!isTestFile(from) &&
		!isUnder(from, "web/test-support"),
);

// Web tests run in Node under Vitest; everything else under src/web may end up in the browser.
const isWebAppCode = (file: string) =>
	isUnder(file, "web") && !isTestFile(file);
const NODE_MODULES = new Set(builtinModules);

/** Browser code never touches Node: no Node module, no `process` (build settings: import.meta.env). */
export const webAppUsesNoNode: Rule = (tree) => [
	...importsWhere(
		({ from, to }) =>
			isWebAppCode(from) && (to.startsWith("node:") || NODE_MODULES.has(to)),
	)(tree),
	...tree.processUses
		.filter(({ from }) => isWebAppCode(from))
		.map(({ from, line }) => `${from}:${line} uses process`),
];

export const RULES = {
	serverLayersPointDown,
	serverFeaturesMeetThroughServices,
	platformIgnoresFeatures,
	sharedImportsOnlyZod,
	serverAndWebStayApart,
	webLayersPointDown,
	webTestSupportOnlyInTests,
	webAppUsesNoNode,
};
