import {
	type ChildProcess,
	execFileSync,
	spawn,
	spawnSync,
} from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { PROJECT_ROOT } from "../../src/server/project-paths.ts";
import { createPostgresDatabase } from "../../src/server/test-support/postgres-database.ts";

// Several instances of the built shop on one PostgreSQL database behind Debian's nginx, on
// loopback, started from the shipped deploy/ files: each instance from the systemd unit's
// ExecStart, WorkingDirectory and Environment lines, the balancer from the nginx site as it is
// with its ports moved to free ones. npm run test:scale and npm run bench:scale run on it.

const UNIT_FILE = path.join(
	PROJECT_ROOT,
	"deploy",
	"systemd",
	"tools-gallery@.service",
);
const SITE_FILE = path.join(
	PROJECT_ROOT,
	"deploy",
	"nginx",
	"tools-gallery.conf",
);

export async function freePort(): Promise<number> {
	const server = net.createServer();
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	const address = server.address();
	await new Promise<void>((resolve) => server.close(() => resolve()));
	if (!address || typeof address === "string") throw new Error("no free port");
	return address.port;
}

export type UnitCommand = {
	command: string;
	args: string[];
	workingDirectory: string;
	/** The Environment lines (the environment file overrides them). */
	environment: Record<string, string>;
	/** The assignments of ExecStart's `/usr/bin/env`, which override everything. */
	overrides: Record<string, string>;
};

/** The unit's ExecStart, WorkingDirectory and Environment lines for the instance `%i`. */
export function readUnit(instance: string, file = UNIT_FILE): UnitCommand {
	const lines = fs
		.readFileSync(file, "utf8")
		.split("\n")
		.map((line) => line.trim())
		.filter((line) => line !== "" && !line.startsWith("#"));
	const value = (key: string) =>
		lines
			.filter((line) => line.startsWith(`${key}=`))
			.map((line) => line.slice(key.length + 1).replaceAll("%i", instance));
	const execStart = value("ExecStart")[0];
	const workingDirectory = value("WorkingDirectory")[0];
	if (!execStart || !workingDirectory)
		throw new Error(`${file} has no ExecStart or WorkingDirectory`);
	let words = execStart.split(/\s+/);
	const environment: Record<string, string> = {};
	const assign = (target: Record<string, string>, assignment: string) => {
		const at = assignment.indexOf("=");
		target[assignment.slice(0, at)] = assignment.slice(at + 1);
	};
	for (const assignment of value("Environment"))
		assign(environment, assignment);
	// `/usr/bin/env NAME=value … command`: the assignments apply over everything else.
	const overrides: Record<string, string> = {};
	if (words[0] === "/usr/bin/env") {
		words = words.slice(1);
		while (words[0]?.includes("=")) assign(overrides, words.shift() ?? "");
	}
	const [command, ...args] = words;
	if (!command) throw new Error(`${file}: ExecStart is empty`);
	return { command, args, workingDirectory, environment, overrides };
}

/**
 * The shipped nginx site with its upstream servers replaced by `upstreamPorts` and its listening
 * address by 127.0.0.1:`listenPort`; everything else as shipped.
 */
export function siteFor(upstreamPorts: number[], listenPort: number): string {
	const site = fs.readFileSync(SITE_FILE, "utf8");
	const servers = [...site.matchAll(/^(\s*)server 127\.0\.0\.1:\d+(.*)$/gm)];
	const first = servers[0];
	if (!first || first.index === undefined)
		throw new Error(`${SITE_FILE} lists no upstream server`);
	const [, indent, options] = first;
	let result = site.replace(/^\s*server 127\.0\.0\.1:\d+.*\n/gm, "");
	result = result.replace(
		/^(\s*)keepalive /m,
		`${upstreamPorts.map((port) => `${indent}server 127.0.0.1:${port}${options}\n`).join("")}$1keepalive `,
	);
	result = result
		.replace(/^\s*listen \[::\]:80;\n/m, "")
		.replace(/^(\s*)listen 80;/m, `$1listen 127.0.0.1:${listenPort};`);
	if (!result.includes(`listen 127.0.0.1:${listenPort};`))
		throw new Error(`${SITE_FILE} has no "listen 80;" line to move`);
	return result;
}

export type Instance = {
	port: number;
	origin: string;
	child: ChildProcess;
	kill(signal: NodeJS.Signals): Promise<void>;
};

export type Cluster = {
	/** The balancer's address: what customers use. */
	origin: string;
	databaseUrl: string;
	dataDir: string;
	instances: Instance[];
	/** The end of each instance's log and of nginx's error log, for a failure's report. */
	logTails(): string;
	stop(): Promise<void>;
};

async function waitUntilReady(
	url: string,
	child: ChildProcess,
	timeoutMs: number,
): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (Date.now() < deadline) {
		if (child.exitCode !== null)
			throw new Error(`the server exited with code ${child.exitCode}`);
		try {
			if ((await fetch(url)).ok) return;
		} catch {
			// not listening yet
		}
		await new Promise((resolve) => setTimeout(resolve, 100));
	}
	throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

function exited(child: ChildProcess): Promise<void> {
	if (child.exitCode !== null || child.signalCode !== null)
		return Promise.resolve();
	return new Promise((resolve) => child.once("exit", () => resolve()));
}

/**
 * Starts `count` instances (the first alone, so it alone migrates and seeds) and nginx in front.
 * `settings` is the instances' environment file (/etc/tools-gallery/env in production).
 */
export async function startCluster({
	count,
	adminUrl,
	settings,
	workingDirectory = PROJECT_ROOT,
	log = () => {},
}: {
	count: number;
	adminUrl: string;
	settings: (origin: string) => Record<string, string>;
	/** Where the unit's WorkingDirectory (/opt/tools-gallery) is: a built tree of the project. */
	workingDirectory?: string;
	log?: (line: string) => void;
}): Promise<Cluster> {
	const nginx = process.env.NGINX_PATH ?? "/usr/sbin/nginx";
	if (!fs.existsSync(nginx))
		throw new Error(
			`nginx is not at ${nginx}: install Debian's nginx (apt-get install nginx) or set NGINX_PATH`,
		);
	const workDir = fs.mkdtempSync(
		path.join(os.tmpdir(), "tools-gallery-scale-"),
	);
	const dataDir = path.join(workDir, "data");
	const database = await createPostgresDatabase(
		adminUrl,
		"tools_gallery_scale",
	);
	const balancerPort = await freePort();
	const origin = `http://127.0.0.1:${balancerPort}`;
	const instances: Instance[] = [];
	let nginxChild: ChildProcess | undefined;

	const logTails = () =>
		["instance-1.log", "instance-2.log", "nginx/error.log"]
			.map((name) => {
				const file = path.join(workDir, name);
				if (!fs.existsSync(file)) return "";
				const text = fs
					.readFileSync(file, "utf8")
					.trim()
					.split("\n")
					.slice(-15)
					.join("\n");
				return `--- ${name}\n${text}`;
			})
			.join("\n");
	const stop = async () => {
		await Promise.all(instances.map((instance) => instance.kill("SIGTERM")));
		if (nginxChild && nginxChild.exitCode === null) {
			nginxChild.kill("SIGQUIT");
			await exited(nginxChild);
		}
		await database.drop().catch(() => {});
		fs.rmSync(workDir, { recursive: true, force: true });
	};

	try {
		for (let index = 0; index < count; index++) {
			const port = await freePort();
			const unit = readUnit(String(port));
			// As systemd sets it: the unit's Environment lines, its EnvironmentFile over them, then
			// ExecStart's own assignments. The unit's paths on a real machine are moved to this run's:
			// the project and a data folder.
			const environment: NodeJS.ProcessEnv = {
				...process.env,
				...unit.environment,
				...settings(origin),
				DATABASE_URL: database.url,
				...unit.overrides,
				DATA_DIR: dataDir,
			};
			if (environment.PORT !== String(port))
				throw new Error(
					`the unit does not set the instance's port (PORT=${environment.PORT})`,
				);
			const command =
				path.basename(unit.command) === "node"
					? process.execPath
					: unit.command;
			const logFile = fs.openSync(
				path.join(workDir, `instance-${index + 1}.log`),
				"a",
			);
			const child = spawn(command, unit.args, {
				cwd: workingDirectory,
				env: environment,
				stdio: ["ignore", logFile, logFile],
			});
			fs.closeSync(logFile);
			const instanceOrigin = `http://127.0.0.1:${port}`;
			const instance: Instance = {
				port,
				origin: instanceOrigin,
				child,
				async kill(signal) {
					if (child.exitCode !== null || child.signalCode !== null) return;
					child.kill(signal);
					await exited(child);
				},
			};
			instances.push(instance);
			await waitUntilReady(`${instanceOrigin}/api/ready`, child, 120_000);
			log(`instance ${index + 1} answers on port ${port}`);
		}

		const confDir = path.join(workDir, "nginx");
		fs.mkdirSync(confDir, { recursive: true });
		fs.writeFileSync(
			path.join(confDir, "tools-gallery.conf"),
			siteFor(
				instances.map((instance) => instance.port),
				balancerPort,
			),
		);
		// The main file Debian's /etc/nginx/nginx.conf would be, kept in this run's folder.
		fs.writeFileSync(
			path.join(confDir, "nginx.conf"),
			[
				"daemon off;",
				"worker_processes 1;",
				`pid ${confDir}/nginx.pid;`,
				`error_log ${confDir}/error.log warn;`,
				"events { worker_connections 1024; }",
				"http {",
				"  access_log off;",
				`  client_body_temp_path ${confDir}/body;`,
				`  proxy_temp_path ${confDir}/proxy;`,
				`  fastcgi_temp_path ${confDir}/fastcgi;`,
				`  uwsgi_temp_path ${confDir}/uwsgi;`,
				`  scgi_temp_path ${confDir}/scgi;`,
				`  include ${confDir}/tools-gallery.conf;`,
				"}",
				"",
			].join("\n"),
		);
		// This run's folder as nginx's prefix, its error log from the start, and the main file above.
		const nginxArgs = [
			"-p",
			confDir,
			"-e",
			`${confDir}/error.log`,
			"-c",
			`${confDir}/nginx.conf`,
		];
		const check = spawnSync(nginx, ["-t", "-q", ...nginxArgs], {
			encoding: "utf8",
		});
		if (check.status !== 0)
			throw new Error(`nginx refuses the site: ${check.stderr}`);
		nginxChild = spawn(nginx, nginxArgs, {
			stdio: ["ignore", "ignore", "inherit"],
		});
		await waitUntilReady(`${origin}/api/ready`, nginxChild, 10_000);
		log(`nginx balances ${count} instance(s) at ${origin}`);
		return {
			origin,
			databaseUrl: database.url,
			dataDir,
			instances,
			logTails,
			stop,
		};
	} catch (error) {
		console.error(logTails());
		await stop();
		throw error;
	}
}

/**
 * The project as a production machine holds it after `npm ci --omit=dev` on a built tree: its
 * files and dist/ with their times kept (npm start compares them), and only the production
 * packages: the project's own node_modules hard-linked, then pruned of every dev dependency (no
 * download, no compile). Answers the folder.
 */
export function productionTree(into: string): string {
	const app = path.join(into, "app");
	// The project's files (those git would commit) and the build, with their times, folders'
	// included, set as the project's own: `npm start` compares them to know the build is fresh.
	const files = execFileSync(
		"git",
		["ls-files", "-z", "--cached", "--others", "--exclude-standard"],
		{ cwd: PROJECT_ROOT },
	)
		.toString()
		.split("\0")
		.filter(
			(file) => file !== "" && fs.existsSync(path.join(PROJECT_ROOT, file)),
		);
	for (const file of [...files, "dist"])
		fs.cpSync(path.join(PROJECT_ROOT, file), path.join(app, file), {
			recursive: true,
			preserveTimestamps: true,
		});
	const folders = new Set<string>();
	for (const file of files)
		for (
			let folder = path.dirname(file);
			folder !== ".";
			folder = path.dirname(folder)
		)
			folders.add(folder);
	for (const folder of [...folders].sort((a, b) => b.length - a.length)) {
		const { atime, mtime } = fs.statSync(path.join(PROJECT_ROOT, folder));
		fs.utimesSync(path.join(app, folder), atime, mtime);
	}
	execFileSync("cp", [
		"-al",
		path.join(PROJECT_ROOT, "node_modules"),
		path.join(app, "node_modules"),
	]);
	// npm rewrites this file: a copy of its own, so the project's is never touched.
	const npmLock = path.join(app, "node_modules", ".package-lock.json");
	if (fs.existsSync(npmLock)) {
		const text = fs.readFileSync(npmLock);
		fs.rmSync(npmLock);
		fs.writeFileSync(npmLock, text);
	}
	execFileSync("npm", ["prune", "--omit=dev", "--no-audit", "--no-fund"], {
		cwd: app,
		stdio: "ignore",
	});
	// npm prune rewrites the lockfile, which npm ci never does: put the project's back.
	for (const file of ["package.json", "package-lock.json"])
		fs.cpSync(path.join(PROJECT_ROOT, file), path.join(app, file), {
			preserveTimestamps: true,
		});
	return app;
}
