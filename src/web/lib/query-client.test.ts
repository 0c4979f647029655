import { expect, test } from "vitest";
import { ApiError } from "./api-client.ts";
import { createQueryClient } from "./query-client.ts";

const options = createQueryClient().getDefaultOptions().queries ?? {};

function shouldRetry(failureCount: number, error: Error): boolean {
	const retry = options.retry;
	if (typeof retry !== "function") throw new Error("retry is not a function");
	return retry(failureCount, error);
}

function retryDelay(attempt: number): number {
	const delay = options.retryDelay;
	if (typeof delay !== "function")
		throw new Error("retryDelay is not a function");
	return delay(attempt, new Error("failed"));
}

test("unused data is dropped after 5 minutes", () => {
	expect(options.gcTime).toBe(5 * 60 * 1000);
});

test("a failed fetch is retried 3 times", () => {
	const serverError = new ApiError(
		500,
		"INTERNAL_ERROR",
		"Something went wrong on our side. Please try again.",
	);
	expect(
		[0, 1, 2, 3].map((failures) => shouldRetry(failures, serverError)),
	).toEqual([true, true, true, false]);
	const offline = new ApiError(
		0,
		"NETWORK_ERROR",
		"We could not reach the shop.",
	);
	expect(shouldRetry(0, offline)).toBe(true);
});

test("an answer that says the request was wrong is not retried", () => {
	expect(
		shouldRetry(0, new ApiError(404, "NOT_FOUND", "Blog post not found")),
	).toBe(false);
	expect(
		shouldRetry(
			0,
			new ApiError(400, "VALIDATION_FAILED", "Invalid params: slug"),
		),
	).toBe(false);
});

test("the delay between retries doubles and is capped at 30 seconds", () => {
	expect([0, 1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([
		1000, 2000, 4000, 8000, 16000, 30000, 30000,
	]);
});

test("a time-out is not retried: the page has waited long enough and offers 'Try again'", () => {
	expect(
		shouldRetry(0, new ApiError(0, "TIMEOUT", "The shop did not answer.")),
	).toBe(false);
});
