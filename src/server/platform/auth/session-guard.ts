import type { FastifyReply, FastifyRequest } from "fastify";
import { ForbiddenError, UnauthorizedError } from "../http/errors.ts";
import type { Auth } from "./auth.ts";
import { isAdminAccount } from "./roles.ts";

/** Who is calling, as the routes and services see them. */
export type Viewer = {
	id: string;
	name: string;
	email: string;
	emailVerified: boolean;
	image: string | null;
	isAdmin: boolean;
	twoFactorEnabled: boolean;
};

declare module "fastify" {
	interface FastifyRequest {
		/** Set by the session guard's preHandlers; null for anonymous callers. */
		viewer: Viewer | null;
	}
}

export type SessionGuard = {
	readViewer(
		request: FastifyRequest,
		reply: FastifyReply,
	): Promise<Viewer | null>;
	/** preHandler: 401 unless signed in. */
	requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void>;
	/** preHandler: 401 unless signed in, 403 unless an admin. */
	requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void>;
};

function toHeaders(request: FastifyRequest): Headers {
	const headers = new Headers();
	const { cookie, authorization } = request.headers;
	if (cookie) headers.set("cookie", cookie);
	if (authorization) headers.set("authorization", authorization);
	return headers;
}

export function createSessionGuard(
	auth: Auth,
	adminEmails: readonly string[],
): SessionGuard {
	async function readViewer(
		request: FastifyRequest,
		reply: FastifyReply,
	): Promise<Viewer | null> {
		if (!request.headers.cookie && !request.headers.authorization) return null;
		const { headers, response } = await auth.api.getSession({
			headers: toHeaders(request),
			returnHeaders: true,
		});
		// A session past its refresh age is extended; the browser gets the renewed cookie.
		const cookies = headers.getSetCookie();
		if (cookies.length > 0) reply.header("set-cookie", cookies);
		if (!response) return null;
		const { user } = response;
		const emailVerified = Boolean(user.emailVerified);
		return {
			id: user.id,
			name: user.name,
			email: user.email,
			emailVerified,
			image: user.image ?? null,
			isAdmin: isAdminAccount(
				{ role: user.role, email: user.email, emailVerified },
				adminEmails,
			),
			twoFactorEnabled: Boolean(user.twoFactorEnabled),
		};
	}

	return {
		readViewer,
		async requireUser(request, reply) {
			request.viewer = await readViewer(request, reply);
			if (!request.viewer) throw new UnauthorizedError();
		},
		async requireAdmin(request, reply) {
			request.viewer = await readViewer(request, reply);
			if (!request.viewer) throw new UnauthorizedError();
			if (!request.viewer.isAdmin) throw new ForbiddenError();
		},
	};
}

/** The caller of a route behind requireUser or requireAdmin. */
export function signedInViewer(request: FastifyRequest): Viewer {
	if (!request.viewer) throw new UnauthorizedError();
	return request.viewer;
}
