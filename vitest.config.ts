import { defineConfig } from "vitest/config";

export default defineConfig({
	test: {
		include: ["src/**/*.test.ts", "src/**/*.test.tsx", "scripts/**/*.test.ts"],
		setupFiles: ["src/test-setup/fail-on-console-error.ts"],
		testTimeout: 20_000,
		hookTimeout: 60_000,
	},
});
