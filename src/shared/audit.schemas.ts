import * as z from "zod/mini";
import { PageQuerySchema, pageSchemaOf } from "./paging.schemas.ts";

/**
 * What the security log records. A closed list: a new kind is added here, and the web app's
 * wording for it with it.
 */
export const AUDIT_KINDS = [
	"admin.granted",
	"admin.revoked",
	"user.removed",
	"two_factor.enabled",
	"two_factor.disabled",
	"sign_in.locked",
	"access.refused",
	"email.confirmed",
	"sessions.revoked",
	"api_key.created",
	"api_key.revoked",
	"webhook.added",
	"webhook.removed",
] as const;

export const AuditKindSchema = z.enum(
	AUDIT_KINDS,
	`kind must be one of ${AUDIT_KINDS.join(", ")}`,
);
export type AuditKind = z.infer<typeof AuditKindSchema>;

/** A few facts about an event, such as `{ via: "shell" }` or the route a refusal was on. */
export const AuditDetailsSchema = z.record(
	z.string(),
	z.union([z.string(), z.number(), z.boolean()]),
);
export type AuditDetails = z.infer<typeof AuditDetailsSchema>;

/**
 * One line of the security log. Actor and subject are the accounts as they were then: either may
 * be gone since, and the actor is null for the shell command and the system itself.
 */
export const AuditEventSchema = z.object({
	id: z.string(),
	occurred_at: z.iso.datetime(),
	kind: AuditKindSchema,
	actor_user_id: z.nullable(z.string()),
	actor_email: z.nullable(z.string()),
	subject_user_id: z.nullable(z.string()),
	subject_email: z.nullable(z.string()),
	/** The client address as the server saw it. */
	address: z.nullable(z.string()),
	details: AuditDetailsSchema,
});
export type AuditEvent = z.infer<typeof AuditEventSchema>;

export const AuditEventPageSchema = pageSchemaOf(AuditEventSchema);
export type AuditEventPage = z.infer<typeof AuditEventPageSchema>;

/** The Security log shows this many events a page. */
export const AUDIT_PAGE_SIZE = 20;

export const AuditEventQuerySchema = z.object({
	...PageQuerySchema.shape,
	page_size: z._default(PageQuerySchema.shape.page_size, AUDIT_PAGE_SIZE),
	kind: z.optional(AuditKindSchema),
});
export type AuditEventQuery = z.infer<typeof AuditEventQuerySchema>;
