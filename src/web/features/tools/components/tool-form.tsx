import { zodResolver } from "@hookform/resolvers/zod";
import { useRef, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import type * as z from "zod/mini";
import {
	centsToDollars,
	formatPriceBreaks,
	TOOL_IMAGE_FIELD,
	type Tool,
	ToolFormSchema,
	type ToolForm as ToolFormValues,
} from "../../../../shared/tools.schemas.ts";
import { BusyButton } from "../../../components/ui/busy-button.tsx";
import { TextAreaField, TextField } from "../../../components/ui/field.tsx";
import {
	ImageField,
	type ImageFieldHandle,
} from "../../../components/ui/image-field.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { PriceBreaksField } from "./price-breaks-field.tsx";

type TextFieldName = keyof ToolFormValues;

const EMPTY: ToolFormValues = {
	tool_name: "",
	description: "",
	price: "",
	available_quantity: "",
	minimum_quantity: "",
	sku: "",
	pack_size: "1",
	price_breaks: "",
};

function toFormValues(tool: Tool): ToolFormValues {
	return {
		tool_name: tool.tool_name,
		description: tool.description,
		price: centsToDollars(tool.price_cents),
		available_quantity: String(tool.available_quantity),
		minimum_quantity: String(tool.minimum_quantity),
		sku: tool.sku,
		pack_size: String(tool.pack_size),
		price_breaks: formatPriceBreaks(tool.price_breaks),
	};
}

const isTextField = (field: string): field is TextFieldName =>
	Object.hasOwn(EMPTY, field);

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
	const imageField = useRef<ImageFieldHandle>(null);
	const [image, setImage] = useState<File>();
	const [imageError, setImageError] = useState<string>();
	const {
		register,
		control,
		handleSubmit,
		reset,
		setError,
		formState: { errors },
	} = useForm<z.input<typeof ToolFormSchema>, unknown, ToolFormValues>({
		resolver: zodResolver(ToolFormSchema),
		defaultValues: tool ? toFormValues(tool) : EMPTY,
	});

	const checkImage = () => {
		const isMissing = !tool && !image;
		setImageError(isMissing ? "Image is required" : undefined);
		return !isMissing;
	};

	const onSubmit = handleSubmit(async (fields) => {
		if (!checkImage()) return imageField.current?.focus();
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
		imageField.current?.clear();
	}, checkImage);

	const countProps = {
		type: "number",
		inputMode: "numeric",
		min: "0",
		step: "1",
	} as const;
	return (
		<form onSubmit={onSubmit} noValidate className="max-w-2xl">
			<fieldset
				className="fieldset grid gap-x-4 gap-y-3 sm:grid-cols-2"
				disabled={isSaving}
			>
				<TextField
					label="Product Name"
					className="sm:col-span-2"
					error={errors.tool_name?.message}
					{...register("tool_name")}
				/>
				<TextAreaField
					label="Description"
					className="sm:col-span-2"
					rows={5}
					error={errors.description?.message}
					{...register("description")}
				/>
				<TextField
					label="Part Number"
					hint={tool ? undefined : "Leave empty for the next free TG- number."}
					autoCapitalize="characters"
					spellCheck={false}
					error={errors.sku?.message}
					{...register("sku")}
				/>
				<TextField
					label="Price"
					type="number"
					inputMode="decimal"
					min="0.01"
					step="0.01"
					error={errors.price?.message}
					{...register("price")}
				/>
				<TextField
					label="Available Quantity"
					{...countProps}
					error={errors.available_quantity?.message}
					{...register("available_quantity")}
				/>
				<TextField
					label="Minimum Order Quantity"
					{...countProps}
					error={errors.minimum_quantity?.message}
					{...register("minimum_quantity")}
				/>
				<TextField
					label="Pack Size"
					hint="Orders come in multiples of this many pieces."
					{...countProps}
					min="1"
					error={errors.pack_size?.message}
					{...register("pack_size")}
				/>
				<div className="sm:col-span-2">
					<Controller
						control={control}
						name="price_breaks"
						render={({ field }) => (
							<PriceBreaksField
								value={field.value ?? ""}
								onChange={field.onChange}
								error={errors.price_breaks?.message}
								isDisabled={isSaving}
							/>
						)}
					/>
				</div>
				<div className="sm:col-span-2">
					<ImageField
						ref={imageField}
						label="Image"
						file={image}
						currentUrl={tool?.img}
						keepHint={
							tool ? "Leave empty to keep the current photo." : undefined
						}
						error={imageError}
						isUploading={isSaving && image !== undefined}
						onChange={(chosen) => {
							setImage(chosen);
							if (chosen) setImageError(undefined);
						}}
					/>
				</div>
				<div className="sm:col-span-2">
					<BusyButton isBusy={isSaving} className="btn btn-primary mt-2">
						{submitLabel}
					</BusyButton>
				</div>
			</fieldset>
		</form>
	);
}
