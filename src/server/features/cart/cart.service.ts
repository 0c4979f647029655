import {
	CART_LINES_MAX,
	type Cart,
	type CartLine,
	type CartLineInput,
} from "../../../shared/cart.schemas.ts";
import {
	checkPurchase,
	lineTotalCents,
	unitPriceCents,
} from "../../../shared/purchase-rule.ts";
import { ORDER_QUANTITY_MAX } from "../../../shared/quantity.schemas.ts";
import type { Viewer } from "../../platform/auth/session-guard.ts";
import type { Db } from "../../platform/db/database.ts";
import { ConflictError, NotFoundError } from "../../platform/http/errors.ts";
import { getListedTools } from "../tools/tools.service.ts";
import {
	deleteCartLines,
	findCartLines,
	lockCartOwner,
	type StoredCartLine,
	upsertCartLine,
} from "./cart.repository.ts";

export const NO_LONGER_SOLD =
	"This tool is no longer sold. Remove it from your cart.";

const cartFull = () =>
	new ConflictError(
		`A cart holds at most ${CART_LINES_MAX} different tools. Check out or remove a line first.`,
	);

/**
 * Prices lines against the catalog as it is now: each line's tool, its total, and what keeps it
 * from being ordered as it is (the purchase rule's message, or that the tool is gone).
 */
export async function priceCart(
	db: Db,
	lines: readonly StoredCartLine[],
): Promise<Cart> {
	const tools = await getListedTools(
		db,
		lines.map((line) => line.tool_id),
	);
	const priced: CartLine[] = lines.map(({ tool_id, quantity }) => {
		const tool = tools.get(tool_id);
		if (!tool)
			return {
				tool_id,
				quantity,
				tool: null,
				unit_price_cents: 0,
				line_total_cents: 0,
				problem: NO_LONGER_SOLD,
			};
		const check = checkPurchase(tool, quantity);
		return {
			tool_id,
			quantity,
			tool: {
				tool_name: tool.tool_name,
				img: tool.img,
				sku: tool.sku,
				price_cents: tool.price_cents,
				available_quantity: tool.available_quantity,
				minimum_quantity: tool.minimum_quantity,
				pack_size: tool.pack_size,
				price_breaks: tool.price_breaks,
				supplier_name: tool.supplier_name,
			},
			unit_price_cents: unitPriceCents(tool, quantity),
			line_total_cents: lineTotalCents(tool, quantity),
			problem: check.canOrder ? null : check.message,
		};
	});
	return {
		lines: priced,
		total_cents: priced
			.filter((line) => line.problem === null)
			.reduce((sum, line) => sum + line.line_total_cents, 0),
		pieces: priced.reduce((sum, line) => sum + line.quantity, 0),
		can_check_out:
			priced.length > 0 && priced.every((line) => line.problem === null),
	};
}

async function getCart(db: Db, viewer: Viewer): Promise<Cart> {
	return priceCart(db, await findCartLines(db, viewer.id));
}

/**
 * Sets how many pieces of a tool the customer's cart holds, as the purchase rule allows (the
 * same check as ordering, against the stock now); adds the line when there is none.
 */
async function setCartLine(
	db: Db,
	viewer: Viewer,
	toolId: string,
	quantity: number,
): Promise<Cart> {
	const tool = (await getListedTools(db, [toolId])).get(toolId);
	if (!tool) throw new NotFoundError("Tool not found");
	const check = checkPurchase(tool, quantity);
	if (!check.canOrder)
		throw new ConflictError(check.message, [
			{ field: "quantity", message: check.message },
		]);
	await db.transaction().execute(async (trx) => {
		await lockCartOwner(trx, viewer.id);
		const lines = await findCartLines(trx, viewer.id);
		const isNew = !lines.some((line) => line.tool_id === toolId);
		if (isNew && lines.length >= CART_LINES_MAX) throw cartFull();
		await upsertCartLine(
			trx,
			viewer.id,
			{ tool_id: toolId, quantity },
			new Date().toISOString(),
		);
	});
	return getCart(db, viewer);
}

async function removeCartLine(
	db: Db,
	viewer: Viewer,
	toolId: string,
): Promise<Cart> {
	await deleteCartLines(db, viewer.id, [toolId]);
	return getCart(db, viewer);
}

/**
 * Adds a visitor's browser cart to the signed-in customer's: a tool in both gets the sum of the
 * two quantities (a cart line then shows whether the stock still covers it); lines of tools no
 * longer sold are dropped, as are lines past the cart's size.
 */
async function mergeCart(
	db: Db,
	viewer: Viewer,
	browserLines: readonly CartLineInput[],
): Promise<Cart> {
	const listed = await getListedTools(
		db,
		browserLines.map((line) => line.tool_id),
	);
	await db.transaction().execute(async (trx) => {
		await lockCartOwner(trx, viewer.id);
		const lines = await findCartLines(trx, viewer.id);
		const held = new Map(lines.map((line) => [line.tool_id, line.quantity]));
		// A millisecond apart, so that the merged lines keep the browser cart's order.
		const start = Date.now();
		for (const [index, line] of browserLines.entries()) {
			const at = new Date(start + index).toISOString();
			if (!listed.has(line.tool_id)) continue;
			const quantity = held.get(line.tool_id);
			if (quantity === undefined && held.size >= CART_LINES_MAX) continue;
			const merged = Math.min(
				(quantity ?? 0) + line.quantity,
				ORDER_QUANTITY_MAX,
			);
			held.set(line.tool_id, merged);
			await upsertCartLine(
				trx,
				viewer.id,
				{ tool_id: line.tool_id, quantity: merged },
				at,
			);
		}
	});
	return getCart(db, viewer);
}

/** Takes the ordered lines out of the customer's cart, inside the checkout's transaction. */
export function removeOrderedCartLines(
	db: Db,
	userId: string,
	toolIds: readonly string[],
): Promise<void> {
	return deleteCartLines(db, userId, toolIds);
}

export function createCartUseCases(db: Db) {
	return {
		previewCart: (lines: readonly CartLineInput[]) => priceCart(db, lines),
		getCart: (viewer: Viewer) => getCart(db, viewer),
		setCartLine: (viewer: Viewer, toolId: string, quantity: number) =>
			setCartLine(db, viewer, toolId, quantity),
		removeCartLine: (viewer: Viewer, toolId: string) =>
			removeCartLine(db, viewer, toolId),
		clearCart: (viewer: Viewer) => deleteCartLines(db, viewer.id),
		mergeCart: (viewer: Viewer, lines: readonly CartLineInput[]) =>
			mergeCart(db, viewer, lines),
	};
}

export type CartUseCases = ReturnType<typeof createCartUseCases>;
