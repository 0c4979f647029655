import { beforeEach, expect, test } from "vitest";
import { CART_LINES_MAX } from "../../shared/cart.schemas.ts";
import {
	BROWSER_CART_KEY,
	CART_FULL_MESSAGE,
	clearBrowserCart,
	readBrowserCart,
	removeBrowserCartLine,
	setBrowserCartLine,
	subscribeToBrowserCart,
} from "./browser-cart.ts";

const toolId = (n: number) =>
	`00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

beforeEach(() => window.localStorage.clear());

test("lines are kept in localStorage in the order the tools were added; an emptied cart leaves nothing behind", () => {
	setBrowserCartLine(toolId(1), 5);
	setBrowserCartLine(toolId(2), 10);
	setBrowserCartLine(toolId(1), 7);
	expect(
		JSON.parse(window.localStorage.getItem(BROWSER_CART_KEY) ?? ""),
	).toEqual([
		{ tool_id: toolId(1), quantity: 7 },
		{ tool_id: toolId(2), quantity: 10 },
	]);
	removeBrowserCartLine(toolId(1));
	expect(readBrowserCart()).toEqual([{ tool_id: toolId(2), quantity: 10 }]);
	clearBrowserCart();
	expect(window.localStorage).toHaveLength(0);
});

test(`a cart holds at most ${CART_LINES_MAX} different tools; more pieces of one it holds still fit`, () => {
	for (let n = 1; n <= CART_LINES_MAX; n += 1)
		expect(setBrowserCartLine(toolId(n), 1)).toBeUndefined();
	expect(setBrowserCartLine(toolId(CART_LINES_MAX + 1), 1)).toBe(
		CART_FULL_MESSAGE,
	);
	expect(setBrowserCartLine(toolId(1), 3)).toBeUndefined();
	expect(readBrowserCart()).toHaveLength(CART_LINES_MAX);
});

test("what another version or a hand edit left is read line by line: bad lines and repeats are dropped", () => {
	window.localStorage.setItem(
		BROWSER_CART_KEY,
		JSON.stringify([
			{ tool_id: toolId(1), quantity: 5 },
			{ tool_id: "not-a-tool", quantity: 5 },
			{ tool_id: toolId(2), quantity: 0 },
			{ tool_id: toolId(1), quantity: 9 },
			{ tool_id: toolId(3), quantity: 2 },
		]),
	);
	expect(readBrowserCart()).toEqual([
		{ tool_id: toolId(1), quantity: 5 },
		{ tool_id: toolId(3), quantity: 2 },
	]);
	window.localStorage.setItem(BROWSER_CART_KEY, "{not json");
	expect(readBrowserCart()).toEqual([]);
});

test("a change made in another tab reaches this one", () => {
	let changes = 0;
	const unsubscribe = subscribeToBrowserCart(() => {
		changes += 1;
	});
	window.localStorage.setItem(
		BROWSER_CART_KEY,
		JSON.stringify([{ tool_id: toolId(4), quantity: 1 }]),
	);
	window.dispatchEvent(new StorageEvent("storage", { key: BROWSER_CART_KEY }));
	expect(changes).toBe(1);
	expect(readBrowserCart()).toEqual([{ tool_id: toolId(4), quantity: 1 }]);
	unsubscribe();
});
