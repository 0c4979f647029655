import type { FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../db/database.ts";
import { ForbiddenError, UnauthorizedError } from "../http/errors.ts";
import {
	type Auth,
	SESSION_ABSOLUTE_LIFETIME_SECONDS,
	SESSION_LIFETIME_SECONDS,
	SESSION_REFRESH_AGE_SECONDS,
	sessionCookieName,
} from "./auth.ts";
import { isAdminAccount } from "./roles.ts";
import {
	findSessionByToken,
	readCookie,
	readSignedToken,
	type StoredSession,
} from "./session-store.ts";
import { hashSessionToken } from "./session-token-hashing.ts";

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
	/**
	 * Who the request's session belongs to, as stored, without extending it. A session past its
	 * absolute lifetime is deleted here, so the auth library's own endpoints (which only know the
	 * sliding expiry) see no session either.
	 */
	peekViewer(request: FastifyRequest): Promise<Viewer | null>;
	/** Ends the session of a signed token (as the set-auth-token header gives it). */
	endSignedSession(signedToken: string): Promise<void>;
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
		// Only signed, as the set-auth-token header gives it: a token read from the database alone
		// (a backup, a leaked row) opens nothing without AUTH_SECRET.
		const bearer = authorization.slice("Bearer ".length).trim();
		return readSignedToken(bearer, secret);
	}
	const cookie = request.headers.cookie;
	const value = cookie ? readCookie(cookie, cookieName) : undefined;
	return value ? readSignedToken(value, secret) : undefined;
}

/** However often it is used, a session ends this long after sign-in. */
function isPastAbsoluteLifetime(createdAt: number, now: number): boolean {
	return now - createdAt >= SESSION_ABSOLUTE_LIFETIME_SECONDS * 1000;
}

async function deleteSession(db: Db, token: string): Promise<void> {
	await db
		.deleteFrom("sessions")
		.where("token", "=", hashSessionToken(token))
		.execute();
}

export function createSessionGuard({
	auth,
	db,
	secret,
	adminEmails,
	isHttps,
}: SessionGuardDeps): SessionGuard {
	const cookieName = sessionCookieName(isHttps);

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
		const stored = await findLiveSession(request);
		if (!stored) return null;
		const now = Date.now();
		const isDueForRefresh =
			stored.expiresAt - now <
			(SESSION_LIFETIME_SECONDS - SESSION_REFRESH_AGE_SECONDS) * 1000;
		if (!isDueForRefresh) return toViewer(stored.user);
		return readThroughLibrary(request, reply);
	}

	/** The unexpired session a request carries; one past its absolute lifetime is ended instead. */
	async function findLiveSession(
		request: FastifyRequest,
	): Promise<StoredSession | undefined> {
		const token = findToken(request, secret, cookieName);
		if (!token) return undefined;
		const stored = await findSessionByToken(db, token);
		const now = Date.now();
		if (!stored || stored.expiresAt <= now) return undefined;
		if (isPastAbsoluteLifetime(stored.createdAt, now)) {
			await deleteSession(db, token);
			return undefined;
		}
		return stored;
	}

	return {
		readViewer,
		async endSignedSession(signedToken) {
			const token = readSignedToken(signedToken, secret);
			if (token) await deleteSession(db, token);
		},
		async peekViewer(request) {
			const stored = await findLiveSession(request);
			return stored ? toViewer(stored.user) : null;
		},
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
