import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import {
	ImageRejectedError,
	MAX_UPLOAD_BYTES,
} from "../images/process-upload.ts";
import { ValidationError } from "./errors.ts";

/** The most text fields a form of the shop sends, and the longest one (bytes). */
const MAX_FIELDS = 12;
const MAX_FIELD_BYTES = 16 * 1024;

/**
 * multipart/form-data for the whole app, with limits a shop form never reaches. Two files are
 * let through to the handler so that it can refuse the request by name instead of silently
 * dropping the second one.
 */
export async function registerMultipart(app: FastifyInstance): Promise<void> {
	await app.register(multipart, {
		limits: {
			fileSize: MAX_UPLOAD_BYTES,
			files: 2,
			fields: MAX_FIELDS,
			parts: MAX_FIELDS + 2,
			fieldSize: MAX_FIELD_BYTES,
		},
		throwFileSizeLimit: false,
	});
}

export type MultipartForm = {
	/** Text fields by name; a name sent twice keeps its first value. */
	fields: Record<string, string>;
	/** The bytes of the one file sent in `fileField`, if any. */
	file: Buffer | undefined;
};

/**
 * Reads a form of text fields and at most one file, in `fileField`. A file in another field or a
 * second file refuses the whole request; so does a file over the upload limit. The client's file
 * name and declared type are never read: the server judges the bytes and names the file itself.
 */
export async function readMultipartForm(
	request: FastifyRequest,
	fileField: string,
): Promise<MultipartForm> {
	if (!request.isMultipart())
		throw new ValidationError(
			`Send the form as multipart/form-data, the image in the field "${fileField}"`,
		);
	const fields: Record<string, string> = {};
	let file: Buffer | undefined;
	for await (const part of request.parts()) {
		if (part.type !== "file") {
			if (part.valueTruncated)
				throw new ValidationError(`The field "${part.fieldname}" is too long`);
			if (!(part.fieldname in fields) && typeof part.value === "string")
				fields[part.fieldname] = part.value;
			continue;
		}
		if (part.fieldname !== fileField || file !== undefined) {
			// Drain it, so the request ends cleanly before the refusal is sent.
			await part.toBuffer().catch(() => undefined);
			throw new ImageRejectedError(
				`Send exactly one image, in the field "${fileField}"`,
			);
		}
		file = await part.toBuffer();
		if (part.file.truncated)
			throw new ImageRejectedError("The image is larger than 10 MiB");
	}
	return { fields, file };
}

/** The one image of an upload that has nothing else to say; a second file, or none, is refused. */
export async function readSingleFile(
	request: FastifyRequest,
	field: string,
): Promise<Buffer> {
	const { file } = await readMultipartForm(request, field);
	if (file === undefined) throw new ImageRejectedError("Image is required");
	return file;
}
