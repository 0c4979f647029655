import type { FastifyInstance } from "fastify";

/** "METHOD /path" of every route, read from Fastify's own route tree, sorted. */
export function listRoutes(app: FastifyInstance): string[] {
	const routes: string[] = [];
	const segments: string[] = [];
	for (const line of app.printRoutes().split("\n")) {
		const match =
			/^((?:│ {3}| {4})*)(?:├── |└── )(\S+)(?: \(([A-Z, ]+)\))?$/.exec(line);
		if (!match) continue;
		const [, indent = "", segment = "", methods] = match;
		segments.length = indent.length / 4;
		segments.push(segment);
		for (const method of methods?.split(", ") ?? [])
			routes.push(`${method} ${segments.join("")}`);
	}
	return routes.sort();
}
