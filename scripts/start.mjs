// `npm start`: bring the web app and the server up to date, then run the compiled server.
// The build runs in a child process so the server does not keep the build tools in memory.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const projectRoot = fileURLToPath(new URL("..", import.meta.url));
const build = spawnSync(
	process.execPath,
	["--import", "tsx", "scripts/build.ts", "--if-stale"],
	{
		cwd: projectRoot,
		stdio: "inherit",
	},
);
if (build.status !== 0) process.exit(build.status ?? 1);

process.setSourceMapsEnabled(true);
await import("../dist/server/main.js");
