import { QueryObserver } from "@tanstack/react-query";
import { expect, test } from "vitest";
import { createQueryClient } from "./query-client.ts";
import { readAgain } from "./read-again.ts";

/**
 * A stand-in for the shop's list: each read answers what was stored when it began, and the
 * first read's answer is held back until the test lets it go (a slow network).
 */
function slowFirstRead() {
	let stored = ["order 1"];
	let release: () => void = () => {};
	const held = new Promise<void>((resolve) => {
		release = resolve;
	});
	let reads = 0;
	return {
		write: (next: string[]) => {
			stored = next;
		},
		release: () => release(),
		read: async () => {
			reads += 1;
			const answer = stored;
			if (reads === 1) await held;
			return answer;
		},
	};
}

test("a list whose first read began before a change shows the list after the change once it is read again", async () => {
	const queryClient = createQueryClient();
	const shop = slowFirstRead();
	const observer = new QueryObserver(queryClient, {
		queryKey: ["orders", "list", "cal@example.com"],
		queryFn: shop.read,
	});
	const shown: (string[] | undefined)[] = [];
	const unsubscribe = observer.subscribe((result) => shown.push(result.data));

	// The first read is under way when the order is deleted and the shop answers the delete.
	shop.write([]);
	const readingAgain = readAgain(queryClient, ["orders"]);
	shop.release();
	await readingAgain;

	expect(observer.getCurrentResult().data).toEqual([]);
	expect(shown).not.toContainEqual(["order 1"]);
	unsubscribe();
	queryClient.clear();
});

test("reading again asks every list under the key again and leaves other keys alone", async () => {
	const queryClient = createQueryClient();
	let reads = { orders: 0, tools: 0 };
	const watch = (key: "orders" | "tools") =>
		new QueryObserver(queryClient, {
			queryKey: [key, "list"],
			queryFn: async () => {
				reads = { ...reads, [key]: reads[key] + 1 };
				return reads[key];
			},
		});
	const orders = watch("orders");
	const tools = watch("tools");
	const stop = [orders.subscribe(() => {}), tools.subscribe(() => {})];
	await Promise.all([orders.refetch(), tools.refetch()]);
	const before = reads;

	await readAgain(queryClient, ["orders"]);

	expect(reads).toEqual({ orders: before.orders + 1, tools: before.tools });
	expect(orders.getCurrentResult().data).toBe(before.orders + 1);
	for (const unsubscribe of stop) unsubscribe();
	queryClient.clear();
});
