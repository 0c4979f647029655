import { defineConfig, devices } from "@playwright/test";

/**
 * Screenshots of every page and the check of every control's edge and focus ring
 * (`npm run test:screens`), against a server of their own with fixed content
 * (scripts/screens-server.ts) that no journey writes to. Baselines live in
 * e2e/screens/__screenshots__; `npm run test:screens -- --update-snapshots` rewrites them.
 */
const port = Number(process.env.SCREENS_PORT ?? 4180);
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export default defineConfig({
	testDir: "e2e/screens",
	snapshotPathTemplate: "{testDir}/__screenshots__/{arg}{ext}",
	fullyParallel: true,
	// Two full-page pictures of a long page on a busy 2-core machine can take half a minute.
	timeout: 90_000,
	forbidOnly: Boolean(process.env.CI),
	retries: 0,
	workers: 2,
	reporter: process.env.CI
		? [["list"]]
		: [
				["list"],
				[
					"html",
					{ open: "never", outputFolder: "test-results/screens-report" },
				],
			],
	outputDir: "test-results/screens",
	expect: {
		// A tall page at 375 px takes seconds to capture on a busy 2-core machine.
		timeout: 15_000,
		toHaveScreenshot: {
			maxDiffPixelRatio: 0.01,
			animations: "disabled",
			caret: "hide",
			scale: "css",
		},
	},
	use: {
		baseURL: `http://127.0.0.1:${port}`,
		locale: "en-US",
		timezoneId: "UTC",
		colorScheme: "light",
		// A failure says enough by itself (the differing pictures, or each control at fault);
		// recording a trace of every test would cost more than the tests.
		trace: "off",
		launchOptions: {
			executablePath: chromiumPath,
			args: [
				"--no-sandbox",
				"--disable-gpu",
				"--disable-background-networking",
				"--disable-component-update",
				"--disable-sync",
				"--no-first-run",
				// Text drawn the same way on every run and machine.
				"--font-render-hinting=none",
				"--disable-lcd-text",
			],
		},
	},
	projects: [
		{ name: "sign-in", testMatch: /sign-in\.setup\.ts/ },
		{
			name: "screens",
			dependencies: ["sign-in"],
			use: { ...devices["Desktop Chrome"], channel: undefined },
		},
	],
	webServer: {
		command: "node --import tsx scripts/screens-server.ts",
		env: { PORT: String(port) },
		wait: { stdout: /SCREENS_READY/ },
		// Always a fresh server: its content is what the baselines show.
		reuseExistingServer: false,
		timeout: 180_000,
		stdout: "pipe",
		stderr: "pipe",
		gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
	},
});
