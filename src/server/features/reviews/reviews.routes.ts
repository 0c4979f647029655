import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import * as z from "zod/mini";
import { PageQuerySchema } from "../../../shared/paging.schemas.ts";
import {
	MODERATION_PAGE_SIZE,
	ModeratedReviewPageSchema,
	ModeratedReviewSchema,
	MyReviewSchema,
	ReviewInputSchema,
	ReviewModerationPageSchema,
	ReviewPageSchema,
	ReviewParamsSchema,
	ReviewSchema,
	ReviewSummarySchema,
} from "../../../shared/reviews.schemas.ts";
import { signedInViewer } from "../../platform/auth/session-guard.ts";
import {
	clientErrorResponses,
	readErrorResponses,
} from "../../platform/http/api-schemas.ts";
import type { ReviewUseCases } from "./reviews.service.ts";

const ModerationPageQuerySchema = z.object({
	...PageQuerySchema.shape,
	page_size: z._default(PageQuerySchema.shape.page_size, MODERATION_PAGE_SIZE),
});

export async function reviewsRoutes(
	app: FastifyInstance,
	{ reviews }: { reviews: ReviewUseCases },
): Promise<void> {
	const routes = app.withTypeProvider<ZodTypeProvider>();

	routes.get(
		"/reviews",
		{
			schema: {
				operationId: "listReviews",
				tags: ["reviews"],
				summary: "Customer reviews, newest first (hidden ones left out)",
				querystring: PageQuerySchema,
				response: { 200: ReviewPageSchema, 400: readErrorResponses[400] },
			},
			config: { access: "public" },
		},
		async (request) => reviews.listReviews(request.query),
	);

	routes.get(
		"/reviews/summary",
		{
			schema: {
				operationId: "summarizeReviews",
				tags: ["reviews"],
				summary:
					"The average rating of the visible reviews, to one decimal, and their count",
				response: { 200: ReviewSummarySchema, ...clientErrorResponses },
			},
			config: { access: "public" },
		},
		async () => reviews.summarizeReviews(),
	);

	routes.get(
		"/me/review",
		{
			schema: {
				operationId: "getMyReview",
				tags: ["reviews"],
				summary:
					"The signed-in customer's review (null before they write one), and whether an admin hid it",
				response: { 200: MyReviewSchema, ...clientErrorResponses },
			},
			config: { access: "signed-in" },
		},
		async (request) => reviews.getMyReview(signedInViewer(request)),
	);

	routes.post(
		"/reviews",
		{
			schema: {
				operationId: "addReview",
				tags: ["reviews"],
				summary:
					"Write the signed-in customer's review (one each). The name and photo are the account's.",
				body: ReviewInputSchema,
				response: { 201: ReviewSchema, ...clientErrorResponses },
			},
			config: { access: "signed-in", quota: "reviews" },
		},
		async (request, reply) =>
			reply
				.code(201)
				.send(await reviews.addReview(signedInViewer(request), request.body)),
	);

	routes.put(
		"/me/review",
		{
			schema: {
				operationId: "editMyReview",
				tags: ["reviews"],
				summary: "Rewrite the signed-in customer's review",
				body: ReviewInputSchema,
				response: { 200: ReviewSchema, ...clientErrorResponses },
			},
			config: { access: "signed-in", quota: "reviews" },
		},
		async (request) =>
			reviews.editMyReview(signedInViewer(request), request.body),
	);

	routes.delete(
		"/me/review",
		{
			schema: {
				operationId: "deleteMyReview",
				tags: ["reviews"],
				summary:
					"Delete the signed-in customer's review; 409 while an admin hides it",
				response: { 204: z.null(), ...clientErrorResponses },
			},
			config: { access: "signed-in", quota: "reviews" },
		},
		async (request, reply) => {
			await reviews.deleteMyReview(signedInViewer(request));
			return reply.code(204).send(null);
		},
	);

	routes.get(
		"/moderation/reviews",
		{
			schema: {
				operationId: "listReviewsToModerate",
				tags: ["reviews"],
				summary:
					"Admin: every review, hidden ones too, with its author's email, newest first",
				querystring: ModerationPageQuerySchema,
				response: { 200: ModeratedReviewPageSchema, ...clientErrorResponses },
			},
			config: { access: "admin" },
		},
		async (request) => reviews.listModeratedReviews(request.query),
	);

	for (const action of ["hide", "show"] as const)
		routes.post(
			`/reviews/:reviewId/${action}`,
			{
				schema: {
					operationId: action === "hide" ? "hideReview" : "showReview",
					tags: ["reviews"],
					summary:
						action === "hide"
							? "Admin: take a review off every public list (audited)"
							: "Admin: put a hidden review back on the public lists (audited)",
					params: ReviewParamsSchema,
					response: { 200: ModeratedReviewSchema, ...clientErrorResponses },
				},
				config: { access: "admin", quota: "admin-writes" },
			},
			async (request) =>
				reviews.moderateReview(
					signedInViewer(request),
					request.params.reviewId,
					action,
				),
		);

	routes.delete(
		"/reviews/:reviewId",
		{
			schema: {
				operationId: "deleteReview",
				tags: ["reviews"],
				summary: "Admin: delete a review (audited)",
				params: ReviewParamsSchema,
				response: { 204: z.null(), ...clientErrorResponses },
			},
			config: { access: "admin", quota: "admin-writes" },
		},
		async (request, reply) => {
			await reviews.deleteReview(
				signedInViewer(request),
				request.params.reviewId,
			);
			return reply.code(204).send(null);
		},
	);

	routes.get(
		"/moderation/actions",
		{
			schema: {
				operationId: "listReviewModerations",
				tags: ["reviews"],
				summary:
					"Admin: the audit trail of review moderation (who, when, what, the review as it was), newest first",
				querystring: ModerationPageQuerySchema,
				response: {
					200: ReviewModerationPageSchema,
					...clientErrorResponses,
				},
			},
			config: { access: "admin" },
		},
		async (request) => reviews.listModerations(request.query),
	);
}
