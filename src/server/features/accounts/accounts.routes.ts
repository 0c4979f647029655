import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import * as z from "zod/mini";
import {
	ProfileSchema,
	ProfileUpdateSchema,
	SignInOptionsSchema,
	USER_PAGE_SIZE,
	UserIdParamsSchema,
	UserListItemSchema,
	UserPageSchema,
	UserSearchSchema,
} from "../../../shared/accounts.schemas.ts";
import { PageQuerySchema } from "../../../shared/paging.schemas.ts";
import { MeSchema, SessionSchema } from "../../../shared/session.schemas.ts";
import {
	type SessionGuard,
	signedInViewer,
} from "../../platform/auth/session-guard.ts";
import { clientErrorResponses } from "../../platform/http/api-schemas.ts";
import { readSingleFile } from "../../platform/http/multipart-form.ts";
import { type AccountUseCases, describeViewer } from "./accounts.service.ts";

export type AccountsRoutesOptions = {
	accounts: AccountUseCases;
	guard: SessionGuard;
	isGoogleConfigured: boolean;
};

const UserListQuerySchema = z.object({
	...PageQuerySchema.shape,
	page_size: z._default(PageQuerySchema.shape.page_size, USER_PAGE_SIZE),
	q: UserSearchSchema,
});

export async function accountsRoutes(
	app: FastifyInstance,
	{ accounts, guard, isGoogleConfigured }: AccountsRoutesOptions,
): Promise<void> {
	const api = app.withTypeProvider<ZodTypeProvider>();

	api.get(
		"/sign-in-options",
		{
			schema: {
				operationId: "getSignInOptions",
				tags: ["accounts"],
				summary: "Which ways of signing in this shop offers",
				response: { 200: SignInOptionsSchema, ...clientErrorResponses },
			},
			config: { access: "public" },
		},
		async () => ({ google: isGoogleConfigured }),
	);

	api.get(
		"/me",
		{
			schema: {
				operationId: "getMe",
				tags: ["accounts"],
				summary: "The signed-in account and whether it is an admin",
				response: { 200: MeSchema, ...clientErrorResponses },
			},
			config: { access: "signed-in" },
		},
		async (request) => describeViewer(signedInViewer(request)),
	);

	// The web app asks this on every page: a visitor is an answer (200, me: null), not a 401 that
	// browsers would log as a failed request.
	api.get(
		"/session",
		{
			schema: {
				operationId: "getSession",
				tags: ["accounts"],
				summary: "The signed-in account, or null for a visitor",
				response: { 200: SessionSchema, ...clientErrorResponses },
			},
			config: { access: "public" },
		},
		async (request, reply) => {
			const viewer = await guard.readViewer(request, reply);
			return { me: viewer ? describeViewer(viewer) : null };
		},
	);

	api.get(
		"/profile",
		{
			schema: {
				operationId: "getProfile",
				tags: ["accounts"],
				summary: "The signed-in account's profile",
				response: { 200: ProfileSchema, ...clientErrorResponses },
			},
			config: { access: "signed-in" },
		},
		async (request) => accounts.readProfile(signedInViewer(request)),
	);

	api.patch(
		"/profile",
		{
			schema: {
				operationId: "updateProfile",
				tags: ["accounts"],
				summary:
					"Update the profile; fields left out or empty keep their stored value",
				body: ProfileUpdateSchema,
				response: { 200: ProfileSchema, ...clientErrorResponses },
			},
			config: { access: "signed-in", quota: "profile" },
		},
		async (request) =>
			accounts.updateProfile(signedInViewer(request), request.body),
	);

	api.put(
		"/profile/photo",
		{
			schema: {
				operationId: "updateProfilePhoto",
				tags: ["accounts"],
				summary:
					'Replace the profile photo: one JPEG, PNG or WebP in the multipart field "photo" (10 MiB at most)',
				consumes: ["multipart/form-data"],
				response: { 200: ProfileSchema, ...clientErrorResponses },
			},
			config: { access: "signed-in", quota: "uploads" },
		},
		async (request) =>
			accounts.updateProfilePhoto(
				signedInViewer(request),
				await readSingleFile(request, "photo"),
			),
	);

	api.get(
		"/users",
		{
			schema: {
				operationId: "listUsers",
				tags: ["users"],
				summary:
					"Accounts for Make Admin: admins first, then customers newest first",
				querystring: UserListQuerySchema,
				response: { 200: UserPageSchema, ...clientErrorResponses },
			},
			config: { access: "admin" },
		},
		async (request) => accounts.listAccounts(request.query),
	);

	api.post(
		"/users/:id/admin",
		{
			schema: {
				operationId: "makeAdmin",
				tags: ["users"],
				summary: "Make an account an admin",
				params: UserIdParamsSchema,
				response: { 200: UserListItemSchema, ...clientErrorResponses },
			},
			config: { access: "admin", quota: "admin-writes" },
		},
		async (request) =>
			accounts.makeAdmin(
				{ viewer: signedInViewer(request), address: request.ip },
				request.params.id,
			),
	);

	api.delete(
		"/users/:id",
		{
			schema: {
				operationId: "removeUser",
				tags: ["users"],
				summary:
					"Remove an account and end its sessions; never yourself or the last admin",
				params: UserIdParamsSchema,
				response: { 204: z.null(), ...clientErrorResponses },
			},
			config: { access: "admin", quota: "admin-writes" },
		},
		async (request, reply) => {
			await accounts.removeUser(
				{ viewer: signedInViewer(request), address: request.ip },
				request.params.id,
			);
			return reply.code(204).send(null);
		},
	);
}
