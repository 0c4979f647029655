import { defineConfig } from "vitest/config";

const failOnConsoleError = "src/test-setup/fail-on-console-error.ts";

export default defineConfig({
	test: {
		testTimeout: 20_000,
		hookTimeout: 60_000,
		projects: [
			{
				extends: true,
				test: {
					name: "server",
					environment: "node",
					include: [
						"src/server/**/*.test.ts",
						"src/shared/**/*.test.ts",
						"scripts/**/*.test.ts",
					],
					setupFiles: [failOnConsoleError],
					// On a PostgreSQL run: one migrated database that each test's is copied from.
					globalSetup: ["src/test-setup/postgres-template.ts"],
				},
			},
			{
				extends: true,
				test: {
					name: "web",
					environment: "happy-dom",
					include: ["src/web/**/*.test.{ts,tsx}"],
					setupFiles: [failOnConsoleError, "src/test-setup/web-setup.ts"],
					unstubGlobals: true,
				},
			},
		],
	},
});
