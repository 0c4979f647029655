import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
	SHOP_LOGO_FIELD,
	ShopSettingsInputSchema,
	ShopSettingsSchema,
} from "../../../shared/shop-settings.schemas.ts";
import { signedInViewer } from "../../platform/auth/session-guard.ts";
import { clientErrorResponses } from "../../platform/http/api-schemas.ts";
import { readSingleFile } from "../../platform/http/multipart-form.ts";
import type { ShopSettingsUseCases } from "./shop-settings.service.ts";

export async function shopSettingsRoutes(
	app: FastifyInstance,
	{ shopSettings }: { shopSettings: ShopSettingsUseCases },
): Promise<void> {
	const routes = app.withTypeProvider<ZodTypeProvider>();

	routes.get(
		"/shop-settings",
		{
			schema: {
				operationId: "getShopSettings",
				tags: ["shop settings"],
				summary:
					"The shop's name, legal address, tax id, contact email, logo and currency, as the footer shows them and invoices print them",
				response: { 200: ShopSettingsSchema, ...clientErrorResponses },
			},
			config: { access: "public" },
		},
		async () => shopSettings.readShopSettings(),
	);

	routes.put(
		"/admin/shop-settings",
		{
			schema: {
				operationId: "saveShopSettings",
				tags: ["shop settings"],
				summary:
					"Save the shop's details (every field; empty clears an optional one). Invoices issued before keep the details they were issued with.",
				body: ShopSettingsInputSchema,
				response: { 200: ShopSettingsSchema, ...clientErrorResponses },
			},
			config: { access: "admin", quota: "admin-writes" },
		},
		async (request) =>
			shopSettings.saveShopSettings(signedInViewer(request), request.body),
	);

	routes.put(
		"/admin/shop-settings/logo",
		{
			schema: {
				operationId: "replaceShopLogo",
				tags: ["shop settings"],
				summary: `Replace the shop's logo: one JPEG, PNG or WebP in the multipart field "${SHOP_LOGO_FIELD}" (10 MiB at most), kept at its own proportions`,
				consumes: ["multipart/form-data"],
				response: { 200: ShopSettingsSchema, ...clientErrorResponses },
			},
			config: { access: "admin", quota: "admin-uploads" },
		},
		async (request) =>
			shopSettings.replaceShopLogo(
				signedInViewer(request),
				await readSingleFile(request, SHOP_LOGO_FIELD),
			),
	);

	routes.delete(
		"/admin/shop-settings/logo",
		{
			schema: {
				operationId: "removeShopLogo",
				tags: ["shop settings"],
				summary:
					"Show no logo from now on (invoices issued with one keep printing it)",
				response: { 200: ShopSettingsSchema, ...clientErrorResponses },
			},
			config: { access: "admin", quota: "admin-writes" },
		},
		async (request) => shopSettings.removeShopLogo(signedInViewer(request)),
	);
}
