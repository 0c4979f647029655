import type { UploadForm } from "./fuzz-multipart-bodies.ts";
import type { JsonSchema } from "./fuzz-values.ts";

/** One thing the fuzzer can call: a route of the OpenAPI document or an auth endpoint. */
export type FuzzOperation = {
	name: string;
	method: string;
	/** With `{name}` where a path parameter goes. */
	path: string;
	pathParams: Record<string, JsonSchema>;
	query: Record<string, JsonSchema>;
	headers: Record<string, JsonSchema>;
	body:
		| { kind: "json"; schema: JsonSchema }
		| { kind: "multipart"; form: UploadForm }
		| { kind: "none" };
	isAuth: boolean;
	/** Signs its caller out or removes the account when it succeeds. */
	endsSession?: boolean;
};

type OpenApiParameter = { in: string; name: string; schema?: JsonSchema };
type OpenApiOperation = {
	operationId?: string;
	summary?: string;
	parameters?: OpenApiParameter[];
	requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};
export type OpenApiDocument = {
	paths: Record<string, Record<string, OpenApiOperation>>;
	components?: { schemas?: Record<string, JsonSchema> };
};

function parametersIn(operation: OpenApiOperation, where: string) {
	return Object.fromEntries(
		(operation.parameters ?? [])
			.filter((parameter) => parameter.in === where)
			.map((parameter) => [parameter.name, parameter.schema ?? {}]),
	);
}

/** The upload operations (their form is text fields and one image, not described as a schema). */
export function isUploadOperation(operation: OpenApiOperation): boolean {
	return operation.summary?.includes("multipart/form-data") ?? false;
}

/**
 * Every operation of the document. An upload takes the form `uploads` gives for its operationId;
 * the document does not describe multipart fields, so a new upload route must be added there.
 */
export function listDocumentedOperations(
	document: OpenApiDocument,
	uploads: Record<string, UploadForm>,
): FuzzOperation[] {
	return Object.entries(document.paths).flatMap(([path, pathItem]) =>
		Object.entries(pathItem).map(([method, operation]): FuzzOperation => {
			const name = operation.operationId ?? `${method} ${path}`;
			const schema =
				operation.requestBody?.content?.["application/json"]?.schema;
			const upload = uploads[name];
			if (isUploadOperation(operation) && !upload)
				throw new Error(
					`${name} takes a multipart form the fuzzer does not know`,
				);
			return {
				name,
				method: method.toUpperCase(),
				path,
				pathParams: parametersIn(operation, "path"),
				query: parametersIn(operation, "query"),
				headers: parametersIn(operation, "header"),
				body: upload
					? { kind: "multipart", form: upload }
					: schema
						? { kind: "json", schema }
						: { kind: "none" },
				isAuth: false,
			};
		}),
	);
}

/** A JSON Schema object from property schemas; `required` names the ones that must be there. */
export function objectSchema(
	properties: Record<string, JsonSchema>,
	required: string[] = [],
): JsonSchema {
	return { type: "object", properties, required };
}

/** An `/api/auth` endpoint: POST with a JSON body, or GET with a query. */
export function authOperation(
	method: "GET" | "POST",
	path: string,
	fields: Record<string, JsonSchema> = {},
	required: string[] = [],
): FuzzOperation {
	const pathParams = Object.fromEntries(
		[...path.matchAll(/\{(\w+)\}/g)].map((match) => [
			match[1] ?? "",
			{ type: "string" },
		]),
	);
	return {
		name: `${method} /api/auth${path}`,
		method,
		path: `/api/auth${path}`,
		pathParams,
		query: method === "GET" ? fields : {},
		headers: {},
		body:
			method === "POST"
				? { kind: "json", schema: objectSchema(fields, required) }
				: { kind: "none" },
		isAuth: true,
	};
}
