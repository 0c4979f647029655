import {
	type Ref,
	useEffect,
	useImperativeHandle,
	useRef,
	useState,
} from "react";
import {
	ACCEPTED_IMAGE_TYPES,
	checkImageFile,
	IMAGE_LIMITS_HINT,
} from "../../../shared/images.schemas.ts";
import { Field } from "./field.tsx";

export type ImageFieldHandle = {
	/** Empties the file input after a save, so the same file can be chosen again. */
	clear: () => void;
	focus: () => void;
};

/**
 * A photo picker: the current picture or a preview of the chosen one, the limits as a hint, and
 * a size and type check before anything is uploaded (a 30 MB photo is refused at once, not after
 * its upload). While `isUploading`, a progress bar says the form is sending it.
 */
export function ImageField({
	label,
	file,
	currentUrl,
	keepHint,
	error,
	isUploading = false,
	previewClassName = "aspect-[4/3] w-48 rounded-box object-cover",
	onChange,
	ref,
}: {
	label: string;
	file: File | undefined;
	/** The picture saved now, shown until another is chosen. */
	currentUrl?: string | null;
	/** Said after the limits when leaving the field empty keeps the current picture. */
	keepHint?: string;
	error?: string;
	isUploading?: boolean;
	/** The preview's shape: a 4:3 photo unless given (a round avatar for a profile). */
	previewClassName?: string;
	onChange: (file: File | undefined) => void;
	ref?: Ref<ImageFieldHandle>;
}) {
	const input = useRef<HTMLInputElement>(null);
	const [preview, setPreview] = useState<string>();
	const [refusal, setRefusal] = useState<string>();

	useImperativeHandle(ref, () => ({
		clear: () => {
			if (input.current) input.current.value = "";
			setRefusal(undefined);
		},
		focus: () => input.current?.focus(),
	}));

	useEffect(() => {
		if (!file) return setPreview(undefined);
		const url = URL.createObjectURL(file);
		setPreview(url);
		return () => URL.revokeObjectURL(url);
	}, [file]);

	const shown = preview ?? currentUrl ?? undefined;
	return (
		<Field
			label={label}
			hint={keepHint ? `${IMAGE_LIMITS_HINT} ${keepHint}` : IMAGE_LIMITS_HINT}
			error={refusal ?? error}
		>
			{(control) => (
				<>
					{shown && (
						<img
							src={shown}
							alt={preview ? "The chosen picture" : "The current picture"}
							width={800}
							height={600}
							className={previewClassName}
						/>
					)}
					<input
						ref={input}
						type="file"
						accept={ACCEPTED_IMAGE_TYPES.join(",")}
						className={`file-input w-full ${refusal || error ? "file-input-error" : ""}`}
						{...control}
						onChange={(event) => {
							const chosen = event.target.files?.[0];
							const problem = chosen ? checkImageFile(chosen) : undefined;
							setRefusal(problem);
							if (problem) {
								event.target.value = "";
								onChange(undefined);
							} else onChange(chosen);
						}}
					/>
					{isUploading && (
						<progress
							className="progress progress-primary w-full"
							aria-label={`Uploading ${label.toLowerCase()}`}
						/>
					)}
				</>
			)}
		</Field>
	);
}
