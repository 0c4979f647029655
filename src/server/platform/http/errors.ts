import type { ApiErrorCode, FieldIssue } from "../../../shared/api-error.ts";

export class AppError extends Error {
	/** Headers the answer carries besides the envelope, such as Retry-After. */
	readonly headers: Readonly<Record<string, string>> = {};

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

/** What was here once and is no more, for good (a deleted tool's public address): a 410. */
export class GoneError extends AppError {
	constructor(message: string) {
		super(410, "GONE", message);
	}
}

export class UnauthorizedError extends AppError {
	constructor(message = "Sign in to do this") {
		super(401, "UNAUTHORIZED", message);
	}
}

export class ForbiddenError extends AppError {
	constructor(message = "Only an admin can do this") {
		super(403, "FORBIDDEN", message);
	}
}

export class ConflictError extends AppError {
	constructor(message: string, details?: FieldIssue[]) {
		super(409, "CONFLICT", message, details);
	}
}

export class ValidationError extends AppError {
	constructor(message: string, details?: FieldIssue[]) {
		super(400, "VALIDATION_FAILED", message, details);
	}
}
