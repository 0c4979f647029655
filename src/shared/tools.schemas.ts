import * as z from "zod/mini";
import { pageSchemaOf } from "./paging.schemas.ts";

export const ToolIdSchema = z.uuid("Tool id must be a UUID");

export const ToolSchema = z.object({
	id: ToolIdSchema,
	tool_name: z.string(),
	description: z.string(),
	price_cents: z.int().check(z.nonnegative()),
	available_quantity: z.int().check(z.nonnegative()),
	minimum_quantity: z.int().check(z.positive()),
	img: z.string(),
	supplier_name: z.string(),
	created_at: z.iso.datetime(),
});
export type Tool = z.infer<typeof ToolSchema>;

export const ToolPageSchema = pageSchemaOf(ToolSchema);
export type ToolPage = z.infer<typeof ToolPageSchema>;

export const ToolParamsSchema = z.object({ toolId: ToolIdSchema });
