import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import sharp from "sharp";
import type { Tool } from "../../shared/tools.schemas.ts";
import { authHeaders, multipartBody } from "./accounts.ts";

/** A valid Add A Product form, as the browser sends it: every value is text. */
export const VALID_TOOL_FIELDS = {
	tool_name: "Cordless Impact Driver",
	description: "Brushless, 18 V, two batteries.",
	price: "129.50",
	available_quantity: "40",
	minimum_quantity: "2",
} as const;

/** A real PNG of the given size, made in the test. */
export async function makePng(width = 64, height = 48): Promise<Buffer> {
	return sharp({
		create: { width, height, channels: 3, background: "#c06030" },
	})
		.png()
		.toBuffer();
}

/**
 * A multipart body of text fields and files: each file is [field, bytes, file name, type].
 * The client's name and type are sent as given, so tests can lie about them.
 */
export async function toolFormBody(
	fields: Record<string, string>,
	files: [field: string, bytes: Buffer, name: string, type: string][] = [],
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
	const form = new FormData();
	for (const [name, value] of Object.entries(fields)) form.append(name, value);
	for (const [field, bytes, name, type] of files)
		form.append(field, new Blob([new Uint8Array(bytes)], { type }), name);
	return multipartBody(form);
}

/** Adds a tool through the API as the signed-in admin whose cookie is given. */
export async function addToolAsAdmin(
	app: FastifyInstance,
	cookie: string,
	fields: Record<string, string> = VALID_TOOL_FIELDS,
): Promise<Tool> {
	const body = await toolFormBody(fields, [
		["image", await makePng(), "tool.png", "image/png"],
	]);
	const response = await app.inject({
		method: "POST",
		url: "/api/tools",
		headers: { ...authHeaders(cookie), ...body.headers },
		payload: body.payload,
	});
	if (response.statusCode !== 201)
		throw new Error(
			`adding a tool failed: ${response.statusCode} ${response.body}`,
		);
	return response.json();
}

/** A file of a tool form: [field, bytes, file name, declared type]. */
export type ToolFormFile = [
	field: string,
	bytes: Buffer,
	name: string,
	type: string,
];

/**
 * Sends a tool form as multipart/form-data (POST /api/tools, PUT /api/tools/:id) from our own
 * pages, signed in with `cookie` or as a visitor without one.
 */
export async function sendToolForm(
	app: FastifyInstance,
	request: { method: "POST" | "PUT"; url: string; cookie?: string },
	fields: Record<string, string>,
	files: ToolFormFile[] = [],
): Promise<LightMyRequestResponse> {
	const body = await toolFormBody(fields, files);
	return app.inject({
		method: request.method,
		url: request.url,
		headers: { ...authHeaders(request.cookie), ...body.headers },
		payload: body.payload,
	});
}
