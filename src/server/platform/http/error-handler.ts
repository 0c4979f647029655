import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import type { ApiErrorBody, ApiErrorCode, FieldIssue } from "../../../shared/api-error.ts";
import { AppError } from "./errors.ts";

function errorBody(code: ApiErrorCode, message: string, details?: FieldIssue[]): ApiErrorBody {
  return { error: details ? { code, message, details } : { code, message } };
}

const clientErrorCodes: Record<number, ApiErrorCode> = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  409: "CONFLICT",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  429: "TOO_MANY_REQUESTS",
};

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.code(error.statusCode).send(errorBody(error.code, error.message, error.details));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const part = error.validationContext ?? "request";
      const details = error.validation.map((issue) => ({
        field: issue.instancePath.replace(/^\//, "").replaceAll("/", ".") || part,
        message: issue.message ?? "is not valid",
      }));
      const fields = [...new Set(details.map((detail) => detail.field))].join(", ");
      return reply.code(400).send(errorBody("VALIDATION_FAILED", `Invalid ${part}: ${fields}`, details));
    }
    // Errors Fastify raises for malformed requests (bad JSON, wrong content type, body too large):
    // their messages are written for clients and safe to echo.
    const status = error.statusCode ?? 500;
    const clientCode = clientErrorCodes[status];
    if (status >= 400 && status < 500 && clientCode) {
      return reply.code(status).send(errorBody(clientCode, error.message));
    }
    request.log.error({ err: error }, "request failed");
    return reply.code(500).send(errorBody("INTERNAL_ERROR", "Something went wrong on our side. Please try again."));
  });
}
