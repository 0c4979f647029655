import * as z from "zod/mini";
import { PageQuerySchema, pageSchemaOf } from "./paging.schemas.ts";

/** Waiting for its next attempt, delivered to the mail server, or given up on. */
export const MAIL_STATUSES = ["pending", "sent", "failed"] as const;
export const MailStatusSchema = z.enum(
	MAIL_STATUSES,
	`status must be one of ${MAIL_STATUSES.join(", ")}`,
);
export type MailStatus = z.infer<typeof MailStatusSchema>;

export const MailIdSchema = z.uuid("Mail id must be a UUID");
export const MailParamsSchema = z.object({ mailId: MailIdSchema });

/**
 * A mail of the outbox as admins see it: to whom, what about and how its sending went. Never its
 * body or its link: a reset or confirmation mail carries a token that signs its reader in.
 */
export const OutboxMailSchema = z.object({
	id: z.string(),
	to: z.string(),
	subject: z.string(),
	/** What the mail is about, such as "order-confirmed" or "account-confirm". */
	kind: z.string(),
	status: MailStatusSchema,
	attempts: z.int(),
	/** Why the last attempt failed; kept after a later success. */
	last_error: z.nullable(z.string()),
	created_at: z.iso.datetime(),
	/** When the next attempt may run (pending mail). */
	send_after: z.iso.datetime(),
	sent_at: z.nullable(z.iso.datetime()),
	/** When the last attempt failed and no other followed. */
	failed_at: z.nullable(z.iso.datetime()),
});
export type OutboxMail = z.infer<typeof OutboxMailSchema>;

export const OutboxMailPageSchema = pageSchemaOf(OutboxMailSchema);
export type OutboxMailPage = z.infer<typeof OutboxMailPageSchema>;

export const MAIL_OUTBOX_PAGE_SIZE = 20;

/** Without a status: the mail not sent yet, pending and failed alike. */
export const MailOutboxQuerySchema = z.object({
	...PageQuerySchema.shape,
	page_size: z._default(PageQuerySchema.shape.page_size, MAIL_OUTBOX_PAGE_SIZE),
	status: z.optional(MailStatusSchema),
});
export type MailOutboxQuery = z.infer<typeof MailOutboxQuerySchema>;
