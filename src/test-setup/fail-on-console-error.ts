import { afterEach, vi } from "vitest";

// An unexpected console.error is a defect: fail the test that caused it.
const errors: unknown[][] = [];
const consoleError = vi
	.spyOn(console, "error")
	.mockImplementation((...args: unknown[]) => {
		errors.push(args);
	});

afterEach(() => {
	const seen = errors.splice(0);
	if (seen.length > 0) {
		throw new Error(
			`Unexpected console.error:\n${seen.map((args) => args.map(String).join(" ")).join("\n")}`,
		);
	}
});

export { consoleError };
