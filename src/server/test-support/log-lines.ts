import { Writable } from "node:stream";

/** A stream for a logger, keeping each JSON line written to it as an object, in order. */
export function createLogLines(): {
	stream: Writable;
	lines: Record<string, unknown>[];
} {
	const lines: Record<string, unknown>[] = [];
	const stream = new Writable({
		write(chunk, _encoding, done) {
			for (const line of String(chunk).split("\n"))
				if (line.startsWith("{")) lines.push(JSON.parse(line));
			done();
		},
	});
	return { stream, lines };
}
