import { defineConfig } from "@playwright/test";
import journeys from "./playwright.config.ts";

// The browser journeys of npm run test:scale: the same journeys and browser, against the nginx
// balancer in front of two instances that scripts/test-scale.ts has started (E2E_PORT is the
// balancer's port), so no server of their own.
export default defineConfig({
	...journeys,
	webServer: undefined,
	reporter: [["list"]],
	// Two instances, PostgreSQL and nginx share the machine with the browser: one journey at a time.
	workers: 1,
});
