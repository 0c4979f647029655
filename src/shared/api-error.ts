import * as z from "zod/mini";

export const API_ERROR_CODES = [
	"BAD_REQUEST",
	"VALIDATION_FAILED",
	"UNAUTHORIZED",
	"FORBIDDEN",
	"NOT_FOUND",
	"GONE",
	"CONFLICT",
	"TOO_MANY_UNPAID_ORDERS",
	"PAYLOAD_TOO_LARGE",
	"UNSUPPORTED_MEDIA_TYPE",
	"TOO_MANY_REQUESTS",
	"INTERNAL_ERROR",
	"SERVICE_UNAVAILABLE",
] as const;
export const ApiErrorCodeSchema = z.enum(API_ERROR_CODES);
export type ApiErrorCode = z.infer<typeof ApiErrorCodeSchema>;

export const FieldIssueSchema = z.object({
	field: z.string(),
	message: z.string(),
});
export type FieldIssue = z.infer<typeof FieldIssueSchema>;

export const ApiErrorBodySchema = z.object({
	error: z.object({
		code: ApiErrorCodeSchema,
		message: z.string(),
		details: z.optional(z.array(FieldIssueSchema)),
		/** On a server error (500): the request's id, also in X-Request-Id and the server's log. */
		requestId: z.optional(z.string()),
	}),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBodySchema>;
