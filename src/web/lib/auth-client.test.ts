import { expect, test, vi } from "vitest";
import { TIMEOUT_MESSAGE } from "./api-client.ts";
import { AuthError, postAuth } from "./auth-client.ts";

test("a sign-in call the shop does not answer within 15 seconds fails with the time-out message", async () => {
	vi.stubGlobal(
		"fetch",
		(_input: RequestInfo | URL, init?: RequestInit) =>
			new Promise<Response>((_resolve, reject) => {
				init?.signal?.addEventListener("abort", () =>
					reject(init.signal?.reason),
				);
			}),
	);
	vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
	try {
		const signingIn = postAuth("/sign-in/email", {
			email: "dana@example.com",
		}).catch((caught: unknown) => caught);
		await vi.advanceTimersByTimeAsync(15_000);
		expect(await signingIn).toEqual(
			new AuthError(0, "TIMEOUT", TIMEOUT_MESSAGE),
		);
	} finally {
		vi.useRealTimers();
	}
});
