import type * as z from "zod/mini";
import type { FieldIssue } from "../../../shared/api-error.ts";
import { ValidationError } from "./errors.ts";

/**
 * Checks the text fields of a multipart form with `schema`; a 400 lists every bad field, together
 * with `extraIssues` (a missing file), so the form can show all its messages at once.
 */
export function parseFormFields<T extends z.ZodMiniType>(
	schema: T,
	fields: Record<string, string>,
	extraIssues: FieldIssue[] = [],
): z.infer<T> {
	const parsed = schema.safeParse(fields);
	const issues: FieldIssue[] = parsed.success
		? []
		: parsed.error.issues.map((issue) => ({
				field: issue.path.join(".") || "body",
				message: issue.message,
			}));
	issues.push(...extraIssues);
	if (!parsed.success || issues.length > 0) {
		const names = [...new Set(issues.map((issue) => issue.field))].join(", ");
		throw new ValidationError(`Invalid body: ${names}`, issues);
	}
	return parsed.data;
}
