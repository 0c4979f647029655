import type { FastifyRequest } from "fastify";
import { AUTH_BASE_PATH } from "../../platform/auth/auth.ts";
import type { SessionGuard } from "../../platform/auth/session-guard.ts";
import type { Db } from "../../platform/db/database.ts";
import { isTwoFactorEnabled } from "../accounts/accounts.service.ts";
import { recordAuditEvent, recordTwoFactorChange } from "./audit.service.ts";

const TWO_FACTOR_PREFIX = `${AUTH_BASE_PATH}/two-factor/`;

/**
 * The security log's view of the auth library's endpoints, which are not our routes: what a request
 * changed is read before and after it, so the log holds what happened, not what was asked.
 */
export function createAuthAudit({
	db,
	guard,
}: {
	db: Db;
	guard: SessionGuard;
}) {
	return {
		/** For the auth bridge: runs before each auth request; what it returns runs after a success. */
		async beforeAuthRequest(
			request: FastifyRequest,
			path: string,
		): Promise<(() => Promise<void>) | undefined> {
			// Read for every auth request: it also ends a session past its absolute lifetime.
			const before = await guard.peekViewer(request);
			if (!before || !path.startsWith(TWO_FACTOR_PREFIX)) return undefined;
			return async () => {
				const after = await guard.peekViewer(request);
				// Turning it on ends the old session: the account is read by id then.
				const isEnabled = after
					? after.twoFactorEnabled
					: await isTwoFactorEnabled(db, before.id);
				if (isEnabled === before.twoFactorEnabled) return;
				await recordTwoFactorChange(db, {
					user: { id: before.id, email: before.email },
					isEnabled,
					address: request.ip,
				});
			};
		},
		onSignInDelayed({ email, address }: { email: string; address: string }) {
			// The address may be anyone's, and the email may belong to no account: both are recorded
			// as the attempt named them, with no account id.
			void recordAuditEvent(db, {
				kind: "sign_in.locked",
				subject: null,
				address,
				details: { email },
			}).catch(() => undefined);
		},
	};
}

/** An address proved by its mailbox: by the confirmation link, or by choosing the password. */
export async function recordEmailConfirmation(
	db: Db,
	user: { id: string; email: string },
	how: "link" | "chosen-password",
): Promise<void> {
	const party = { id: user.id, email: user.email };
	await recordAuditEvent(db, {
		kind: "email.confirmed",
		actor: party,
		subject: party,
		details: { via: how },
	});
}
