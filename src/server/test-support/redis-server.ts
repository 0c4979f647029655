import { type ChildProcess, spawn } from "node:child_process";
import net from "node:net";
import { onTestFinished } from "vitest";

export type RedisServer = {
	url: string;
	stop(): Promise<void>;
	/** Starts it again on the same port, empty. */
	start(): Promise<void>;
};

/** A loopback port nothing listens on right now. */
async function freePort(): Promise<number> {
	const server = net.createServer();
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	const address = server.address();
	await new Promise<void>((resolve) => server.close(() => resolve()));
	if (!address || typeof address === "string")
		throw new Error("no port was given");
	return address.port;
}

/** Answers once the server at `port` takes connections. */
async function waitForPort(port: number, child: ChildProcess): Promise<void> {
	const deadline = Date.now() + 10_000;
	while (Date.now() < deadline) {
		if (child.exitCode !== null)
			throw new Error(`redis-server exited with code ${child.exitCode}`);
		const isOpen = await new Promise<boolean>((resolve) => {
			const socket = net.connect(port, "127.0.0.1");
			socket.once("connect", () => {
				socket.destroy();
				resolve(true);
			});
			socket.once("error", () => resolve(false));
		});
		if (isOpen) return;
		await new Promise((resolve) => setTimeout(resolve, 50));
	}
	throw new Error("redis-server did not start in 10 seconds");
}

/**
 * A Redis server of this test's own on a loopback port (Debian's redis-server, which CI installs),
 * keeping nothing on disk; stopped when the test finishes.
 */
export async function startRedisServer(): Promise<RedisServer> {
	const port = await freePort();
	let child: ChildProcess | undefined;
	const start = async () => {
		const started = spawn(
			process.env.REDIS_SERVER_PATH ?? "redis-server",
			[
				"--port",
				String(port),
				"--bind",
				"127.0.0.1",
				"--save",
				"",
				"--appendonly",
				"no",
			],
			{ stdio: "ignore" },
		);
		await new Promise<void>((resolve, reject) => {
			started.once("spawn", resolve);
			started.once("error", (error) =>
				reject(
					new Error(
						`cannot start redis-server (install Debian's redis-server, or set REDIS_SERVER_PATH): ${error.message}`,
					),
				),
			);
		});
		child = started;
		await waitForPort(port, started);
	};
	const stop = async () => {
		const running = child;
		if (!running || running.exitCode !== null) return;
		const exited = new Promise((resolve) => running.once("exit", resolve));
		running.kill("SIGTERM");
		await exited;
	};
	onTestFinished(stop);
	await start();
	return { url: `redis://127.0.0.1:${port}`, stop, start };
}
