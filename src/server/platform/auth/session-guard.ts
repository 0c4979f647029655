import type { FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../db/database.ts";
import { ForbiddenError, UnauthorizedError } from "../http/errors.ts";
import {
	type Auth,
	SESSION_LIFETIME_SECONDS,
	SESSION_REFRESH_AGE_SECONDS,
} from "./auth.ts";
import { isAdminAccount } from "./roles.ts";
import {
	findSessionByToken,
	readCookie,
	readSignedToken,
} from "./session-store.ts";

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

export type SessionGuardDeps = {
	auth: Auth;
	db: Db;
	secret: string;
	adminEmails: readonly string[];
	isHttps: boolean;
};

/** The session token a request carries: a bearer token, or the signed session cookie. */
function findToken(
	request: FastifyRequest,
	secret: string,
	cookieName: string,
): string | undefined {
	const authorization = request.headers.authorization;
	if (authorization?.startsWith("Bearer ")) {
		const bearer = authorization.slice("Bearer ".length).trim();
		// The auth library accepts a bearer token bare or signed like the cookie.
		return bearer.includes(".") ? readSignedToken(bearer, secret) : bearer;
	}
	const cookie = request.headers.cookie;
	const value = cookie ? readCookie(cookie, cookieName) : undefined;
	return value ? readSignedToken(value, secret) : undefined;
}

export function createSessionGuard({
	auth,
	db,
	secret,
	adminEmails,
	isHttps,
}: SessionGuardDeps): SessionGuard {
	const cookieName = `${isHttps ? "__Secure-" : ""}better-auth.session_token`;

	function toViewer(user: {
		id: string;
		name: string;
		email: string;
		emailVerified: boolean;
		image?: string | null;
		role?: unknown;
		twoFactorEnabled?: boolean | null;
	}): Viewer {
		return {
			id: user.id,
			name: user.name,
			email: user.email,
			emailVerified: user.emailVerified,
			image: user.image ?? null,
			isAdmin: isAdminAccount(
				{
					role: user.role,
					email: user.email,
					emailVerified: user.emailVerified,
				},
				adminEmails,
			),
			twoFactorEnabled: Boolean(user.twoFactorEnabled),
		};
	}

	/** Through the auth library: it extends a session due for it and renews the cookie. */
	async function readThroughLibrary(
		request: FastifyRequest,
		reply: FastifyReply,
	): Promise<Viewer | null> {
		const { headers, response } = await auth.api.getSession({
			headers: toHeaders(request),
			returnHeaders: true,
		});
		const cookies = headers.getSetCookie();
		if (cookies.length > 0) reply.header("set-cookie", cookies);
		if (!response) return null;
		const { user } = response;
		return toViewer({ ...user, emailVerified: Boolean(user.emailVerified) });
	}

	/**
	 * Most requests: verify the token's signature and read the session with its user in one
	 * indexed query. A session due for its daily extension goes through the auth library once
	 * (decision 007).
	 */
	async function readViewer(
		request: FastifyRequest,
		reply: FastifyReply,
	): Promise<Viewer | null> {
		const token = findToken(request, secret, cookieName);
		if (!token) return null;
		const stored = await findSessionByToken(db, token);
		if (!stored) return null;
		const now = Date.now();
		if (stored.expiresAt <= now) return null;
		const isDueForRefresh =
			stored.expiresAt - now <
			(SESSION_LIFETIME_SECONDS - SESSION_REFRESH_AGE_SECONDS) * 1000;
		if (!isDueForRefresh) return toViewer(stored.user);
		return readThroughLibrary(request, reply);
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
