import { vi } from "vitest";
import {
	dollarsToCents,
	searchTerms,
	type Tool,
} from "../../shared/tools.schemas.ts";
import { errorResponse, jsonResponse } from "./fake-api.ts";

export const admin = {
	id: "a1",
	name: "Ada Admin",
	email: "ada@example.com",
	email_verified: true,
	image: null,
	is_admin: true,
	two_factor_enabled: false,
};

/** The n-th tool of a catalog: a higher n was added later. */
export function aTool(n: number, changes: Partial<Tool> = {}): Tool {
	return {
		id: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
		tool_name: `Tool ${n}`,
		description: `The description of tool ${n}.`,
		price_cents: 1000 + n,
		available_quantity: 50,
		minimum_quantity: 5,
		img: `/images/tool-${n}.webp`,
		img_large: `/images/tool-${n}-large.webp`,
		supplier_name: "Northwind Power Tools",
		created_at: new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString(),
		updated_at: new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString(),
		version: 1,
		sku: `TG-${String(n).padStart(6, "0")}`,
		slug: `tool-${n}-tg-${String(n).padStart(6, "0")}`,
		pack_size: 1,
		price_breaks: [],
		...changes,
	};
}

export type SentRequest = {
	method: string;
	url: URL;
	/** The multipart fields of an add or edit; a file is named by its file name. */
	fields?: Record<string, string>;
};

function readFields(body: unknown): Record<string, string> | undefined {
	if (!(body instanceof FormData)) return undefined;
	const fields: Record<string, string> = {};
	for (const [name, value] of body.entries())
		fields[name] = typeof value === "string" ? value : value.name;
	return fields;
}

function matches(terms: string[], text: string): boolean {
	const words = searchTerms(text);
	return terms.every((term) => words.some((word) => word.startsWith(term)));
}

function withFields(tool: Tool, fields: Record<string, string>): Tool {
	return {
		...tool,
		tool_name: fields.tool_name ?? tool.tool_name,
		description: fields.description ?? tool.description,
		price_cents: dollarsToCents(fields.price ?? "0"),
		available_quantity: Number(fields.available_quantity),
		minimum_quantity: Number(fields.minimum_quantity),
	};
}

/**
 * The shop's catalog API over `catalog` (kept in memory, changed by the requests) for a signed-in
 * admin, as the server answers it: newest first, paged, searched word by word, edits checked
 * against the version they were made on (the stock moved by what the form changed). `answer` may answer a request first, to stage a failure.
 * Returns every request sent, in order.
 */
export function serveCatalog(
	catalog: Tool[],
	answer: (request: SentRequest) => Response | undefined = () => undefined,
): SentRequest[] {
	const sent: SentRequest[] = [];
	vi.stubGlobal(
		"fetch",
		async (input: RequestInfo | URL, init?: RequestInit) => {
			const url = new URL(String(input), window.location.href);
			const method = init?.method ?? "GET";
			const request = { method, url, fields: readFields(init?.body) };
			sent.push(request);
			const staged = answer(request);
			if (staged) return staged;
			if (url.pathname === "/api/session") return jsonResponse({ me: admin });
			if (url.pathname === "/api/tools" && method === "GET") {
				const page = Number(url.searchParams.get("page"));
				const pageSize = Number(url.searchParams.get("page_size"));
				const terms = searchTerms(url.searchParams.get("q") ?? "");
				const newestFirst = [...catalog].sort((a, b) =>
					b.created_at.localeCompare(a.created_at),
				);
				const found = terms.length
					? [
							...newestFirst.filter((tool) => matches(terms, tool.tool_name)),
							...newestFirst.filter(
								(tool) =>
									!matches(terms, tool.tool_name) &&
									matches(terms, tool.description),
							),
						]
					: newestFirst;
				return jsonResponse({
					items: found.slice((page - 1) * pageSize, page * pageSize),
					page,
					page_size: pageSize,
					total: found.length,
				});
			}
			if (url.pathname === "/api/tools" && method === "POST") {
				const tool = withFields(aTool(catalog.length + 1000), {
					...request.fields,
				});
				catalog.push(tool);
				return jsonResponse(tool, 201);
			}
			const toolId = /^\/api\/tools\/([^/]+)$/.exec(url.pathname)?.[1];
			const index = catalog.findIndex((tool) => tool.id === toolId);
			const tool = catalog[index];
			if (!tool) return errorResponse(404, "NOT_FOUND", "Tool not found");
			if (method === "GET") return jsonResponse(tool);
			if (method === "DELETE") {
				catalog.splice(index, 1);
				return new Response(null, { status: 204 });
			}
			if (method === "PUT") {
				if (request.fields?.version !== String(tool.version))
					return errorResponse(
						409,
						"CONFLICT",
						"Someone else changed this tool. Reload it and make your change again.",
					);
				const fields = { ...request.fields };
				// The stock moves by what the form changed, as the server does.
				const stockChange =
					Number(fields.available_quantity) -
					Number(fields.available_quantity_seen);
				const stock = tool.available_quantity + stockChange;
				if (stock < 0) {
					const message = `Only ${tool.available_quantity} pieces are in stock now: orders took some after the form was opened. Reload and try again.`;
					return errorResponse(409, "CONFLICT", message, [
						{ field: "available_quantity", message },
					]);
				}
				const saved = {
					...withFields(tool, fields),
					available_quantity: stock,
					version: tool.version + 1,
				};
				catalog[index] = saved;
				return jsonResponse(saved);
			}
			throw new Error(`No answer for ${method} ${url.pathname}`);
		},
	);
	return sent;
}
