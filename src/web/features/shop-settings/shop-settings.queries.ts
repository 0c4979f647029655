import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
	ShopSettings,
	ShopSettingsInput,
} from "../../../shared/shop-settings.schemas.ts";
import { apiGet, apiSend } from "../../lib/api-client.ts";
import { queryKeys } from "../../lib/query-keys.ts";

// Every page's footer shows the shop's address: the schemas (and zod) load beside its request.
const settingsSchemas = () =>
	import("../../../shared/shop-settings.schemas.ts");
const shopSettingsSchema = () =>
	settingsSchemas().then((schemas) => schemas.ShopSettingsSchema);

const SETTINGS_PATH = "/api/shop-settings";
const ADMIN_SETTINGS_PATH = "/api/admin/shop-settings";
const LOGO_PATH = `${ADMIN_SETTINGS_PATH}/logo`;

/** The shop's name, address, contact and logo; they change rarely, so they are read rarely. */
export function useShopSettings() {
	return useQuery({
		queryKey: queryKeys.shopSettings.all,
		queryFn: ({ signal }) => apiGet(SETTINGS_PATH, shopSettingsSchema, signal),
		staleTime: 10 * 60 * 1000,
	});
}

/**
 * Saving the details, and replacing or removing the logo: two calls, so that a form can tell which
 * one failed. What the last call answers is what the footer and the page show from then on.
 */
export function useSaveShopSettings() {
	const queryClient = useQueryClient();
	const onSuccess = (settings: ShopSettings) =>
		queryClient.setQueryData(queryKeys.shopSettings.all, settings);
	return {
		details: useMutation({
			mutationFn: (details: ShopSettingsInput) =>
				apiSend("PUT", ADMIN_SETTINGS_PATH, details, shopSettingsSchema),
			onSuccess,
		}),
		logo: useMutation({
			mutationFn: async (logo: File | "remove") => {
				if (logo === "remove")
					return apiSend("DELETE", LOGO_PATH, undefined, shopSettingsSchema);
				const { SHOP_LOGO_FIELD } = await settingsSchemas();
				const form = new FormData();
				form.append(SHOP_LOGO_FIELD, logo);
				return apiSend("PUT", LOGO_PATH, form, shopSettingsSchema);
			},
			onSuccess,
		}),
	};
}
