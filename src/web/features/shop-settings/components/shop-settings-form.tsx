import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import {
	CONTACT_EMAIL_MAX,
	LEGAL_ADDRESS_LINES_MAX,
	LEGAL_ADDRESS_MAX,
	SHOP_CURRENCIES,
	SHOP_LOGO_FIELD,
	SHOP_NAME_MAX,
	type ShopSettings,
	type ShopSettingsInput,
	ShopSettingsInputSchema,
	TAX_ID_MAX,
} from "../../../../shared/shop-settings.schemas.ts";
import { BusyButton } from "../../../components/ui/busy-button.tsx";
import {
	SelectField,
	TextAreaField,
	TextField,
} from "../../../components/ui/field.tsx";
import {
	describeError,
	FormError,
} from "../../../components/ui/form-error.tsx";
import {
	ImageField,
	type ImageFieldHandle,
} from "../../../components/ui/image-field.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { notify } from "../../../lib/toast.ts";
import { useSaveShopSettings } from "../shop-settings.queries.ts";

const CURRENCY_NAMES: Record<(typeof SHOP_CURRENCIES)[number], string> = {
	USD: "US dollar (USD)",
};

function toFormValues(settings: ShopSettings): ShopSettingsInput {
	return {
		shop_name: settings.shop_name,
		legal_address: settings.legal_address,
		tax_id: settings.tax_id,
		contact_email: settings.contact_email,
		currency: settings.currency,
	};
}

const isDetailField = (field: string): field is keyof ShopSettingsInput =>
	[
		"shop_name",
		"legal_address",
		"tax_id",
		"contact_email",
		"currency",
	].includes(field);

/**
 * The seller's details that invoices print and the footer shows, and the logo. One save sends
 * the details, then the chosen logo (or its removal); the server's field errors show on their
 * fields, anything else above the form.
 */
export function ShopSettingsForm({ settings }: { settings: ShopSettings }) {
	const save = useSaveShopSettings();
	const isSaving = save.details.isPending || save.logo.isPending;
	const titleId = useId();
	const logoField = useRef<ImageFieldHandle>(null);
	const [logo, setLogo] = useState<File>();
	const [removesLogo, setRemovesLogo] = useState(false);
	const [logoError, setLogoError] = useState<string>();
	const [failure, setFailure] = useState<string>();
	const {
		register,
		handleSubmit,
		reset,
		setError,
		formState: { errors },
	} = useForm<ShopSettingsInput>({
		resolver: zodResolver(ShopSettingsInputSchema),
		defaultValues: toFormValues(settings),
	});

	const onSubmit = handleSubmit(async (details) => {
		setFailure(undefined);
		setLogoError(undefined);
		let saved: ShopSettings;
		try {
			saved = await save.details.mutateAsync(details);
		} catch (error) {
			const issues = error instanceof ApiError ? error.details : [];
			for (const issue of issues)
				if (isDetailField(issue.field))
					setError(issue.field, { message: issue.message });
			if (issues.length === 0) setFailure(describeError(error));
			return;
		}
		reset(toFormValues(saved));
		const logoChange = logo ?? (removesLogo ? "remove" : undefined);
		if (logoChange) {
			try {
				await save.logo.mutateAsync(logoChange);
			} catch (error) {
				setLogoError(describeError(error));
				notify.error("The details were saved, the logo was not");
				return;
			}
			setLogo(undefined);
			setRemovesLogo(false);
			logoField.current?.clear();
		}
		notify.success("Shop settings saved");
	});

	return (
		<form
			onSubmit={onSubmit}
			noValidate
			aria-labelledby={titleId}
			className="max-w-2xl"
		>
			<h2 id={titleId} className="mb-4 text-xl font-semibold">
				The seller on every invoice
			</h2>
			<FormError message={failure} />
			<fieldset
				className="fieldset grid gap-x-4 gap-y-3 sm:grid-cols-2"
				disabled={isSaving}
			>
				<TextField
					label="Shop name"
					className="sm:col-span-2"
					maxLength={SHOP_NAME_MAX}
					hint="The business name invoices are issued in."
					error={errors.shop_name?.message}
					{...register("shop_name")}
				/>
				<TextAreaField
					label="Legal address"
					className="sm:col-span-2"
					rows={4}
					maxLength={LEGAL_ADDRESS_MAX}
					hint={`As printed on invoices: up to ${LEGAL_ADDRESS_LINES_MAX} lines.`}
					error={errors.legal_address?.message}
					{...register("legal_address")}
				/>
				<TextField
					label="Tax id"
					maxLength={TAX_ID_MAX}
					hint="Your VAT or tax registration number, if you have one."
					error={errors.tax_id?.message}
					{...register("tax_id")}
				/>
				<TextField
					label="Contact email"
					type="email"
					maxLength={CONTACT_EMAIL_MAX}
					hint="Shown in the footer and on invoices."
					error={errors.contact_email?.message}
					{...register("contact_email")}
				/>
				<SelectField
					label="Currency"
					hint="Payments are taken in US dollars; invoices show this currency."
					error={errors.currency?.message}
					{...register("currency")}
				>
					{SHOP_CURRENCIES.map((currency) => (
						<option key={currency} value={currency}>
							{CURRENCY_NAMES[currency]}
						</option>
					))}
				</SelectField>
				<div className="sm:col-span-2">
					<ImageField
						ref={logoField}
						label="Logo"
						file={logo}
						currentUrl={removesLogo ? null : settings.logo_url}
						keepHint={
							settings.logo_url
								? "Leave empty to keep the current logo."
								: "Optional: printed at the top of invoices."
						}
						previewClassName="h-16 w-auto max-w-xs object-contain object-left"
						error={logoError}
						isUploading={save.logo.isPending && logo !== undefined}
						onChange={(chosen) => {
							setLogo(chosen);
							setLogoError(undefined);
							if (chosen) setRemovesLogo(false);
						}}
					/>
					{settings.logo_url && !logo && (
						<label className="label mt-2 cursor-pointer gap-2 whitespace-normal text-base-content">
							<input
								type="checkbox"
								className="checkbox"
								name={`remove-${SHOP_LOGO_FIELD}`}
								checked={removesLogo}
								onChange={(event) => setRemovesLogo(event.target.checked)}
							/>
							Remove the logo (invoices already issued keep it)
						</label>
					)}
				</div>
				<div className="sm:col-span-2">
					<BusyButton isBusy={isSaving} className="btn btn-primary mt-2">
						Save settings
					</BusyButton>
				</div>
			</fieldset>
		</form>
	);
}
