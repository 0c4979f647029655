import * as z from "zod/mini";
import { PageQuerySchema, pageSchemaOf } from "./paging.schemas.ts";
import { requiredText } from "./text.schemas.ts";

export const RECEIVING_POINT_NAME_MAX = 120;
export const RECEIVING_POINT_ADDRESS_MAX = 300;
export const RECEIVING_POINT_HOURS_MAX = 200;

export const ReceivingPointIdSchema = z.uuid(
	"Receiving point id must be a UUID",
);
export const ReceivingPointParamsSchema = z.object({
	pointId: ReceivingPointIdSchema,
});

/** What the admin enters for a receiving point; the same schema checks the form and the route. */
export const ReceivingPointInputSchema = z.object({
	name: requiredText("Name", RECEIVING_POINT_NAME_MAX),
	address: requiredText("Address", RECEIVING_POINT_ADDRESS_MAX),
	opening_hours: requiredText("Opening hours", RECEIVING_POINT_HOURS_MAX),
});
export type ReceivingPointInput = z.infer<typeof ReceivingPointInputSchema>;

/** A place where customers collect their orders. */
export const ReceivingPointSchema = z.object({
	id: ReceivingPointIdSchema,
	name: z.string(),
	address: z.string(),
	opening_hours: z.string(),
});
export type ReceivingPoint = z.infer<typeof ReceivingPointSchema>;

export const ReceivingPointPageSchema = pageSchemaOf(ReceivingPointSchema);
export type ReceivingPointPage = z.infer<typeof ReceivingPointPageSchema>;

/** Receiving points by name, optionally those whose name or address contains `q`. */
export const ReceivingPointListQuerySchema = z.object({
	...PageQuerySchema.shape,
	q: z.optional(
		z
			.string()
			.check(z.trim(), z.maxLength(100, "q must be 100 characters or fewer")),
	),
});
export type ReceivingPointListQuery = z.infer<
	typeof ReceivingPointListQuerySchema
>;

/** The checkout's list and the admin's page show this many points a page. */
export const RECEIVING_POINTS_PAGE_SIZE = 20;

/** The home page's count: how many receiving points the shop has. */
export const ReceivingPointCountSchema = z.object({ total: z.int() });
