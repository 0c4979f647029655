import {
	PROFILE_TEXT_FIELDS,
	type Profile,
	type ProfileUpdate,
	type UserListItem,
	type UserPage,
} from "../../../shared/accounts.schemas.ts";
import type { PageQuery } from "../../../shared/paging.schemas.ts";
import type { Me } from "../../../shared/session.schemas.ts";
import type { Viewer } from "../../platform/auth/session-guard.ts";
import { deleteSessionsOf } from "../../platform/auth/session-store.ts";
import type { Db } from "../../platform/db/database.ts";
import { ConflictError, NotFoundError } from "../../platform/http/errors.ts";
import type { ImageStore } from "../../platform/images/image-store.ts";
import { processUploadedImage } from "../../platform/images/process-upload.ts";
import { recordAuditEvent } from "../audit/audit.service.ts";
import {
	countAdmins,
	deleteAccount,
	findAccountByEmail,
	findAccountById,
	findAccountsPage,
	findProfile,
	findTwoFactorEnabled,
	updateRole,
	updateUserImage,
	upsertProfile,
} from "./accounts.repository.ts";

export type AccountsDeps = {
	db: Db;
	images: ImageStore;
	adminEmails: readonly string[];
};

export function describeViewer(viewer: Viewer): Me {
	return {
		id: viewer.id,
		name: viewer.name,
		email: viewer.email,
		email_verified: viewer.emailVerified,
		image: viewer.image,
		is_admin: viewer.isAdmin,
		two_factor_enabled: viewer.twoFactorEnabled,
	};
}

export async function readProfile(db: Db, viewer: Viewer): Promise<Profile> {
	const profile = await findProfile(db, viewer.id);
	if (!profile) throw new NotFoundError("This account no longer exists");
	return profile;
}

/** Whether the account signs in with a second factor, as stored now. */
export function isTwoFactorEnabled(db: Db, userId: string): Promise<boolean> {
	return findTwoFactorEnabled(db, userId);
}

/** Empty values are left out, so they never erase what is stored (spec: profile form). */
export async function updateProfile(
	db: Db,
	viewer: Viewer,
	update: ProfileUpdate,
): Promise<Profile> {
	const fields: ProfileUpdate = {};
	for (const field of PROFILE_TEXT_FIELDS) {
		const value = update[field];
		if (value !== undefined && value !== "") fields[field] = value;
	}
	if (Object.keys(fields).length > 0)
		await upsertProfile(db, viewer.id, fields, new Date().toISOString());
	return readProfile(db, viewer);
}

export const PROFILE_PHOTO_SIZE = 256;

export async function updateProfilePhoto(
	{ db, images }: AccountsDeps,
	viewer: Viewer,
	bytes: Buffer,
): Promise<Profile> {
	const [webp] = await processUploadedImage(bytes, [
		{ width: PROFILE_PHOTO_SIZE, height: PROFILE_PHOTO_SIZE },
	]);
	if (!webp) throw new Error("no photo was encoded");
	const url = await images.putWebp("avatar", webp);
	await updateUserImage(db, viewer.id, url);
	// Only once the new photo is saved; one a review or another account still shows is kept.
	if (viewer.image && viewer.image !== url)
		await images.removeIfUnused(viewer.image);
	return readProfile(db, viewer);
}

export async function listAccounts(
	{ db, adminEmails }: AccountsDeps,
	query: PageQuery & { q?: string | undefined },
): Promise<UserPage> {
	const { items, total } = await findAccountsPage(db, {
		offset: (query.page - 1) * query.page_size,
		limit: query.page_size,
		search: query.q || undefined,
		adminEmails,
	});
	return { items, total, page: query.page, page_size: query.page_size };
}

/** Who asked for a change through the API, and from which address, for the security log. */
export type Requester = { viewer: Viewer; address: string };

const partyOf = (account: { id: string; email: string }) => ({
	id: account.id,
	email: account.email,
});

/** Make Admin; recorded in the security log when the role actually changes. */
export async function makeAdmin(
	{ db }: Pick<AccountsDeps, "db">,
	{ viewer, address }: Requester,
	userId: string,
): Promise<UserListItem> {
	const account = await findAccountById(db, userId);
	if (!account) throw new NotFoundError("No user has this id");
	if (account.role !== "admin")
		await db.transaction().execute(async (trx) => {
			await updateRole(trx, userId, "admin");
			await recordAuditEvent(trx, {
				kind: "admin.granted",
				actor: partyOf(viewer),
				subject: partyOf(account),
				address,
				details: { via: "dashboard" },
			});
		});
	return {
		id: account.id,
		email: account.email,
		name: account.name,
		role: "admin",
		created_at: account.created_at,
	};
}

function isAdminRow(
	account: { role: string; email: string; email_verified: boolean },
	adminEmails: readonly string[],
): boolean {
	return (
		account.role === "admin" ||
		(account.email_verified && adminEmails.includes(account.email))
	);
}

/** Refuses to leave the shop without an admin; the caller then deletes or demotes. */
export async function assertNotLastAdmin(
	{ db, adminEmails }: Pick<AccountsDeps, "db" | "adminEmails">,
	userId: string,
	action: string,
): Promise<void> {
	const account = await findAccountById(db, userId);
	if (!account || !isAdminRow(account, adminEmails)) return;
	if ((await countAdmins(db, adminEmails)) <= 1)
		throw new ConflictError(
			`The last admin cannot be ${action}; make another admin first`,
		);
}

/** Removes a user and, with the account, every session it had (they end at once); logged. */
export async function removeUser(
	deps: AccountsDeps,
	{ viewer, address }: Requester,
	userId: string,
): Promise<void> {
	if (userId === viewer.id)
		throw new ConflictError("You cannot remove yourself; ask another admin");
	const account = await findAccountById(deps.db, userId);
	if (!account) throw new NotFoundError("No user has this id");
	await deps.db.transaction().execute(async (trx) => {
		await assertNotLastAdmin({ ...deps, db: trx }, userId, "removed");
		await deleteAccount(trx, userId);
		await recordAuditEvent(trx, {
			kind: "user.removed",
			actor: partyOf(viewer),
			subject: partyOf(account),
			address,
			details: { via: "dashboard" },
		});
	});
}

/**
 * Runs just before the auth library deletes an account at its owner's request: refuses the last
 * admin, then logs the removal as the owner's own. The library deletes right after this returns,
 * outside any transaction of ours.
 */
export async function prepareOwnAccountDeletion(
	deps: Pick<AccountsDeps, "db" | "adminEmails">,
	userId: string,
): Promise<void> {
	await assertNotLastAdmin(deps, userId, "deleted");
	const account = await findAccountById(deps.db, userId);
	if (!account) return;
	await recordAuditEvent(deps.db, {
		kind: "user.removed",
		actor: partyOf(account),
		subject: partyOf(account),
		details: { via: "own account" },
	});
}

export type RoleChange =
	| { outcome: "granted" | "already-admin"; email: string }
	| {
			outcome: "revoked" | "not-admin";
			email: string;
			stillAdminByConfig: boolean;
	  };

/** `npm run admin -- grant <email>`: the account must exist (sign up first). */
export async function grantAdminByEmail(
	db: Db,
	email: string,
	{ isUnconfirmedAllowed = false }: { isUnconfirmedAllowed?: boolean } = {},
): Promise<RoleChange> {
	const account = await findAccountByEmail(db, email);
	if (!account)
		throw new NotFoundError(`No account uses ${email}; sign up first`);
	if (account.role === "admin")
		return { outcome: "already-admin", email: account.email };
	// Anyone can sign up with any address: until its owner confirms it, the account may be a
	// stranger's, who would then hold the admin role.
	if (!account.email_verified && !isUnconfirmedAllowed)
		throw new ConflictError(
			`${account.email} is not confirmed, so whoever signed up with it may not own it; have the owner follow the mailed link (or Forgot password) first, or add --unconfirmed if you know the account is theirs`,
		);
	await db.transaction().execute(async (trx) => {
		await updateRole(trx, account.id, "admin");
		await recordAuditEvent(trx, {
			kind: "admin.granted",
			subject: partyOf(account),
			details: { via: "shell" },
		});
	});
	return { outcome: "granted", email: account.email };
}

/**
 * `npm run admin -- revoke <email>`: never leaves the shop without an admin. Every session of the
 * account ends with the role, in the same transaction, so an open dashboard stops working at once.
 */
export async function revokeAdminByEmail(
	db: Db,
	email: string,
	adminEmails: readonly string[],
): Promise<RoleChange> {
	const account = await findAccountByEmail(db, email);
	if (!account) throw new NotFoundError(`No account uses ${email}`);
	const stillAdminByConfig = adminEmails.includes(account.email);
	if (account.role !== "admin")
		return { outcome: "not-admin", email: account.email, stillAdminByConfig };
	// Still an admin through ADMIN_EMAILS afterwards: the admin count does not drop.
	await db.transaction().execute(async (trx) => {
		if (!(stillAdminByConfig && account.email_verified))
			await assertNotLastAdmin({ db: trx, adminEmails }, account.id, "demoted");
		await updateRole(trx, account.id, "customer");
		await deleteSessionsOf(trx, account.id);
		await recordAuditEvent(trx, {
			kind: "admin.revoked",
			subject: partyOf(account),
			details: { via: "shell" },
		});
	});
	return { outcome: "revoked", email: account.email, stillAdminByConfig };
}

/** The accounts' use cases for the API, as app.ts hands them to the routes and the auth library. */
export function createAccountUseCases(deps: AccountsDeps) {
	const { db } = deps;
	return {
		readProfile: (viewer: Viewer) => readProfile(db, viewer),
		updateProfile: (viewer: Viewer, update: ProfileUpdate) =>
			updateProfile(db, viewer, update),
		updateProfilePhoto: (viewer: Viewer, bytes: Buffer) =>
			updateProfilePhoto(deps, viewer, bytes),
		listAccounts: (query: PageQuery & { q?: string | undefined }) =>
			listAccounts(deps, query),
		makeAdmin: (requester: Requester, userId: string) =>
			makeAdmin(deps, requester, userId),
		removeUser: (requester: Requester, userId: string) =>
			removeUser(deps, requester, userId),
		prepareOwnAccountDeletion: (userId: string) =>
			prepareOwnAccountDeletion(deps, userId),
	};
}

export type AccountUseCases = ReturnType<typeof createAccountUseCases>;
