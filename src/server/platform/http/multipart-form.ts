import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import {
	ImageRejectedError,
	MAX_UPLOAD_BYTES,
} from "../images/process-upload.ts";
import { AppError, ValidationError } from "./errors.ts";
import { hasNulCharacter, NUL_MESSAGE } from "./nul-characters.ts";

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
 * The boundary of a multipart/form-data body, as RFC 2046 spells it: 1 to 70 characters from a
 * small set, optionally quoted. Without one the parser cannot read the body at all.
 */
const BOUNDARY_PARAMETER =
	/;\s*boundary\s*=\s*(?:"([0-9A-Za-z'()+_,\-./:=? ]{1,70})"|([0-9A-Za-z'()+_,\-./:=?]{1,70}))\s*(?:;|$)/i;

function findBoundary(contentType: string | undefined): string | undefined {
	const match = BOUNDARY_PARAMETER.exec(contentType ?? "");
	return match?.[1] ?? match?.[2];
}

/**
 * Watches the raw body for the closing delimiter (`--boundary--` at the start of the body or of a
 * line). The multipart parser ends quietly on a body cut short, as if the form were complete, so
 * this is how a truncated upload is told apart from a whole one.
 */
function watchForClosingDelimiter(
	request: FastifyRequest,
	boundary: string,
): () => boolean {
	const delimiter = Buffer.from(`\r\n--${boundary}--`);
	let isClosed = false;
	let isFirstChunk = true;
	let tail = Buffer.alloc(0);
	request.raw.on("data", (chunk: Buffer) => {
		if (isClosed) return;
		const atStart = isFirstChunk ? Buffer.from("\r\n") : Buffer.alloc(0);
		isFirstChunk = false;
		const window = Buffer.concat([atStart, tail, chunk]);
		isClosed = window.includes(delimiter);
		tail = window.subarray(Math.max(0, window.length - delimiter.length + 1));
	});
	return () => isClosed;
}

const TRUNCATED_FORM_MESSAGE = "The form ended before its closing boundary";

/** What the multipart parser's own refusals mean to the person who sent the form. */
const MULTIPART_ERROR_MESSAGES = new Map([
	["FST_PARTS_LIMIT", "The form has more parts than it takes"],
	["FST_FILES_LIMIT", "The form has more files than it takes"],
	["FST_FIELDS_LIMIT", "The form has more fields than it takes"],
	["FST_PROTO_VIOLATION", "The form has a field name that is not allowed"],
	[
		"FST_INVALID_JSON_FIELD_ERROR",
		"A field declared as JSON is not valid JSON",
	],
	["FST_REQ_FILE_TOO_LARGE", "The image is larger than 10 MiB"],
]);

/**
 * Any failure while reading the form is the sender's doing: our own refusals stay as they are, the
 * parser's become a 400 that says what was wrong, never a 500.
 */
function toFormError(error: unknown, isComplete: boolean): AppError {
	if (error instanceof AppError) return error;
	const code = (error as { code?: unknown } | null)?.code;
	const message =
		typeof code === "string" ? MULTIPART_ERROR_MESSAGES.get(code) : undefined;
	if (message) return new ValidationError(message);
	if (!isComplete) return new ValidationError(TRUNCATED_FORM_MESSAGE);
	return new ValidationError("The form is not valid multipart/form-data");
}

/**
 * Reads a form of text fields and at most one file, in `fileField`. A file in another field or a
 * second file refuses the whole request; so does a file over the upload limit, a body without a
 * boundary or cut before its closing one, and anything else the parser cannot read: all are 400s,
 * and the handler gets nothing to store. The client's file name and declared type are never read:
 * the server judges the bytes and names the file itself.
 */
export async function readMultipartForm(
	request: FastifyRequest,
	fileField: string,
): Promise<MultipartForm> {
	if (!request.isMultipart())
		throw new ValidationError(
			`Send the form as multipart/form-data, the image in the field "${fileField}"`,
		);
	const boundary = findBoundary(request.headers["content-type"]);
	if (boundary === undefined)
		throw new ValidationError(
			"The multipart/form-data content type needs a boundary of 1 to 70 characters",
		);
	const isComplete = watchForClosingDelimiter(request, boundary);
	let form: MultipartForm;
	try {
		form = await readParts(request, fileField);
	} catch (error) {
		throw toFormError(error, isComplete());
	}
	if (!isComplete()) throw new ValidationError(TRUNCATED_FORM_MESSAGE);
	return form;
}

async function readParts(
	request: FastifyRequest,
	fileField: string,
): Promise<MultipartForm> {
	const fields: Record<string, string> = {};
	let file: Buffer | undefined;
	for await (const part of request.parts()) {
		if (part.type !== "file") {
			if (part.valueTruncated)
				throw new ValidationError(`The field "${part.fieldname}" is too long`);
			if (hasNulCharacter(part.value)) throw new ValidationError(NUL_MESSAGE);
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
