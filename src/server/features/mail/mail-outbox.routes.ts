import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
	MailOutboxQuerySchema,
	MailParamsSchema,
	OutboxMailPageSchema,
	OutboxMailSchema,
} from "../../../shared/mail-outbox.schemas.ts";
import { clientErrorResponses } from "../../platform/http/api-schemas.ts";
import type { MailOutboxUseCases } from "./mail-outbox.service.ts";

export async function mailOutboxRoutes(
	app: FastifyInstance,
	{ mailOutbox }: { mailOutbox: MailOutboxUseCases },
): Promise<void> {
	const routes = app.withTypeProvider<ZodTypeProvider>();

	routes.get(
		"/admin/mail-outbox",
		{
			schema: {
				operationId: "listOutboxMails",
				tags: ["mail"],
				summary:
					"Admin: the shop's outgoing mail, newest first: by default what is not sent yet (pending and failed), or one status. To whom, subject, kind, attempts and the last error; never a body or a link",
				querystring: MailOutboxQuerySchema,
				response: { 200: OutboxMailPageSchema, ...clientErrorResponses },
			},
			config: { access: "admin" },
		},
		async (request) => mailOutbox.listMails(request.query),
	);

	routes.post(
		"/admin/mail-outbox/:mailId/retry",
		{
			schema: {
				operationId: "retryOutboxMail",
				tags: ["mail"],
				summary:
					"Admin: send a failed or pending mail again now, with a full round of attempts; a 409 for a mail already sent",
				params: MailParamsSchema,
				response: { 200: OutboxMailSchema, ...clientErrorResponses },
			},
			config: { access: "admin", quota: "admin-writes" },
		},
		async (request) => mailOutbox.retryMail(request.params.mailId),
	);
}
