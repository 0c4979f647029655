import { expect, test } from "vitest";
import {
	platformIgnoresFeatures,
	RULES,
	type Rule,
	serverAndWebStayApart,
	serverFeaturesMeetThroughServices,
	serverLayersPointDown,
	sharedImportsOnlyZod,
	webAppUsesNoNode,
	webLayersPointDown,
	webTestSupportOnlyInTests,
} from "./architecture-rules.ts";
import {
	type SourceTree,
	scanImports,
	scanProcessUses,
	scanSourceTree,
} from "./architecture-scan.ts";

// The dependency rules of docs/architecture.md, checked on every import of every source file.
const tree = scanSourceTree();

test.each(Object.entries(RULES))(
	"the source tree keeps the rule %s",
	(_name, rule) => {
		expect(rule(tree)).toEqual([]);
	},
);

/** A tree of one file: its imports and process uses as the scanner reads them. */
function plant(from: string, code: string): SourceTree {
	return {
		imports: scanImports(from, code),
		processUses: scanProcessUses(from, code),
	};
}

const planted: [string, Rule, string, string][] = [
	[
		"a route importing its repository",
		serverLayersPointDown,
		"src/server/features/tools/tools.routes.ts",
		'import { findToolById } from "./tools.repository.ts";',
	],
	[
		"a route reaching the database",
		serverLayersPointDown,
		"src/server/features/health/health.routes.ts",
		'import { isDbReachable } from "../../platform/db/database.ts";',
	],
	[
		"a repository importing its service",
		serverLayersPointDown,
		"src/server/features/tools/tools.repository.ts",
		'import { getTool } from "./tools.service.ts";',
	],
	[
		"a service importing routes",
		serverLayersPointDown,
		"src/server/features/tools/tools.service.ts",
		'import { toolsRoutes } from "./tools.routes.ts";',
	],
	[
		"a feature reaching into another feature's repository",
		serverFeaturesMeetThroughServices,
		"src/server/features/reviews/reviews.service.ts",
		'import { findToolById } from "../tools/tools.repository.ts";',
	],
	[
		"platform code importing a feature",
		platformIgnoresFeatures,
		"src/server/platform/http/x.ts",
		'import { getTool } from "../../features/tools/tools.service.ts";',
	],
	[
		"shared code importing React",
		sharedImportsOnlyZod,
		"src/shared/x.ts",
		'import { useState } from "react";',
	],
	[
		"the web importing server code",
		serverAndWebStayApart,
		"src/web/lib/x.ts",
		'import { loadConfig } from "../../server/config.ts";',
	],
	[
		"a web feature importing a page",
		webLayersPointDown,
		"src/web/features/tools/x.tsx",
		'import { HomePage } from "../../pages/home/home-page.tsx";',
	],
	[
		"a web feature importing another feature",
		webLayersPointDown,
		"src/web/features/tools/x.tsx",
		'import { ReviewCard } from "../reviews/components/review-card.tsx";',
	],
	[
		"a ui component importing a feature",
		webLayersPointDown,
		"src/web/components/ui/x.tsx",
		'import { useLatestTools } from "../../features/tools/tools.queries.ts";',
	],
	[
		"app code importing a test helper",
		webTestSupportOnlyInTests,
		"src/web/pages/x.tsx",
		'import { createFakeApi } from "../test-support/fake-api.ts";',
	],
	[
		"web code reading process.env",
		webAppUsesNoNode,
		"src/web/lib/x.ts",
		"export const secret = process.env.SECRET;",
	],
	[
		"web code importing a Node module",
		webAppUsesNoNode,
		"src/web/lib/x.ts",
		'import fs from "node:fs";',
	],
];

test.each(planted)("the rules catch %s", (_name, rule, from, code) => {
	expect(rule(plant(from, code))).toHaveLength(1);
});

test("allowed imports are not reported", () => {
	const allowed: [Rule, string, string][] = [
		[
			serverLayersPointDown,
			"src/server/features/tools/tools.routes.ts",
			'import type { Db } from "../../platform/db/database.ts";',
		],
		[
			serverFeaturesMeetThroughServices,
			"src/server/features/demo/seed-demo.ts",
			'import { insertTools } from "../tools/tools.repository.ts";',
		],
		[
			sharedImportsOnlyZod,
			"src/shared/x.test.ts",
			'import { test } from "vitest";',
		],
		[webAppUsesNoNode, "src/web/lib/x.test.ts", "process.env.X;"],
		[
			webAppUsesNoNode,
			"src/web/lib/x.ts",
			'// process.env is not for the web\nconst s = "process.env";',
		],
	];
	for (const [rule, from, code] of allowed)
		expect(rule(plant(from, code)), `${from}: ${code}`).toEqual([]);
});

test("the scanner reads multi-line, type-only, re-exported, side-effect and dynamic imports", () => {
	const imports = scanImports(
		"src/web/app/x.tsx",
		[
			"import {",
			"\tA,",
			"\tB,",
			'} from "./multi-line.ts";',
			'import type { C } from "./types-only.ts";',
			'import { type D, E } from "./mixed.ts";',
			'export { F } from "../lib/re-export.ts";',
			'import "./styles.css";',
			'const page = lazy(() => import("../pages/lazy-page.tsx"));',
			'// import { G } from "./commented-out.ts";',
		].join("\n"),
	);
	expect(imports.map(({ to, isTypeOnly }) => [to, isTypeOnly])).toEqual([
		["src/web/app/multi-line.ts", false],
		["src/web/app/types-only.ts", true],
		["src/web/app/mixed.ts", false],
		["src/web/lib/re-export.ts", false],
		["src/web/app/styles.css", false],
		["src/web/pages/lazy-page.tsx", false],
	]);
});

test("the scan sees the real imports it judges", () => {
	const has = (from: string, to: string) =>
		tree.imports.some((entry) => entry.from === from && entry.to === to);
	expect(
		has("src/server/app.ts", "src/server/features/tools/tools.routes.ts"),
	).toBe(true);
	expect(
		tree.imports.some(
			({ from, to }) =>
				from.startsWith("src/web/app/") && to.startsWith("src/web/pages/"),
		),
	).toBe(true);
	expect(
		tree.imports.some(
			({ from, isTypeOnly }) => from.endsWith(".routes.ts") && isTypeOnly,
		),
	).toBe(true);
});
