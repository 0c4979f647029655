import * as z from "zod/mini";

/** answer: paragraphs separated by blank lines, as in blog bodies. */
export const FaqSchema = z.object({
	id: z.uuid(),
	question: z.string(),
	answer: z.string(),
});
export type Faq = z.infer<typeof FaqSchema>;

export const FaqListSchema = z.object({ items: z.array(FaqSchema) });
