import { expect, test } from "vitest";
import {
	authHeaders,
	multipartBody,
	signUp,
} from "../../test-support/accounts.ts";
import {
	createTestApp,
	listStoredImages,
} from "../../test-support/test-app.ts";
import { makePng } from "../../test-support/tools.ts";
import {
	createDecodeQueue,
	type DecodeQueue,
	DecodeQueueFullError,
	imageDecodes,
} from "./process-upload.ts";

/**
 * Fills a queue with work that holds its slot until released: `count` jobs, started in order.
 * `started` lists the jobs that got a slot so far.
 */
function occupy(queue: DecodeQueue, count: number) {
	const started: number[] = [];
	const gates: (() => void)[] = [];
	let isReleased = false;
	const jobs = Array.from({ length: count }, (_, index) =>
		queue.run(async () => {
			started.push(index);
			if (!isReleased) await new Promise<void>((open) => gates.push(open));
			return index;
		}),
	);
	return {
		started,
		jobs,
		/** Lets the first job that holds a slot finish. */
		finishOne() {
			gates.shift()?.();
		},
		async releaseAll() {
			isReleased = true;
			for (const open of gates.splice(0)) open();
			return Promise.all(jobs);
		},
	};
}

/** Lets every promise callback that is ready run. */
function settle(): Promise<void> {
	return new Promise((resolve) => setImmediate(resolve));
}

test("two decodes run at once, the next ones wait their turn in order, and a full wait is refused with a 503", async () => {
	const queue = createDecodeQueue({ running: 2, waiting: 3 });
	const held = occupy(queue, 5);
	await settle();
	expect(held.started).toEqual([0, 1]);

	const refused = queue.run(async () => "never run");
	await expect(refused).rejects.toBeInstanceOf(DecodeQueueFullError);
	await expect(refused).rejects.toMatchObject({
		statusCode: 503,
		code: "SERVICE_UNAVAILABLE",
		headers: { "retry-after": "5" },
	});

	held.finishOne();
	await settle();
	expect(held.started).toEqual([0, 1, 2]);
	// The place the finished job left is free again for one more to wait.
	const late = queue.run(async () => "late");
	expect(await held.releaseAll()).toEqual([0, 1, 2, 3, 4]);
	expect(await late).toBe("late");
});

test("an upload that finds the decode queue full is answered 503 with Retry-After, and stores nothing", async () => {
	const t = await createTestApp();
	const customer = await signUp(t.app);
	const form = new FormData();
	form.append(
		"photo",
		new Blob([new Uint8Array(await makePng(40, 40))], { type: "image/png" }),
		"me.png",
	);
	const body = await multipartBody(form);
	const upload = () =>
		t.app.inject({
			method: "PUT",
			url: "/api/profile/photo",
			headers: { ...authHeaders(customer.cookie), ...body.headers },
			payload: body.payload,
		});
	const before = await listStoredImages(t.db);

	// Two decodes running and eight uploads waiting: what the server takes at once.
	const held = occupy(imageDecodes, 10);
	await settle();
	const refused = await upload();
	expect(refused.statusCode).toBe(503);
	expect(refused.headers["retry-after"]).toBe("5");
	expect(refused.json()).toEqual({
		error: {
			code: "SERVICE_UNAVAILABLE",
			message:
				"Too many images are being processed right now. Try again in 5 seconds.",
		},
	});
	expect(await listStoredImages(t.db)).toEqual(before);

	await held.releaseAll();
	expect((await upload()).statusCode).toBe(200);
});
