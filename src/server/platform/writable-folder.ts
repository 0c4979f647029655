import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/** A folder the server cannot use; the message says why, in words for the operator. */
export class FolderError extends Error {
	constructor(message: string) {
		super(message);
		this.name = "FolderError";
	}
}

/**
 * Makes sure `dir` is a folder this process can write to, creating it and its missing parents.
 * Each missing folder is made on its own: `fs.mkdirSync(dir, { recursive: true })` spins forever
 * on some paths (/proc/1/x).
 */
export function ensureWritableFolder(dir: string): void {
	const target = path.resolve(dir);
	const missing: string[] = [];
	for (let current = target; ; current = path.dirname(current)) {
		const stat = statIfPresent(current);
		if (stat) {
			if (!stat.isDirectory()) {
				throw new FolderError(
					current === target
						? `${target} is a file, not a folder`
						: `cannot create ${target}: ${current} is a file, not a folder`,
				);
			}
			break;
		}
		missing.unshift(current);
		if (path.dirname(current) === current) break;
	}
	for (const folder of missing) {
		try {
			fs.mkdirSync(folder);
		} catch (error) {
			if (statIfPresent(folder)?.isDirectory()) continue;
			throw new FolderError(`cannot create ${target} (${reasonOf(error)})`);
		}
	}
	const probe = path.join(target, `.write-check-${randomUUID()}`);
	try {
		fs.writeFileSync(probe, "");
		fs.rmSync(probe);
	} catch (error) {
		throw new FolderError(`cannot write in ${target} (${reasonOf(error)})`);
	}
}

function statIfPresent(file: string): fs.Stats | undefined {
	try {
		return fs.statSync(file);
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		if (code === "ENOENT" || code === "ENOTDIR") return undefined;
		throw new FolderError(`cannot look at ${file} (${reasonOf(error)})`);
	}
}

/** "EACCES: permission denied" from Node's "EACCES: permission denied, mkdir '/x'". */
function reasonOf(error: unknown): string {
	return error instanceof Error
		? (error.message.split(",")[0] ?? error.message)
		: String(error);
}
