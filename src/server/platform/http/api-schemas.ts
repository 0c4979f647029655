import { ApiErrorBodySchema } from "../../../shared/api-error.ts";

/** Error responses every public read route can give; listed so the OpenAPI document shows them. */
export const readErrorResponses = {
	400: ApiErrorBodySchema,
	404: ApiErrorBodySchema,
};
