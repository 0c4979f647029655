import * as z from "zod/mini";

export const PAGE_SIZE_DEFAULT = 12;
export const PAGE_SIZE_MAX = 100;

export const PageQuerySchema = z.object({
	page: z._default(
		z.coerce
			.number()
			.check(
				z.int("page must be a whole number"),
				z.minimum(1, "page must be 1 or more"),
			),
		1,
	),
	page_size: z._default(
		z.coerce
			.number()
			.check(
				z.int("page_size must be a whole number"),
				z.minimum(1, "page_size must be 1 or more"),
				z.maximum(PAGE_SIZE_MAX, `page_size must be ${PAGE_SIZE_MAX} or less`),
			),
		PAGE_SIZE_DEFAULT,
	),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

export function pageSchemaOf<T extends z.ZodMiniType>(item: T) {
	return z.object({
		items: z.array(item),
		page: z.int(),
		page_size: z.int(),
		total: z.int(),
	});
}

export type Page<T> = {
	items: T[];
	page: number;
	page_size: number;
	total: number;
};
