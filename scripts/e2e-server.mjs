// The server the browser journeys run against: `npm start` on a fresh data directory with the
// demo content, its own address as PUBLIC_URL (state-changing requests must come from it), a
// known admin address, and mail kept in DATA_DIR/outbox where the journeys read it.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const dataDir =
	process.env.E2E_DATA_DIR ??
	fs.mkdtempSync(path.join(os.tmpdir(), "tools-gallery-e2e-"));
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });
process.on("exit", () => fs.rmSync(dataDir, { recursive: true, force: true }));
process.env.DATA_DIR = dataDir;
process.env.SEED_DEMO = "true";
process.env.LOG_LEVEL ??= "warn";
process.env.PUBLIC_URL = `http://127.0.0.1:${process.env.PORT ?? "3000"}`;
// owner@e2e.test is the first-admin journey's: it is confirmed once, by that journey alone.
process.env.ADMIN_EMAILS ??= "admin@e2e.test,owner@e2e.test";
process.env.SMTP_URL = "";
// Every journey's browser signs up, signs in, orders and reviews from this one address, many times
// faster than people do: the per-address limits are tested by the server tests, not here.
process.env.AUTH_ADDRESS_LIMIT ??= "100000";
process.env.QUOTA_SCALE ??= "1000";
// 'CONTINUE WITH GOOGLE' signs in at a local OpenID issuer on loopback as a fixed Google user.
const { startLocalIssuer } = await import(
	"../src/server/test-support/oidc-issuer.ts"
);
const issuer = await startLocalIssuer(
	`${process.env.PUBLIC_URL}/api/auth/callback/google`,
);
issuer.setAccount({
	email: "google.user@e2e.test",
	name: "Gia Google",
	emailVerified: true,
});
process.env.GOOGLE_CLIENT_ID = issuer.clientId;
process.env.GOOGLE_CLIENT_SECRET = issuer.clientSecret;
process.env.GOOGLE_ISSUER_URL = issuer.issuerUrl;
// Empty, not deleted: a .env file fills in variables that are missing, and empty means SQLite.
process.env.DATABASE_URL = "";
await import("./start.mjs");
