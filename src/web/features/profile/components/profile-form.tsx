import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import {
	PROFILE_TEXT_FIELDS,
	type Profile,
	type ProfileTextField,
	type ProfileUpdate,
	ProfileUpdateSchema,
} from "../../../../shared/accounts.schemas.ts";
import { BusyButton } from "../../../components/ui/busy-button.tsx";
import { TextAreaField, TextField } from "../../../components/ui/field.tsx";
import {
	ImageField,
	type ImageFieldHandle,
} from "../../../components/ui/image-field.tsx";
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
	const photoField = useRef<ImageFieldHandle>(null);
	const titleId = useId();
	const {
		register,
		handleSubmit,
		reset,
		formState: { errors },
	} = useForm<ProfileUpdate>({
		resolver: zodResolver(ProfileUpdateSchema),
		defaultValues: toFormValues(profile),
	});

	const onSubmit = handleSubmit(async (values) => {
		try {
			const saved = await save.mutateAsync({
				fields: nonEmptyFields(values),
				photo,
			});
			reset(toFormValues(saved));
			setPhoto(undefined);
			photoField.current?.clear();
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

	return (
		<form onSubmit={onSubmit} noValidate aria-labelledby={titleId}>
			<h2 id={titleId} className="mb-4 text-xl font-semibold">
				Your details
			</h2>
			<fieldset
				className="fieldset grid gap-x-4 gap-y-3 sm:grid-cols-2"
				disabled={save.isPending}
			>
				<TextField label="Name" value={profile.name} readOnly />
				<TextField label="Email" value={profile.email} readOnly />
				{PROFILE_TEXT_FIELDS.map((field) =>
					field === "bio" ? (
						<TextAreaField
							key={field}
							label={LABELS[field]}
							className="sm:col-span-2"
							rows={4}
							error={errors[field]?.message}
							{...register(field)}
						/>
					) : (
						<TextField
							key={field}
							label={LABELS[field]}
							type={field === "website" ? "url" : "text"}
							error={errors[field]?.message}
							{...register(field)}
						/>
					),
				)}
				<div className="sm:col-span-2">
					<ImageField
						ref={photoField}
						label="Photo"
						file={photo}
						currentUrl={profile.image}
						keepHint="Leave empty to keep the current photo."
						previewClassName="h-16 w-16 rounded-full object-cover"
						isUploading={save.isPending && photo !== undefined}
						onChange={setPhoto}
					/>
				</div>
				<div className="sm:col-span-2">
					<BusyButton isBusy={save.isPending} className="btn btn-primary mt-2">
						Save profile
					</BusyButton>
				</div>
			</fieldset>
		</form>
	);
}
