import type { ApiErrorCode, FieldIssue } from "../../../shared/api-error.ts";

export class AppError extends Error {
	constructor(
		readonly statusCode: number,
		readonly code: ApiErrorCode,
		message: string,
		readonly details?: FieldIssue[],
	) {
		super(message);
		this.name = new.target.name;
	}
}

export class NotFoundError extends AppError {
	constructor(message = "Not found") {
		super(404, "NOT_FOUND", message);
	}
}
