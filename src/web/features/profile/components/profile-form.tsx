import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useId, useState } from "react";
import { useForm } from "react-hook-form";
import {
	PROFILE_TEXT_FIELDS,
	type Profile,
	type ProfileTextField,
	type ProfileUpdate,
	ProfileUpdateSchema,
} from "../../../../shared/accounts.schemas.ts";
import { ApiError } from "../../../lib/api-client.ts";
import { notify } from "../../../lib/toast.ts";
import { useSaveProfile } from "../profile.queries.ts";

const LABELS: Record<ProfileTextField, string> = {
	address: "Address",
	city: "City",
	state: "State",
	zip: "Zip",
	username: "Username",
	website: "Website",
	bio: "Bio",
};

function toFormValues(profile: Profile): Record<ProfileTextField, string> {
	const values = {} as Record<ProfileTextField, string>;
	for (const field of PROFILE_TEXT_FIELDS) values[field] = profile[field] ?? "";
	return values;
}

/** Empty values are left out: the spec's profile form never erases a stored value. */
function nonEmptyFields(values: ProfileUpdate): ProfileUpdate {
	const fields: ProfileUpdate = {};
	for (const field of PROFILE_TEXT_FIELDS) {
		const value = values[field]?.trim();
		if (value) fields[field] = value;
	}
	return fields;
}

export function ProfileForm({
	profile,
	onSaved,
}: {
	profile: Profile;
	onSaved: () => void;
}) {
	const save = useSaveProfile();
	const [photo, setPhoto] = useState<File | undefined>();
	const [preview, setPreview] = useState<string | undefined>();
	const idPrefix = useId();
	const {
		register,
		handleSubmit,
		reset,
		formState: { errors },
	} = useForm<ProfileUpdate>({
		resolver: zodResolver(ProfileUpdateSchema),
		defaultValues: toFormValues(profile),
	});

	useEffect(() => {
		if (!photo) return setPreview(undefined);
		const url = URL.createObjectURL(photo);
		setPreview(url);
		return () => URL.revokeObjectURL(url);
	}, [photo]);

	const onSubmit = handleSubmit(async (values) => {
		try {
			const saved = await save.mutateAsync({
				fields: nonEmptyFields(values),
				photo,
			});
			reset(toFormValues(saved));
			setPhoto(undefined);
			notify.success("Profile updated successfully");
			onSaved();
		} catch (error) {
			const reason =
				error instanceof ApiError && error.status < 500
					? `: ${error.message}`
					: "";
			notify.error(`Failed to update the profile${reason}`);
		}
	});

	const image = preview ?? profile.image;
	return (
		<form onSubmit={onSubmit} noValidate aria-labelledby={`${idPrefix}-title`}>
			<h2 id={`${idPrefix}-title`} className="mb-4 text-xl font-semibold">
				Your details
			</h2>
			<fieldset
				className="fieldset grid gap-x-4 sm:grid-cols-2"
				disabled={save.isPending}
			>
				<div>
					<label className="label" htmlFor={`${idPrefix}-name`}>
						Name
					</label>
					<input
						id={`${idPrefix}-name`}
						className="input w-full"
						value={profile.name}
						readOnly
					/>
				</div>
				<div>
					<label className="label" htmlFor={`${idPrefix}-email`}>
						Email
					</label>
					<input
						id={`${idPrefix}-email`}
						className="input w-full"
						value={profile.email}
						readOnly
					/>
				</div>
				{PROFILE_TEXT_FIELDS.map((field) => {
					const id = `${idPrefix}-${field}`;
					const error = errors[field]?.message;
					const common = {
						id,
						"aria-invalid": error ? true : undefined,
						"aria-describedby": error ? `${id}-error` : undefined,
						...register(field),
					};
					return (
						<div key={field} className={field === "bio" ? "sm:col-span-2" : ""}>
							<label className="label" htmlFor={id}>
								{LABELS[field]}
							</label>
							{field === "bio" ? (
								<textarea className="textarea w-full" rows={4} {...common} />
							) : (
								<input
									className="input w-full"
									type={field === "website" ? "url" : "text"}
									{...common}
								/>
							)}
							{error && (
								<p id={`${id}-error`} className="text-error text-sm">
									{error}
								</p>
							)}
						</div>
					);
				})}
				<div className="sm:col-span-2">
					<label className="label" htmlFor={`${idPrefix}-photo`}>
						Photo
					</label>
					<div className="flex items-center gap-4">
						{image && (
							<img
								src={image}
								alt="Your profile"
								className="h-16 w-16 rounded-full object-cover"
							/>
						)}
						<input
							id={`${idPrefix}-photo`}
							type="file"
							accept="image/jpeg,image/png,image/webp"
							className="file-input w-full"
							onChange={(event) => setPhoto(event.target.files?.[0])}
						/>
					</div>
				</div>
				<div className="sm:col-span-2">
					<button type="submit" className="btn btn-primary mt-2">
						{save.isPending && (
							<span className="loading loading-spinner" aria-hidden="true" />
						)}
						Save profile
					</button>
				</div>
			</fieldset>
		</form>
	);
}
