import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
	type Profile,
	ProfileSchema,
	type ProfileUpdate,
} from "../../../shared/accounts.schemas.ts";
import { apiGet, apiSend } from "../../lib/api-client.ts";
import { queryKeys } from "../../lib/query-keys.ts";

export function useProfile() {
	return useQuery({
		queryKey: queryKeys.profile.all,
		queryFn: ({ signal }) => apiGet("/api/profile", ProfileSchema, signal),
	});
}

/** Saves the text fields (only those given), then the photo when one was chosen. */
export function useSaveProfile() {
	const queryClient = useQueryClient();
	return useMutation({
		mutationFn: async ({
			fields,
			photo,
		}: {
			fields: ProfileUpdate;
			photo: File | undefined;
		}): Promise<Profile> => {
			let profile = await apiSend(
				"PATCH",
				"/api/profile",
				fields,
				ProfileSchema,
			);
			if (photo) {
				const form = new FormData();
				form.append("photo", photo);
				profile = await apiSend(
					"PUT",
					"/api/profile/photo",
					form,
					ProfileSchema,
				);
			}
			return profile;
		},
		onSuccess: (profile) =>
			queryClient.setQueryData(queryKeys.profile.all, profile),
	});
}
