import { expect, test } from "vitest";
import {
	onlyRepositoriesQuery,
	platformIgnoresFeatures,
	RULES,
	type Rule,
	repositoriesAreNotReExported,
	routesNeverHoldTheDatabase,
	routesReachRepositoriesOnlyThroughServices,
	serverAndWebStayApart,
	serverFeaturesMeetThroughServices,
	serverLayersPointDown,
	sharedImportsOnlyZod,
	webAppUsesNoNode,
	webLayersPointDown,
	webTestSupportOnlyInTests,
} from "./architecture-rules.ts";
import {
	mergeSourceTrees,
	scanSource,
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

const planted: [string, Rule, string, string][] = [
	[
		"a route importing its repository",
		serverLayersPointDown,
		"src/server/features/tools/tools.routes.ts",
		'import { findToolById } from "./tools.repository.ts";',
	],
	[
		"a route importing a repository's types",
		serverLayersPointDown,
		"src/server/features/tools/tools.routes.ts",
		'import type { NewTool } from "./tools.repository.ts";',
	],
	[
		"a route reaching the database",
		serverLayersPointDown,
		"src/server/features/health/health.routes.ts",
		'import { isDbReachable } from "../../platform/db/database.ts";',
	],
	[
		"a route loading the database module for an inline type",
		serverLayersPointDown,
		"src/server/features/faqs/faqs.routes.ts",
		'import { type Db } from "../../platform/db/database.ts";',
	],
	[
		"a route typing with table types",
		serverLayersPointDown,
		"src/server/features/faqs/faqs.routes.ts",
		'import type { FaqsTable } from "../../platform/db/schema.ts";',
	],
	[
		"a route typing its options with the database type",
		serverLayersPointDown,
		"src/server/features/faqs/faqs.routes.ts",
		'import type { Db } from "../../platform/db/database.ts";',
	],
	[
		"a route calling db.selectFrom",
		onlyRepositoriesQuery,
		"src/server/features/faqs/faqs.routes.ts",
		'export const list = (faqs: Faqs) => faqs.db.selectFrom("faqs");',
	],
	[
		"a route importing sql from Kysely",
		onlyRepositoriesQuery,
		"src/server/features/faqs/faqs.routes.ts",
		'import { sql } from "kysely";',
	],
	[
		"a service importing Kysely's types",
		onlyRepositoriesQuery,
		"src/server/features/audit/audit.service.ts",
		'import type { Transaction } from "kysely";',
	],
	[
		"a service running a sql template",
		onlyRepositoriesQuery,
		"src/server/features/tools/tools.service.ts",
		"export const count = (db: Db) => sql`select count(*) from tools`.execute(db);",
	],
	[
		"a helper beside the routes building a query",
		onlyRepositoriesQuery,
		"src/server/features/audit/auth-audit.ts",
		'await db.updateTable("users").set({ role: "admin" }).execute();',
	],
	[
		"app.ts querying",
		onlyRepositoriesQuery,
		"src/server/app.ts",
		'const users = await db.selectFrom("users").selectAll().execute();',
	],
	[
		"a route holding the database in its options",
		routesNeverHoldTheDatabase,
		"src/server/features/faqs/faqs.routes.ts",
		"export async function faqsRoutes(app: App, { db }: Options) {}",
	],
	[
		"a route reading the database from a dependencies object",
		routesNeverHoldTheDatabase,
		"src/server/features/tools/tools.routes.ts",
		"const list = (tools: ToolsDeps) => listTools(tools.db);",
	],
	[
		"a service re-exporting its repository",
		repositoriesAreNotReExported,
		"src/server/features/tools/tools.service.ts",
		'export { findToolById } from "./tools.repository.ts";',
	],
	[
		"a service re-exporting all of its repository",
		repositoriesAreNotReExported,
		"src/server/features/tools/tools.service.ts",
		'export * from "./tools.repository.ts";',
	],
	[
		"a service exporting again what it imports from its repository",
		repositoriesAreNotReExported,
		"src/server/features/tools/tools.service.ts",
		'import { findToolById } from "./tools.repository.ts";\nexport { findToolById };',
	],
	[
		"a page importing the app",
		webLayersPointDown,
		"src/web/pages/home/home-page.tsx",
		'import { AppRoutes } from "../../app/app-routes.tsx";',
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
		"a feature importing another feature's routes",
		serverFeaturesMeetThroughServices,
		"src/server/features/blog/blog.routes.ts",
		'export { faqsRoutes } from "../faqs/faqs.routes.ts";',
	],
	[
		"app code outside the features reaching a repository",
		serverFeaturesMeetThroughServices,
		"src/server/app.ts",
		'import { insertTools } from "./features/tools/tools.repository.ts";',
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
		"the server importing web code",
		serverAndWebStayApart,
		"src/server/platform/http/x.ts",
		'import type { Api } from "../../../web/lib/api-client.ts";',
	],
	[
		"a web feature importing a page",
		webLayersPointDown,
		"src/web/features/tools/x.tsx",
		'import { HomePage } from "../../pages/home/home-page.tsx";',
	],
	[
		"a web feature lazily importing the app",
		webLayersPointDown,
		"src/web/features/tools/x.tsx",
		'const routes = () => import("../../app/app-routes.tsx");',
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
		"lib code importing a page",
		webLayersPointDown,
		"src/web/lib/x.ts",
		'export * from "../pages/not-found-page.tsx";',
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
		"web code reading process[] inside a template",
		webAppUsesNoNode,
		"src/web/features/tools/x.ts",
		// biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template literal
		'export const url = `${process["env"].API}/tools`;',
	],
	[
		"web code importing a Node module",
		webAppUsesNoNode,
		"src/web/lib/x.ts",
		'import fs from "node:fs";',
	],
	[
		"web code importing a Node module by its bare name",
		webAppUsesNoNode,
		"src/web/test-support/x.ts",
		'import { EventEmitter } from "events";',
	],
];

test.each(planted)("the rules catch %s", (_name, rule, from, code) => {
	expect(rule(scanSource(from, code))).toHaveLength(1);
});

test("the allowed exceptions are not reported", () => {
	const allowed: [Rule, string, string][] = [
		[
			serverLayersPointDown,
			"src/server/features/tools/tools.routes.ts",
			'import type { ToolUseCases } from "./tools.service.ts";',
		],
		[
			onlyRepositoriesQuery,
			"src/server/features/tools/tools.repository.ts",
			'import { sql } from "kysely";\nawait db.selectFrom("tools").where(sql`1 = 1`).execute();',
		],
		[
			onlyRepositoriesQuery,
			"src/server/features/faqs/faqs.service.ts",
			"await db.transaction().execute(async (trx) => insertFaqs(trx, rows));",
		],
		[
			onlyRepositoriesQuery,
			"src/server/features/tools/tools.routes.test.ts",
			'await t.db.updateTable("tools").set({ available_quantity: 0 }).execute();',
		],
		[
			onlyRepositoriesQuery,
			"src/server/platform/auth/session-store.ts",
			'import { sql } from "kysely";\nawait db.deleteFrom("sessions").execute();',
		],
		[
			onlyRepositoriesQuery,
			"src/server/test-support/accounts.ts",
			'import { sql } from "kysely";',
		],
		[
			routesNeverHoldTheDatabase,
			"src/server/features/tools/tools.routes.ts",
			'// db stays in the service\nconst summary = "no db here";\nconst dbReady = tools.isDbReady();',
		],
		[
			repositoriesAreNotReExported,
			"src/server/features/tools/tools.service.ts",
			'import { findToolById } from "./tools.repository.ts";\nexport const getTool = (db: Db, id: string) => findToolById(db, id);',
		],
		[
			webLayersPointDown,
			"src/web/pages/tool-purchase-page.test.tsx",
			'import { ToastHost } from "../app/toast-host.tsx";',
		],
		[
			serverLayersPointDown,
			"src/server/features/tools/tools.routes.test.ts",
			'import { insertTools } from "./tools.repository.ts";',
		],
		[
			serverFeaturesMeetThroughServices,
			"src/server/features/demo/seed-demo.ts",
			'import { insertTools } from "../tools/tools.repository.ts";',
		],
		[
			serverFeaturesMeetThroughServices,
			"src/server/test-support/test-app.ts",
			'import { insertTools } from "../features/tools/tools.repository.ts";',
		],
		[
			serverFeaturesMeetThroughServices,
			"src/server/app.ts",
			'import { toolsRoutes } from "./features/tools/tools.routes.ts";',
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
			'// process.env is not for the web\nconst s = "process.env";\nprocessRows.x;',
		],
	];
	for (const [rule, from, code] of allowed)
		expect(rule(scanSource(from, code)), `${from}: ${code}`).toEqual([]);
});

test("a route reaching a repository through another file is caught, through its service only by a re-export", () => {
	const tree = (files: Record<string, string>) =>
		mergeSourceTrees(
			Object.entries(files).map(([file, code]) => scanSource(file, code)),
		);
	const routes = "src/server/features/tools/tools.routes.ts";
	const rule = routesReachRepositoriesOnlyThroughServices;
	expect(
		rule(
			tree({
				[routes]: 'import { lookUp } from "./tool-lookup.ts";',
				"src/server/features/tools/tool-lookup.ts":
					'import { findToolById } from "./tools.repository.ts";\nexport const lookUp = findToolById;',
			}),
		),
	).toEqual([
		`${routes} reaches src/server/features/tools/tools.repository.ts through src/server/features/tools/tool-lookup.ts`,
	]);
	expect(
		rule(
			tree({
				[routes]: 'import { findToolById } from "./tools.service.ts";',
				"src/server/features/tools/tools.service.ts":
					'export * from "./tool-queries.ts";',
				"src/server/features/tools/tool-queries.ts":
					'export * from "./tools.repository.ts";',
			}),
		),
	).toHaveLength(1);
	expect(
		rule(
			tree({
				[routes]: 'import type { ToolUseCases } from "./tools.service.ts";',
				"src/server/features/tools/tools.service.ts":
					'import { findToolById } from "./tools.repository.ts";\nimport { helper } from "./tool-helper.ts";',
				"src/server/features/tools/tool-helper.ts":
					'import { insertTools } from "./tools.repository.ts";',
			}),
		),
	).toEqual([]);
});
