import {
	grantAdminByEmail,
	type RoleChange,
	revokeAdminByEmail,
} from "../src/server/features/accounts/accounts.service.ts";
import { migrateToLatest } from "../src/server/platform/db/migrate.ts";
import { AppError } from "../src/server/platform/http/errors.ts";
import {
	legacyImagesDir,
	loadConfigOrExit,
	loadDotEnv,
	openDatabaseOrExit,
} from "../src/server/start-up.ts";

const USAGE =
	"Usage: npm run admin -- grant <email>   (make an account an admin)\n" +
	"       npm run admin -- grant <email> --unconfirmed  (even if its email is not confirmed)\n" +
	"       npm run admin -- revoke <email>  (take the admin role away and sign it out)\n" +
	"Both are recorded in the security log.";

const CONFIG_NOTE =
	"ADMIN_EMAILS still lists it, which makes the account an admin once its email is verified: remove it there too";

function describeChange(change: RoleChange): string {
	switch (change.outcome) {
		case "granted":
			return `${change.email} is now an admin.`;
		case "already-admin":
			return `${change.email} is already an admin; nothing changed.`;
		case "revoked":
			return change.stillAdminByConfig
				? `${change.email} no longer has the admin role and is signed out everywhere, but ${CONFIG_NOTE}.`
				: `${change.email} is no longer an admin and is signed out everywhere.`;
		case "not-admin":
			return change.stillAdminByConfig
				? `${change.email} has no admin role to take away, but ${CONFIG_NOTE}.`
				: `${change.email} is not an admin; nothing changed.`;
	}
}

const [command, email, ...extra] = process.argv.slice(2);
const isUnconfirmedAllowed =
	command === "grant" && extra.length === 1 && extra[0] === "--unconfirmed";
if (
	(command !== "grant" && command !== "revoke") ||
	!email?.trim() ||
	(extra.length > 0 && !isUnconfirmedAllowed)
) {
	console.error(USAGE);
	process.exit(1);
}

loadDotEnv();
const config = loadConfigOrExit();
const db = await openDatabaseOrExit(config);
try {
	await migrateToLatest(db, {
		legacyImagesDir: legacyImagesDir(config),
	});
	const change =
		command === "grant"
			? await grantAdminByEmail(db, email.trim(), { isUnconfirmedAllowed })
			: await revokeAdminByEmail(db, email.trim(), config.auth.adminEmails);
	console.info(describeChange(change));
} catch (error) {
	// A refusal the command explains (no such account, the last admin); anything else is a crash.
	if (!(error instanceof AppError)) throw error;
	console.error(`${error.message}.`);
	process.exitCode = 1;
} finally {
	await db.destroy();
}
