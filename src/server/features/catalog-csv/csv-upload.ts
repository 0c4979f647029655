import type { FastifyRequest } from "fastify";
import {
	IMPORT_FILE_FIELD,
	IMPORT_MAX_BYTES,
	type ImportMode,
	ImportModeSchema,
} from "../../../shared/catalog-csv.schemas.ts";
import { AppError, ValidationError } from "../../platform/http/errors.ts";
import { ImportTooLargeError } from "./tools-csv-reader.ts";

const TOO_LARGE_MESSAGE = `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB: split it into smaller files.`;
const ONE_FILE_MESSAGE = `Send one CSV file, in the field "${IMPORT_FILE_FIELD}"`;

/** The parser's own refusals, as what the sender did wrong; anything else it cannot read is a 400. */
function toUploadError(error: unknown): AppError {
	if (error instanceof AppError) return error;
	const code = (error as { code?: unknown } | null)?.code;
	if (code === "FST_REQ_FILE_TOO_LARGE")
		return new ImportTooLargeError(TOO_LARGE_MESSAGE);
	if (code === "FST_FILES_LIMIT") return new ValidationError(ONE_FILE_MESSAGE);
	if (code === "FST_FIELDS_LIMIT" || code === "FST_PARTS_LIMIT")
		return new ValidationError("The form has more fields than it takes");
	return new ValidationError("The form is not valid multipart/form-data");
}

/**
 * Reads an import upload: the CSV file in `file` (IMPORT_MAX_BYTES at most: a 413 beyond) and the
 * text field `mode`. The file's name and declared type are never read: the bytes are judged as
 * CSV by the import.
 */
export async function readCsvUpload(
	request: FastifyRequest,
): Promise<{ mode: ImportMode; file: Buffer }> {
	if (!request.isMultipart())
		throw new ValidationError(
			`Send the upload as multipart/form-data: the CSV file in "${IMPORT_FILE_FIELD}" and "mode" (dry_run or apply)`,
		);
	const fields: Record<string, string> = {};
	let file: Buffer | undefined;
	try {
		for await (const part of request.parts({
			limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 4, parts: 5 },
		})) {
			if (part.type !== "file") {
				if (typeof part.value === "string" && !(part.fieldname in fields))
					fields[part.fieldname] = part.value;
				continue;
			}
			if (part.fieldname !== IMPORT_FILE_FIELD) {
				// Drained, so the request ends cleanly before the refusal is sent.
				await part.toBuffer().catch(() => undefined);
				throw new ValidationError(ONE_FILE_MESSAGE);
			}
			file = await part.toBuffer();
			if (part.file.truncated) throw new ImportTooLargeError(TOO_LARGE_MESSAGE);
		}
	} catch (error) {
		throw toUploadError(error);
	}
	const mode = ImportModeSchema.safeParse(fields.mode);
	const issues = [
		...(mode.success
			? []
			: [{ field: "mode", message: mode.error.issues[0]?.message ?? "" }]),
		...(file === undefined
			? [{ field: IMPORT_FILE_FIELD, message: "Choose a CSV file to import" }]
			: []),
	];
	if (!mode.success || file === undefined)
		throw new ValidationError(
			`Invalid body: ${issues.map((issue) => issue.field).join(", ")}`,
			issues,
		);
	return { mode: mode.data, file };
}
