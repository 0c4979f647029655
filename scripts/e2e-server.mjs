// The server the browser journeys run against: `npm start` on a fresh data directory with the
// demo content.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tools-gallery-e2e-"));
process.on("exit", () => fs.rmSync(dataDir, { recursive: true, force: true }));
process.env.DATA_DIR = dataDir;
process.env.SEED_DEMO = "true";
process.env.LOG_LEVEL ??= "warn";
// Empty, not deleted: a .env file fills in variables that are missing, and empty means SQLite.
process.env.DATABASE_URL = "";
await import("./start.mjs");
