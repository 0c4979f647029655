import {
	keepPreviousData,
	type QueryClient,
	useMutation,
	useQuery,
	useQueryClient,
} from "@tanstack/react-query";
import { useEffect } from "react";
import { type Cart, CartSchema } from "../../../shared/cart.schemas.ts";
import {
	checkPurchase,
	type ToolStock,
} from "../../../shared/purchase-rule.ts";
import { ApiError, apiGet, apiSend } from "../../lib/api-client.ts";
import {
	hasLeftoverBrowserCart,
	mergeBrowserCart,
	readBrowserCart,
	removeBrowserCartLine,
	setBrowserCartLine,
	useBrowserCart,
} from "../../lib/browser-cart.ts";
import { queryKeys } from "../../lib/query-keys.ts";
import { useReadAgain } from "../../lib/read-again.ts";
import { failureReason, notify } from "../../lib/toast.ts";
import type { CartOwner } from "./cart-owner.ts";

const EMPTY_CART: Cart = {
	lines: [],
	total_cents: 0,
	pieces: 0,
	can_check_out: false,
};

const lineOf = (toolId: string) =>
	`/api/cart/lines/${encodeURIComponent(toolId)}`;

const fetchMyCart = (signal?: AbortSignal) =>
	apiGet("/api/cart", CartSchema, signal);

/** What a page needs of the cart's query: its states for QueryBoundary and the priced cart. */
export type CartQuery = {
	data: Cart | undefined;
	isPending: boolean;
	isError: boolean;
	error: Error | null;
	/** The shown cart is the one before the last change, until the server has priced the new one. */
	isPlaceholderData: boolean;
	refetch: () => unknown;
};

/**
 * The cart priced by the server, as it is now: the customer's own, or the visitor's browser
 * lines priced by POST /api/cart/preview. A visitor's empty cart asks nothing.
 */
export function useCart(owner: CartOwner): CartQuery {
	const browserLines = useBrowserCart();
	const isVisitor = owner === "visitor";
	const mine = useQuery({
		queryKey: queryKeys.cart.mine,
		queryFn: ({ signal }) => fetchMyCart(signal),
		enabled: !isVisitor,
	});
	const preview = useQuery({
		queryKey: queryKeys.cart.preview(browserLines),
		queryFn: () =>
			apiSend("POST", "/api/cart/preview", { lines: browserLines }, CartSchema),
		enabled: isVisitor && browserLines.length > 0,
		// A quantity changed or a line removed keeps the page as it was until the new prices come.
		placeholderData: keepPreviousData,
	});
	if (!isVisitor) return mine;
	if (browserLines.length === 0)
		return {
			data: EMPTY_CART,
			isPending: false,
			isError: false,
			error: null,
			isPlaceholderData: false,
			refetch: () => undefined,
		};
	return preview;
}

/**
 * The pieces in the cart, for the navigation bar's badge: counted in the browser for a visitor,
 * the server cart's count for a customer; undefined until known.
 */
export function useCartPieces(
	owner: CartOwner | undefined,
): number | undefined {
	const browserLines = useBrowserCart();
	const mine = useQuery({
		queryKey: queryKeys.cart.mine,
		queryFn: ({ signal }) => fetchMyCart(signal),
		enabled: owner === "customer",
	});
	if (owner === "visitor")
		return browserLines.reduce((pieces, line) => pieces + line.quantity, 0);
	if (owner === "customer") return mine.data?.pieces;
	return undefined;
}

/**
 * Hands a browser cart that a signed-in customer still has to their account's cart: filled before
 * a sign-in that left the shop and came back (Google), which the sign-in pages did not finish.
 */
export function useMergeLeftoverBrowserCart(owner: CartOwner | undefined) {
	const queryClient = useQueryClient();
	const browserLines = useBrowserCart();
	useEffect(() => {
		if (owner !== "customer" || browserLines.length === 0) return;
		if (!hasLeftoverBrowserCart(queryClient)) return;
		mergeBrowserCart(queryClient).catch((error: unknown) =>
			notify.error(
				`The tools you put in your cart could not be added to your account's cart${failureReason(error)}`,
			),
		);
	}, [owner, browserLines, queryClient]);
}

/** The server's answer to a change of the customer's cart is the whole cart: shown at once. */
function useMyCartUpdate() {
	const queryClient = useQueryClient();
	const readAgain = useReadAgain();
	return {
		onSuccess: (cart: Cart | undefined) => {
			if (cart) queryClient.setQueryData(queryKeys.cart.mine, cart);
		},
		// A refusal means the cart or the stock shown was out of date: read both again.
		onError: () => readAgain(queryKeys.cart.all, queryKeys.tools.all),
	};
}

/**
 * A refusal of the browser cart, in the words the server uses for the same change to a
 * customer's cart, so both carts say the same.
 */
const refusal = (message: string) => new ApiError(409, "CONFLICT", message);

function setLine(
	owner: CartOwner,
	toolId: string,
	quantity: number,
): Promise<Cart | undefined> {
	if (owner === "customer")
		return apiSend("PUT", lineOf(toolId), { quantity }, CartSchema);
	const refused = setBrowserCartLine(toolId, quantity);
	if (refused) return Promise.reject(refusal(refused));
	return Promise.resolve(undefined);
}

/** Sets how many pieces of a tool the cart holds. */
export function useSetCartLine(owner: CartOwner) {
	return useMutation({
		mutationFn: ({ toolId, quantity }: { toolId: string; quantity: number }) =>
			setLine(owner, toolId, quantity),
		...useMyCartUpdate(),
	});
}

export function useRemoveCartLine(owner: CartOwner) {
	return useMutation({
		mutationFn: async (toolId: string): Promise<Cart | undefined> => {
			if (owner === "customer")
				return apiSend("DELETE", lineOf(toolId), undefined, CartSchema);
			removeBrowserCartLine(toolId);
			return undefined;
		},
		...useMyCartUpdate(),
	});
}

async function piecesInCart(
	owner: CartOwner,
	queryClient: QueryClient,
	toolId: string,
): Promise<number> {
	const lines =
		owner === "customer"
			? (
					await queryClient.ensureQueryData({
						queryKey: queryKeys.cart.mine,
						queryFn: ({ signal }) => fetchMyCart(signal),
					})
				).lines
			: readBrowserCart();
	return lines.find((line) => line.tool_id === toolId)?.quantity ?? 0;
}

/**
 * Adds pieces of a tool to the cart, on top of those it already holds. The sum must fit the
 * purchase rule, as the server checks it; a refusal says how many the cart already holds.
 */
export function useAddToCart(owner: CartOwner) {
	const queryClient = useQueryClient();
	return useMutation({
		mutationFn: async ({
			tool,
			quantity,
		}: {
			tool: ToolStock & { id: string };
			quantity: number;
		}) => {
			const held = await piecesInCart(owner, queryClient, tool.id);
			const check = checkPurchase(tool, held + quantity);
			if (!check.canOrder)
				throw refusal(
					held > 0 && check.reason === "ABOVE_AVAILABLE"
						? `Your cart already holds ${held} pieces. ${check.message}`
						: check.message,
				);
			return setLine(owner, tool.id, held + quantity);
		},
		...useMyCartUpdate(),
	});
}
