import * as z from "zod/mini";
import { pageSchemaOf } from "./paging.schemas.ts";

export const ReviewSchema = z.object({
	id: z.uuid(),
	user_name: z.string(),
	photo_url: z.nullable(z.string()),
	user_review: z.string(),
	user_rating: z.int().check(z.minimum(1), z.maximum(5)),
	created_at: z.iso.datetime(),
});
export type Review = z.infer<typeof ReviewSchema>;

export const ReviewPageSchema = pageSchemaOf(ReviewSchema);
