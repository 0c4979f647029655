import { type ComponentType, createContext } from "react";
import type { Tool } from "../../../../shared/tools.schemas.ts";

/**
 * What the app shows beside every card's 'Buy Now': the cart's 'Add to cart'. The cart is a
 * feature of its own, which this one may not import, so the app hands it in; nothing by default.
 * A module of its own: the app provides it on every page, the cards come with the pages that
 * list tools.
 */
export const ToolCardExtraAction = createContext<ComponentType<{
	tool: Tool;
}> | null>(null);
