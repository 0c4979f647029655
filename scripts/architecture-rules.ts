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
 * routes → service → repository → platform/db, never skipping a layer or going back up. A routes
 * file may name the `Db` type in its plugin options: a type-only import is gone at run time, so
 * it is no dependency on the database.
 */
export const serverLayersPointDown: Rule = importsWhere(
	({ from, to, isTypeOnly }) => {
		if (!isServerFeature(from) || isTestFile(from)) return false;
		if (from.endsWith(".routes.ts"))
			return (
				!isTypeOnly &&
				(to.endsWith(".repository.ts") ||
					to.startsWith("src/server/platform/db/"))
			);
		if (from.endsWith(".service.ts")) return to.endsWith(".routes.ts");
		if (from.endsWith(".repository.ts"))
			return to.endsWith(".service.ts") || to.endsWith(".routes.ts");
		return false;
	},
);

/**
 * A server feature reaches another only through its service. The demo seeder fills every
 * feature's tables on first start, like app.ts composes every feature's routes: it may use
 * their repositories.
 */
export const serverFeaturesMeetThroughServices: Rule = importsWhere(
	({ from, to }) => {
		const own = featureOf(from, "server");
		const other = featureOf(to, "server");
		if (!own || !other || own === other || own === "demo") return false;
		return !to.endsWith(".service.ts");
	},
);

export const platformIgnoresFeatures: Rule = importsWhere(
	({ from, to }) => isUnder(from, "server/platform") && isServerFeature(to),
);

/** Shared contracts run in both worlds: zod and each other only. Their tests run in Vitest. */
export const sharedImportsOnlyZod: Rule = importsWhere(
	({ from, to }) =>
		isUnder(from, "shared") &&
		!isTestFile(from) &&
		!isUnder(to, "shared") &&
		to !== "zod" &&
		to !== "zod/mini",
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

const isWebAppCode = (file: string) =>
	isUnder(file, "web") &&
	!isTestFile(file) &&
	!isUnder(file, "web/test-support");
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
