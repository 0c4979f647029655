import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, onTestFinished, test } from "vitest";
import { PROJECT_ROOT } from "../src/server/project-paths.ts";
import { findViolations } from "./architecture-rules.ts";
import { scanSourceTree } from "./architecture-scan.ts";

// Each violation is planted in a copy of the real sources, and the whole check runs on the copy:
// what it reports is exactly what was planted, so the rules bite on the code as it is today.

/** A copy of the TypeScript sources under src/ (what the check reads), removed when the test ends. */
function copySources(): string {
	const root = fs.mkdtempSync(path.join(os.tmpdir(), "architecture-"));
	onTestFinished(() => fs.rmSync(root, { recursive: true, force: true }));
	const files = fs
		.readdirSync(path.join(PROJECT_ROOT, "src"), { recursive: true })
		.map(String)
		.filter((file) => /\.tsx?$/.test(file));
	for (const folder of new Set(files.map((file) => path.dirname(file))))
		fs.mkdirSync(path.join(root, "src", folder), { recursive: true });
	for (const file of files)
		fs.copyFileSync(
			path.join(PROJECT_ROOT, "src", file),
			path.join(root, "src", file),
		);
	return root;
}

/** Changes one file of the copy; a missing anchor fails the test instead of planting nothing. */
type Edit = (code: string) => string;
const prepend =
	(text: string): Edit =>
	(code) =>
		`${text}\n${code}`;
const append =
	(text: string): Edit =>
	(code) =>
		`${code}\n${text}\n`;
const replace =
	(anchor: string, text: string): Edit =>
	(code) => {
		if (!code.includes(anchor)) throw new Error(`no "${anchor}" to replace`);
		return code.replace(anchor, text);
	};
const create =
	(text: string): Edit =>
	() =>
		text;

const FEATURES = "src/server/features";
const violations: [
	name: string,
	plant: Record<string, Edit>,
	expected: RegExp[],
][] = [
	[
		"a route calling db.selectFrom",
		{
			[`${FEATURES}/faqs/faqs.routes.ts`]: replace(
				"async () => faqs.listFaqs(),",
				'async () => ({ items: await faqs.db.selectFrom("faqs").selectAll().execute() }),',
			),
		},
		[
			/^onlyRepositoriesQuery: src\/server\/features\/faqs\/faqs\.routes\.ts:\d+ builds a query: \.selectFrom\($/,
			/^routesNeverHoldTheDatabase: src\/server\/features\/faqs\/faqs\.routes\.ts:\d+ names db$/,
		],
	],
	[
		"a route importing sql from kysely",
		{
			[`${FEATURES}/faqs/faqs.routes.ts`]: prepend(
				'import { sql } from "kysely";',
			),
		},
		[
			/^onlyRepositoriesQuery: src\/server\/features\/faqs\/faqs\.routes\.ts imports kysely$/,
		],
	],
	[
		"a service building a query",
		{
			[`${FEATURES}/portfolio/portfolio.service.ts`]: append(
				'export const countSections = (db: Db) => db.selectFrom("content_sections").select("key").execute();',
			),
		},
		[
			/^onlyRepositoriesQuery: src\/server\/features\/portfolio\/portfolio\.service\.ts:\d+ builds a query: \.selectFrom\($/,
		],
	],
	[
		"a service importing kysely for a transaction type",
		{
			[`${FEATURES}/audit/audit.service.ts`]: prepend(
				'import type { Transaction } from "kysely";',
			),
		},
		[
			/^onlyRepositoriesQuery: src\/server\/features\/audit\/audit\.service\.ts imports kysely$/,
		],
	],
	[
		"a route importing a repository through a helper that wraps it",
		{
			[`${FEATURES}/tools/tool-lookup.ts`]: create(
				'import type { Db } from "../../platform/db/database.ts";\nimport { findToolById } from "./tools.repository.ts";\n\nexport const lookUpTool = (db: Db, id: string) => findToolById(db, id);\n',
			),
			[`${FEATURES}/tools/tools.routes.ts`]: prepend(
				'import { lookUpTool } from "./tool-lookup.ts";',
			),
		},
		[
			/^routesReachRepositoriesOnlyThroughServices: src\/server\/features\/tools\/tools\.routes\.ts reaches src\/server\/features\/tools\/tools\.repository\.ts through src\/server\/features\/tools\/tool-lookup\.ts$/,
		],
	],
	[
		"a route importing a repository through its service",
		{
			[`${FEATURES}/tools/tools.service.ts`]: append(
				'export { findToolById } from "./tools.repository.ts";',
			),
			[`${FEATURES}/tools/tools.routes.ts`]: prepend(
				'import { findToolById } from "./tools.service.ts";',
			),
		},
		[
			/^routesReachRepositoriesOnlyThroughServices: src\/server\/features\/tools\/tools\.routes\.ts reaches src\/server\/features\/tools\/tools\.repository\.ts through src\/server\/features\/tools\/tools\.service\.ts$/,
			/^repositoriesAreNotReExported: src\/server\/features\/tools\/tools\.service\.ts imports \.\/tools\.repository\.ts$/,
		],
	],
	[
		"a service re-exporting all of its repository",
		{
			[`${FEATURES}/faqs/faqs.service.ts`]: append(
				'export * from "./faqs.repository.ts";',
			),
		},
		[
			// Its routes import only the service's types, and can now reach every query through it.
			/^routesReachRepositoriesOnlyThroughServices: src\/server\/features\/faqs\/faqs\.routes\.ts reaches src\/server\/features\/faqs\/faqs\.repository\.ts through src\/server\/features\/faqs\/faqs\.service\.ts$/,
			/^repositoriesAreNotReExported: src\/server\/features\/faqs\/faqs\.service\.ts imports \.\/faqs\.repository\.ts$/,
		],
	],
	[
		"a service exporting again a function it imports from its repository",
		{
			[`${FEATURES}/faqs/faqs.service.ts`]: append("export { findAllFaqs };"),
		},
		[
			/^routesReachRepositoriesOnlyThroughServices: src\/server\/features\/faqs\/faqs\.routes\.ts reaches src\/server\/features\/faqs\/faqs\.repository\.ts through src\/server\/features\/faqs\/faqs\.service\.ts$/,
			/^repositoriesAreNotReExported: src\/server\/features\/faqs\/faqs\.service\.ts imports \.\/faqs\.repository\.ts$/,
		],
	],
	[
		"a web page importing the app",
		{
			"src/web/pages/not-found-page.tsx": prepend(
				'import { ToastHost } from "../app/toast-host.tsx";',
			),
		},
		[
			/^webLayersPointDown: src\/web\/pages\/not-found-page\.tsx imports \.\.\/app\/toast-host\.tsx$/,
		],
	],
];

test.each(violations)(
	"the architecture check catches %s in a copy of the sources",
	(_name, plant, expected) => {
		const root = copySources();
		for (const [file, edit] of Object.entries(plant)) {
			const target = path.join(root, file);
			const code = fs.existsSync(target) ? fs.readFileSync(target, "utf8") : "";
			fs.writeFileSync(target, edit(code));
		}
		expect(findViolations(scanSourceTree(root))).toEqual(
			expected.map((pattern) => expect.stringMatching(pattern)),
		);
	},
);
