import type { QueryClient } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";
import {
	CART_LINES_MAX,
	type CartLineInput,
	CartLineInputSchema,
	CartSchema,
} from "../../shared/cart.schemas.ts";
import { apiSend } from "./api-client.ts";
import { queryKeys } from "./query-keys.ts";

/**
 * A visitor's cart, kept in the browser (localStorage) so it survives reloads and is there when
 * they sign in; the signed-in customer's cart lives on the server. The cart feature shows and
 * changes it; signing in hands it to the server cart (POST /api/cart/merge) and empties it.
 */
export const BROWSER_CART_KEY = "tools-gallery.cart";

const listeners = new Set<() => void>();
/** The lines last read, kept so that every read of an unchanged cart is the same array. */
let cached: { text: string | null; lines: CartLineInput[] } = {
	text: null,
	lines: [],
};

function storage(): Storage | undefined {
	try {
		return window.localStorage;
	} catch {
		// Storage can be switched off (some private modes): the cart then lasts for the page only.
		return undefined;
	}
}

/** The cart as last written, for when storage is switched off or full. */
let memoryText: string | null = null;
let isMemoryOnly = false;

function readText(): string | null {
	const store = storage();
	if (!store || isMemoryOnly) return memoryText;
	try {
		return store.getItem(BROWSER_CART_KEY);
	} catch {
		return memoryText;
	}
}

/**
 * The stored lines. What another version of the shop or a hand edit left is read line by line:
 * a line that is not a tool and a quantity is dropped, a tool seen twice keeps its first line.
 */
function parse(text: string | null): CartLineInput[] {
	if (!text) return [];
	let stored: unknown;
	try {
		stored = JSON.parse(text);
	} catch {
		return [];
	}
	if (!Array.isArray(stored)) return [];
	const seen = new Set<string>();
	const lines: CartLineInput[] = [];
	for (const candidate of stored) {
		const line = CartLineInputSchema.safeParse(candidate);
		if (!line.success || seen.has(line.data.tool_id)) continue;
		seen.add(line.data.tool_id);
		lines.push(line.data);
	}
	return lines.slice(0, CART_LINES_MAX);
}

/** The browser cart's lines, in the order the tools were added. */
export function readBrowserCart(): CartLineInput[] {
	const text = readText();
	if (text !== cached.text) cached = { text, lines: parse(text) };
	return cached.lines;
}

function notify(): void {
	for (const listener of listeners) listener();
}

function write(lines: CartLineInput[]): void {
	const text = lines.length === 0 ? null : JSON.stringify(lines);
	const store = storage();
	memoryText = text;
	try {
		if (text === null) store?.removeItem(BROWSER_CART_KEY);
		else store?.setItem(BROWSER_CART_KEY, text);
		isMemoryOnly = false;
	} catch {
		// Storage full or switched off: the page keeps the cart in memory until it is closed.
		isMemoryOnly = true;
	}
	notify();
}

/** Why a change to the browser cart was refused, in the words the server uses for the same. */
export const CART_FULL_MESSAGE = `A cart holds at most ${CART_LINES_MAX} different tools`;

/**
 * Sets how many pieces of a tool the browser cart holds, adding the line when it is new. Returns
 * a refusal message when the cart already holds CART_LINES_MAX other tools.
 */
export function setBrowserCartLine(
	toolId: string,
	quantity: number,
): string | undefined {
	const lines = readBrowserCart();
	const index = lines.findIndex((line) => line.tool_id === toolId);
	if (index === -1) {
		if (lines.length >= CART_LINES_MAX) return CART_FULL_MESSAGE;
		write([...lines, { tool_id: toolId, quantity }]);
		return undefined;
	}
	write(
		lines.map((line, position) =>
			position === index ? { tool_id: toolId, quantity } : line,
		),
	);
	return undefined;
}

export function removeBrowserCartLine(toolId: string): void {
	write(readBrowserCart().filter((line) => line.tool_id !== toolId));
}

export function clearBrowserCart(): void {
	write([]);
}

/** Told of every change, in this tab and (through the `storage` event) in the shop's other tabs. */
export function subscribeToBrowserCart(listener: () => void): () => void {
	listeners.add(listener);
	const onStorage = (event: StorageEvent) => {
		if (event.key === BROWSER_CART_KEY || event.key === null) listener();
	};
	window.addEventListener("storage", onStorage);
	return () => {
		listeners.delete(listener);
		window.removeEventListener("storage", onStorage);
	};
}

/** The browser cart's lines, re-rendering on every change. */
export function useBrowserCart(): CartLineInput[] {
	return useSyncExternalStore(
		subscribeToBrowserCart,
		readBrowserCart,
		readBrowserCart,
	);
}

let merging: Promise<void> | undefined;
/**
 * The apps (one query client each, one a page load) in which a hand-over failed: only a new
 * sign-in tries again there, not every page it opens.
 */
const failedIn = new WeakSet<QueryClient>();

/**
 * Right after signing in: adds the browser cart's lines to the account's cart on the server and
 * empties the browser cart of them. Nothing is sent for an empty cart, and a second call while
 * one runs waits for it instead of sending the lines twice. A refusal or a lost answer keeps the
 * lines in the browser (the next sign-in tries again) and throws the ApiError.
 */
export function mergeBrowserCart(queryClient: QueryClient): Promise<void> {
	merging ??= (async () => {
		const lines = readBrowserCart();
		if (lines.length === 0) return;
		const cart = await apiSend(
			"POST",
			"/api/cart/merge",
			{ lines },
			CartSchema,
		);
		// A line changed meanwhile (in another tab) was not sent as it is now: it stays.
		write(
			readBrowserCart().filter(
				(line) =>
					!lines.some(
						(sent) =>
							sent.tool_id === line.tool_id && sent.quantity === line.quantity,
					),
			),
		);
		// A read of the cart sent before the merge would answer with the cart as it was then.
		await queryClient.cancelQueries({ queryKey: queryKeys.cart.mine });
		queryClient.setQueryData(queryKeys.cart.mine, cart);
	})()
		.catch((error: unknown) => {
			failedIn.add(queryClient);
			throw error;
		})
		.finally(() => {
			merging = undefined;
		});
	return merging;
}

/**
 * Whether a signed-in page still finds lines in the browser cart that no sign-in handed over (a
 * sign-in that left the shop and came back, as with Google): worth `mergeBrowserCart`.
 */
export function hasLeftoverBrowserCart(queryClient: QueryClient): boolean {
	return (
		!failedIn.has(queryClient) &&
		merging === undefined &&
		readBrowserCart().length > 0
	);
}
