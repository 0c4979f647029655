import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 4173);
/** The e2e server's DATA_DIR: journeys read mailed links from its outbox folder. */
export const E2E_DATA_DIR =
	process.env.E2E_DATA_DIR ??
	path.join(os.tmpdir(), `tools-gallery-e2e-${port}`);
process.env.E2E_DATA_DIR = E2E_DATA_DIR;
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export default defineConfig({
	testDir: "e2e",
	// The screenshots run against a server of their own (playwright.screens.config.ts).
	testIgnore: "screens/**",
	fullyParallel: true,
	forbidOnly: Boolean(process.env.CI),
	retries: 0,
	workers: 2,
	// The longest journeys (an admin's whole flow with photos, the accessibility scans) take 20 to
	// 35 s on a 2-core machine beside the second worker; Playwright's default of 30 s cut them off.
	timeout: 90_000,
	// A page's first render waits on its scripts and API answers, which take several seconds on
	// such a machine when CI has just run the suites; 5 s (the default) cut off a home page that
	// rendered correctly.
	expect: { timeout: 15_000 },
	reporter: process.env.CI
		? [["list"]]
		: [["list"], ["html", { open: "never" }]],
	use: {
		baseURL: `http://127.0.0.1:${port}`,
		trace: "retain-on-failure",
		launchOptions: {
			executablePath: chromiumPath,
			args: [
				"--no-sandbox",
				"--disable-gpu",
				"--disable-background-networking",
				"--disable-component-update",
				"--disable-sync",
				"--no-first-run",
			],
		},
	},
	projects: [
		{
			name: "chromium",
			use: { ...devices["Desktop Chrome"], channel: undefined },
		},
	],
	webServer: {
		command: "node --import tsx scripts/e2e-server.mjs",
		url: `http://127.0.0.1:${port}/api/ready`,
		env: { PORT: String(port), HOST: "127.0.0.1", E2E_DATA_DIR },
		reuseExistingServer: !process.env.CI,
		timeout: 180_000,
		stdout: "pipe",
		stderr: "pipe",
		// SIGTERM lets the server shut down cleanly and remove its data directory.
		gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
	},
});
