// First: it keeps start-up from growing the young generation that an idle server then holds.
import { releaseYoungGeneration } from "./platform/start-up-heap.ts";
import { WEB_BUILD_DIR } from "./project-paths.ts";
import {
	createServerOrExit,
	loadConfigOrExit,
	loadDotEnv,
} from "./start-up.ts";

loadDotEnv();
const config = { ...loadConfigOrExit(), webRoot: WEB_BUILD_DIR };
const { app, db } = await createServerOrExit(config);

let isShuttingDown = false;
async function shutDown(signal: string): Promise<void> {
	isShuttingDown = true;
	app.log.info(
		{ signal },
		"shutting down: no new connections, finishing requests in flight",
	);
	// A request that hangs must not keep the process alive forever.
	const forceExit = setTimeout(() => {
		app.log.error("shutdown took longer than 10 s; exiting");
		process.exit(1);
	}, 10_000);
	forceExit.unref();
	try {
		await app.close();
		await db.destroy();
		process.exit(0);
	} catch (error) {
		app.log.error({ err: error }, "shutdown failed");
		process.exit(1);
	}
}
// Once: a second signal gets Node's default handling and ends the process at once.
process.once("SIGTERM", () => void shutDown("SIGTERM"));
process.once("SIGINT", () => void shutDown("SIGINT"));

try {
	await app.listen({ port: config.port, host: config.host });
	releaseYoungGeneration();
} catch (error) {
	// A signal during start-up closes the server, which ends listen(); shutDown finishes the job.
	if (!isShuttingDown) {
		app.log.error({ err: error }, "could not listen");
		await db.destroy();
		process.exit(1);
	}
}
