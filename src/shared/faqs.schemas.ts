import * as z from "zod/mini";
import { requiredText } from "./text.schemas.ts";

/** answer: paragraphs separated by blank lines, as in blog bodies. */
export const FaqSchema = z.object({
	id: z.uuid(),
	question: z.string(),
	answer: z.string(),
});
export type Faq = z.infer<typeof FaqSchema>;

export const FaqListSchema = z.object({ items: z.array(FaqSchema) });

export const FaqIdSchema = z.uuid("Question id must be a UUID");
export const FaqParamsSchema = z.object({ faqId: FaqIdSchema });

/** The most questions the shop keeps: adding one more is refused, and the home page reads no more. */
export const FAQ_MAX_COUNT = 100;

export const FAQ_QUESTION_MAX_LENGTH = 300;
export const FAQ_ANSWER_MAX_LENGTH = 5000;

/**
 * A question as an admin writes it. The answer is paragraphs separated by blank lines; a line
 * starting with "## " is a subheading. The form and the server check with this one schema.
 */
export const FaqInputSchema = z.object({
	question: requiredText("Question", FAQ_QUESTION_MAX_LENGTH),
	answer: requiredText("Answer", FAQ_ANSWER_MAX_LENGTH),
});
export type FaqInput = z.infer<typeof FaqInputSchema>;

/** The new order of the questions: every question's id, once each, first to last. */
export const FaqOrderSchema = z.object({
	ids: z
		.array(FaqIdSchema)
		.check(
			z.minLength(1, "List every question"),
			z.maxLength(
				FAQ_MAX_COUNT,
				`List at most ${FAQ_MAX_COUNT} questions: there are never more`,
			),
		),
});
export type FaqOrder = z.infer<typeof FaqOrderSchema>;
