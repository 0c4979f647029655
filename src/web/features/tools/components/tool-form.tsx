import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import {
	centsToDollars,
	TOOL_IMAGE_FIELD,
	type Tool,
	ToolFormSchema,
	type ToolForm as ToolFormValues,
} from "../../../../shared/tools.schemas.ts";
import { ApiError } from "../../../lib/api-client.ts";

type TextField = keyof ToolFormValues;

const FIELDS: {
	name: TextField;
	label: string;
	kind: "text" | "textarea" | "money" | "count";
}[] = [
	{ name: "tool_name", label: "Product Name", kind: "text" },
	{ name: "description", label: "Description", kind: "textarea" },
	{ name: "price", label: "Price", kind: "money" },
	{ name: "available_quantity", label: "Available Quantity", kind: "count" },
	{ name: "minimum_quantity", label: "Minimum Order Quantity", kind: "count" },
];

const EMPTY: ToolFormValues = {
	tool_name: "",
	description: "",
	price: "",
	available_quantity: "",
	minimum_quantity: "",
};

function toFormValues(tool: Tool): ToolFormValues {
	return {
		tool_name: tool.tool_name,
		description: tool.description,
		price: centsToDollars(tool.price_cents),
		available_quantity: String(tool.available_quantity),
		minimum_quantity: String(tool.minimum_quantity),
	};
}

const isTextField = (field: string): field is TextField =>
	FIELDS.some((entry) => entry.name === field);

/**
 * The form of Add A Product and of a tool's edit page. Given a `tool` it opens filled in and its
 * photo is optional (the current one stays); otherwise a photo is required and the form empties
 * after a save. `onSave` throws when the save failed; the server's field errors show on their fields.
 */
export function ToolForm({
	tool,
	submitLabel,
	isSaving,
	onSave,
}: {
	tool?: Tool;
	submitLabel: string;
	isSaving: boolean;
	onSave: (fields: ToolFormValues, image: File | undefined) => Promise<void>;
}) {
	const idPrefix = useId();
	const fileInput = useRef<HTMLInputElement>(null);
	const [image, setImage] = useState<File>();
	const [preview, setPreview] = useState<string>();
	const [imageError, setImageError] = useState<string>();
	const {
		register,
		handleSubmit,
		reset,
		setError,
		formState: { errors },
	} = useForm<ToolFormValues>({
		resolver: zodResolver(ToolFormSchema),
		defaultValues: tool ? toFormValues(tool) : EMPTY,
	});

	useEffect(() => {
		if (!image) return setPreview(undefined);
		const url = URL.createObjectURL(image);
		setPreview(url);
		return () => URL.revokeObjectURL(url);
	}, [image]);

	const checkImage = () => {
		const isMissing = !tool && !image;
		setImageError(isMissing ? "Image is required" : undefined);
		return !isMissing;
	};

	const onSubmit = handleSubmit(async (fields) => {
		if (!checkImage()) return fileInput.current?.focus();
		try {
			await onSave(fields, image);
		} catch (error) {
			for (const issue of error instanceof ApiError ? error.details : []) {
				if (isTextField(issue.field))
					setError(issue.field, { message: issue.message });
				if (issue.field === TOOL_IMAGE_FIELD) setImageError(issue.message);
			}
			return;
		}
		if (tool) return;
		reset(EMPTY);
		setImage(undefined);
		if (fileInput.current) fileInput.current.value = "";
	}, checkImage);

	const imageId = `${idPrefix}-image`;
	const imageHintId = `${imageId}-hint`;
	const shownImage = preview ?? tool?.img;
	return (
		<form onSubmit={onSubmit} noValidate className="max-w-2xl">
			<fieldset
				className="fieldset grid gap-x-4 sm:grid-cols-2"
				disabled={isSaving}
			>
				{FIELDS.map(({ name, label, kind }) => {
					const id = `${idPrefix}-${name}`;
					const error = errors[name]?.message;
					const common = {
						id,
						"aria-invalid": error ? true : undefined,
						"aria-describedby": error ? `${id}-error` : undefined,
						...register(name),
					};
					const isWide = kind === "text" || kind === "textarea";
					return (
						<div key={name} className={isWide ? "sm:col-span-2" : ""}>
							<label className="label" htmlFor={id}>
								{label}
							</label>
							{kind === "textarea" ? (
								<textarea className="textarea w-full" rows={5} {...common} />
							) : kind === "text" ? (
								<input className="input w-full" type="text" {...common} />
							) : (
								<input
									className="input w-full"
									type="number"
									inputMode={kind === "money" ? "decimal" : "numeric"}
									min={kind === "money" ? "0.01" : "0"}
									step={kind === "money" ? "0.01" : "1"}
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
					<label className="label" htmlFor={imageId}>
						Image
					</label>
					{shownImage && (
						<img
							src={shownImage}
							alt={preview ? "The chosen photo" : "The current photo"}
							width={800}
							height={600}
							className="mb-2 aspect-[4/3] w-48 rounded-box object-cover"
						/>
					)}
					<input
						ref={fileInput}
						id={imageId}
						type="file"
						accept="image/jpeg,image/png,image/webp"
						className="file-input w-full"
						aria-invalid={imageError ? true : undefined}
						aria-describedby={
							imageError ? `${imageHintId} ${imageId}-error` : imageHintId
						}
						onChange={(event) => {
							const chosen = event.target.files?.[0];
							setImage(chosen);
							if (chosen) setImageError(undefined);
						}}
					/>
					<p id={imageHintId} className="label">
						{tool
							? "JPEG, PNG or WebP, up to 10 MiB. Leave empty to keep the current photo."
							: "JPEG, PNG or WebP, up to 10 MiB."}
					</p>
					{imageError && (
						<p id={`${imageId}-error`} className="text-error text-sm">
							{imageError}
						</p>
					)}
				</div>
				<div className="sm:col-span-2">
					<button type="submit" className="btn btn-primary mt-2">
						{isSaving && (
							<span className="loading loading-spinner" aria-hidden="true" />
						)}
						{submitLabel}
					</button>
				</div>
			</fieldset>
		</form>
	);
}
