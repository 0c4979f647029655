import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import * as z from "zod/mini";
import {
	CART_LINES_MAX,
	CartLinesInputSchema,
	CartQuantityInputSchema,
	CartSchema,
} from "../../../shared/cart.schemas.ts";
import { ToolParamsSchema } from "../../../shared/tools.schemas.ts";
import { signedInViewer } from "../../platform/auth/session-guard.ts";
import { clientErrorResponses } from "../../platform/http/api-schemas.ts";
import type { CartUseCases } from "./cart.service.ts";

const cartResponse = { 200: CartSchema, ...clientErrorResponses };

export async function cartRoutes(
	app: FastifyInstance,
	{ cart }: { cart: CartUseCases },
): Promise<void> {
	const routes = app.withTypeProvider<ZodTypeProvider>();

	routes.post(
		"/cart/preview",
		{
			schema: {
				operationId: "previewCart",
				tags: ["cart"],
				summary:
					"Price a visitor's cart (kept in the browser) against the catalog as it is now: each line's tool, total and what keeps it from being ordered",
				body: CartLinesInputSchema,
				response: cartResponse,
			},
			config: { access: "public", quota: "cart" },
		},
		async (request) => cart.previewCart(request.body.lines),
	);

	routes.get(
		"/cart",
		{
			schema: {
				operationId: "getCart",
				tags: ["cart"],
				summary:
					"The signed-in customer's cart, priced against the catalog now",
				response: cartResponse,
			},
			config: { access: "signed-in" },
		},
		async (request) => cart.getCart(signedInViewer(request)),
	);

	routes.put(
		"/cart/lines/:toolId",
		{
			schema: {
				operationId: "setCartLine",
				tags: ["cart"],
				summary: `Set how many pieces of a tool the cart holds (adding the line if needed), as the purchase rule allows; 409 with the rule's message otherwise, or once the cart holds ${CART_LINES_MAX} tools`,
				params: ToolParamsSchema,
				body: CartQuantityInputSchema,
				response: cartResponse,
			},
			config: { access: "signed-in", quota: "cart" },
		},
		async (request) =>
			cart.setCartLine(
				signedInViewer(request),
				request.params.toolId,
				request.body.quantity,
			),
	);

	routes.delete(
		"/cart/lines/:toolId",
		{
			schema: {
				operationId: "removeCartLine",
				tags: ["cart"],
				summary: "Take a tool out of the cart",
				params: ToolParamsSchema,
				response: cartResponse,
			},
			config: { access: "signed-in", quota: "cart" },
		},
		async (request) =>
			cart.removeCartLine(signedInViewer(request), request.params.toolId),
	);

	routes.delete(
		"/cart",
		{
			schema: {
				operationId: "clearCart",
				tags: ["cart"],
				summary: "Empty the cart",
				response: { 204: z.null(), ...clientErrorResponses },
			},
			config: { access: "signed-in", quota: "cart" },
		},
		async (request, reply) => {
			await cart.clearCart(signedInViewer(request));
			return reply.code(204).send(null);
		},
	);

	routes.post(
		"/cart/merge",
		{
			schema: {
				operationId: "mergeCart",
				tags: ["cart"],
				summary:
					"Add the cart a visitor filled in the browser to the signed-in customer's cart (quantities of a tool in both are added); sent once after signing in",
				body: CartLinesInputSchema,
				response: cartResponse,
			},
			config: { access: "signed-in", quota: "cart" },
		},
		async (request) =>
			cart.mergeCart(signedInViewer(request), request.body.lines),
	);
}
