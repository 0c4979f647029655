import { randomUUID } from "node:crypto";
import {
	API_KEYS_ACTIVE_MAX,
	type ApiKey,
	type ApiKeyPage,
	type CreatedApiKey,
	type NewApiKeyInput,
} from "../../../shared/api-keys.schemas.ts";
import type { PageQuery } from "../../../shared/paging.schemas.ts";
import { makeApiKeySecret } from "../../platform/auth/api-key-guard.ts";
import type { Viewer } from "../../platform/auth/session-guard.ts";
import type { Db } from "../../platform/db/database.ts";
import { readPage } from "../../platform/db/paging.ts";
import { ConflictError, NotFoundError } from "../../platform/http/errors.ts";
import { recordAuditEvent } from "../audit/audit.service.ts";
import {
	countApiKeys,
	findApiKey,
	findApiKeysPage,
	insertApiKey,
	markApiKeyRevoked,
} from "./api-keys.repository.ts";

const KEY_NOT_FOUND = "API key not found";

/**
 * Makes a key with a fresh secret, returned this once: only its digest is kept. A shop holds at
 * most API_KEYS_ACTIVE_MAX keys that are not revoked. Recorded in the security log with the
 * change, in one transaction.
 */
async function makeApiKey(
	db: Db,
	admin: Viewer,
	input: NewApiKeyInput,
	address: string,
): Promise<CreatedApiKey> {
	const { secret, hash, prefix } = makeApiKeySecret();
	const id = randomUUID();
	await db.transaction().execute(async (trx) => {
		if ((await countApiKeys(trx, { isActive: true })) >= API_KEYS_ACTIVE_MAX)
			throw new ConflictError(
				`A shop holds at most ${API_KEYS_ACTIVE_MAX} active API keys: revoke one first`,
			);
		await insertApiKey(trx, {
			id,
			name: input.name,
			scopes: JSON.stringify(input.scopes),
			key_hash: hash,
			prefix,
			created_by: admin.id,
			created_by_email: admin.email,
			created_at: new Date().toISOString(),
		});
		await recordAuditEvent(trx, {
			kind: "api_key.created",
			actor: { id: admin.id, email: admin.email },
			address,
			details: { name: input.name, scopes: input.scopes.join(" "), prefix },
		});
	});
	const key = await findApiKey(db, id);
	if (!key) throw new Error("the key just made went missing");
	return { key, secret };
}

/**
 * Revokes a key at once: the next request with it is refused. Revoking a revoked key answers it
 * as it is.
 */
async function revokeApiKey(
	db: Db,
	admin: Viewer,
	id: string,
	address: string,
): Promise<ApiKey> {
	await db.transaction().execute(async (trx) => {
		const key = await findApiKey(trx, id);
		if (!key) throw new NotFoundError(KEY_NOT_FOUND);
		if (!(await markApiKeyRevoked(trx, id, new Date().toISOString()))) return;
		await recordAuditEvent(trx, {
			kind: "api_key.revoked",
			actor: { id: admin.id, email: admin.email },
			address,
			details: { name: key.name, prefix: key.prefix },
		});
	});
	const key = await findApiKey(db, id);
	if (!key) throw new NotFoundError(KEY_NOT_FOUND);
	return key;
}

export function createApiKeyUseCases(db: Db) {
	return {
		/** Every key, newest first, revoked ones included; never a secret. */
		listApiKeys: (query: PageQuery): Promise<ApiKeyPage> =>
			readPage(
				query,
				(offset, limit) => findApiKeysPage(db, offset, limit),
				() => countApiKeys(db),
			),
		makeApiKey: (admin: Viewer, input: NewApiKeyInput, address: string) =>
			makeApiKey(db, admin, input, address),
		revokeApiKey: (admin: Viewer, id: string, address: string) =>
			revokeApiKey(db, admin, id, address),
	};
}

export type ApiKeyUseCases = ReturnType<typeof createApiKeyUseCases>;
