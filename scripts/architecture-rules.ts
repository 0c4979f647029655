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

const isRepository = (file: string) => file.endsWith(".repository.ts");
const isFeatureRoutes = (file: string) =>
	isServerFeature(file) && file.endsWith(".routes.ts") && !isTestFile(file);

/**
 * routes → service → repository → platform/db, never skipping a layer or going back up. Feature
 * tests may seed through repositories. A route imports nothing of the database, not even a type:
 * it gets its feature's use cases, never `db`.
 */
export const serverLayersPointDown: Rule = importsWhere(({ from, to }) => {
	if (!isServerFeature(from) || isTestFile(from)) return false;
	if (from.endsWith(".routes.ts"))
		return isRepository(to) || isUnder(to, "server/platform/db");
	if (from.endsWith(".service.ts")) return to.endsWith(".routes.ts");
	if (isRepository(from))
		return to.endsWith(".service.ts") || to.endsWith(".routes.ts");
	return false;
});

/**
 * Server code that reaches the database only through repositories: the features and the files
 * that wire them (app.ts, start-up.ts). The platform is the database's own layer (its auth
 * tables, images, migrations); tests and their scaffolding build what they check.
 */
const queriesOnlyThroughRepositories = (file: string) =>
	isUnder(file, "server") &&
	!isUnder(file, "server/platform", "server/test-support") &&
	!isTestFile(file) &&
	!isRepository(file);
const isKysely = (specifier: string) =>
	specifier === "kysely" || specifier.startsWith("kysely/");

/** Only repositories import Kysely (`sql` and its types included) or build a query. */
export const onlyRepositoriesQuery: Rule = (tree) => [
	...importsWhere(
		({ from, to }) => queriesOnlyThroughRepositories(from) && isKysely(to),
	)(tree),
	...tree.queries
		.filter(({ from }) => queriesOnlyThroughRepositories(from))
		.map(({ from, line, text }) => `${from}:${line} builds a query: ${text}`),
];

/**
 * A routes plugin gets its feature's use cases (built in app.ts) and never holds the database:
 * no `db` or `trx` in it, as an option, a field of another option, or anything else.
 */
export const routesNeverHoldTheDatabase: Rule = ({ dbNames }) =>
	dbNames
		.filter(({ from }) => isFeatureRoutes(from))
		.map(({ from, line, text }) => `${from}:${line} names ${text}`);

/**
 * A repository is reached through its service, never through a file in between: a route's
 * imports are followed through every file but a service, and through a service only where it
 * hands on what it imports (a re-export). The route importing a repository itself is
 * serverLayersPointDown's to report.
 */
export const routesReachRepositoriesOnlyThroughServices: Rule = ({
	imports,
}) => {
	const importsOf = new Map<string, Import[]>();
	for (const entry of imports) {
		const known = importsOf.get(entry.from);
		if (known) known.push(entry);
		else importsOf.set(entry.from, [entry]);
	}
	const violations: string[] = [];
	const routesFiles = new Set(imports.map(({ from }) => from));
	for (const routes of [...routesFiles].filter(isFeatureRoutes)) {
		const seen = new Set([routes]);
		const paths = [[routes]];
		for (let path = paths.pop(); path; path = paths.pop()) {
			const file = path.at(-1) ?? routes;
			const isService = file !== routes && file.endsWith(".service.ts");
			for (const entry of importsOf.get(file) ?? []) {
				if (isService && !entry.isReExport) continue;
				if (isRepository(entry.to)) {
					if (path.length > 1)
						violations.push(
							`${routes} reaches ${entry.to} through ${path.slice(1).join(" → ")}`,
						);
				} else if (!seen.has(entry.to)) {
					seen.add(entry.to);
					paths.push([...path, entry.to]);
				}
			}
		}
	}
	return violations;
};

/**
 * Nothing hands a repository's functions on (`export … from`, `export *`, or importing and
 * exporting again): a service that did would let its routes query through it.
 */
export const repositoriesAreNotReExported: Rule = importsWhere(
	({ from, to, isReExport }) =>
		isReExport && isRepository(to) && !isTestFile(from),
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

/**
 * app → pages → features → components and lib, never upward; web features never meet. Page tests
 * may use the app's pieces (its toast host) to render a page as the app does.
 */
export const webLayersPointDown: Rule = importsWhere(({ from, to }) => {
	if (isUnder(from, "web/pages"))
		return !isTestFile(from) && isUnder(to, "web/app");
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
	onlyRepositoriesQuery,
	routesNeverHoldTheDatabase,
	routesReachRepositoriesOnlyThroughServices,
	repositoriesAreNotReExported,
	serverFeaturesMeetThroughServices,
	platformIgnoresFeatures,
	sharedImportsOnlyZod,
	serverAndWebStayApart,
	webLayersPointDown,
	webTestSupportOnlyInTests,
	webAppUsesNoNode,
};

/** Every rule's violations in a source tree, each line prefixed with the rule's name. */
export function findViolations(tree: SourceTree): string[] {
	return Object.entries(RULES).flatMap(([name, rule]) =>
		rule(tree).map((violation) => `${name}: ${violation}`),
	);
}
