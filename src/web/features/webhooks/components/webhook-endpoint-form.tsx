import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState } from "react";
import { type UseFormRegisterReturn, useForm } from "react-hook-form";
import type * as z from "zod/mini";
import {
	WEBHOOK_DESCRIPTION_MAX,
	WEBHOOK_EVENT_LABELS,
	WEBHOOK_EVENTS,
	WEBHOOK_URL_MAX,
	type WebhookEndpointInput,
	WebhookEndpointInputSchema,
	type WebhookEvent,
} from "../../../../shared/webhooks.schemas.ts";
import { BusyButton } from "../../../components/ui/busy-button.tsx";
import { TextField } from "../../../components/ui/field.tsx";
import {
	describeError,
	FormError,
} from "../../../components/ui/form-error.tsx";
import { ApiError } from "../../../lib/api-client.ts";

type FormValues = z.input<typeof WebhookEndpointInputSchema>;

const BLANK: FormValues = { url: "", description: "", events: [] };

/** The events in two groups, as the admin thinks of them: what happens to orders, and to tools. */
const EVENT_GROUPS: readonly { legend: string; events: WebhookEvent[] }[] = [
	{
		legend: "Orders",
		events: WEBHOOK_EVENTS.filter((event) => event.startsWith("order.")),
	},
	{
		legend: "Tools",
		events: WEBHOOK_EVENTS.filter((event) => event.startsWith("tool.")),
	},
];

/** The form's fields the shop may name in a refusal; "events.1" belongs to the events. */
function fieldOf(issueField: string): keyof FormValues | undefined {
	if (issueField === "url" || issueField === "description") return issueField;
	if (issueField === "events" || issueField.startsWith("events."))
		return "events";
	return undefined;
}

/**
 * Adding a webhook endpoint: the address the shop sends to, a description to know it by and the
 * events it is sent, one checkbox an event in two groups. `onAdd` throws when the shop refused:
 * its reasons show on their fields (an address the shop does not send to, beside the URL),
 * anything else (too many endpoints) above the form, and what was entered stays. An endpoint added
 * empties the form.
 */
export function WebhookEndpointForm({
	onAdd,
}: {
	onAdd: (input: WebhookEndpointInput) => Promise<unknown>;
}) {
	const [failure, setFailure] = useState<string>();
	const titleId = useId();
	const eventsErrorId = useId();
	const {
		register,
		handleSubmit,
		reset,
		setError,
		formState: { errors, isSubmitting },
	} = useForm<FormValues, unknown, WebhookEndpointInput>({
		resolver: zodResolver(WebhookEndpointInputSchema),
		defaultValues: BLANK,
	});
	const eventsError = errors.events?.message;

	async function add(input: WebhookEndpointInput) {
		setFailure(undefined);
		try {
			await onAdd(input);
			reset(BLANK);
		} catch (error) {
			const issues = error instanceof ApiError ? error.details : [];
			let isShownOnAField = false;
			for (const issue of issues) {
				const field = fieldOf(issue.field);
				if (!field) continue;
				setError(field, { message: issue.message });
				isShownOnAField = true;
			}
			if (!isShownOnAField) setFailure(describeError(error));
		}
	}

	return (
		<form
			noValidate
			aria-labelledby={titleId}
			className="space-y-4 rounded-box border border-base-300 bg-base-100 p-4 sm:p-6"
			onSubmit={(event) => void handleSubmit(add)(event)}
		>
			<h2 id={titleId} className="text-xl font-semibold">
				Add an endpoint
			</h2>
			<FormError message={failure} />
			<TextField
				label="URL"
				hint="The address of the receiving system, such as https://erp.example.com/hooks/tools-gallery"
				type="url"
				inputMode="url"
				autoComplete="off"
				spellCheck={false}
				className="max-w-xl"
				maxLength={WEBHOOK_URL_MAX}
				error={errors.url?.message}
				{...register("url")}
			/>
			<TextField
				label="Description (optional)"
				hint="To know it by, such as “ERP: new orders”"
				autoComplete="off"
				className="max-w-xl"
				maxLength={WEBHOOK_DESCRIPTION_MAX}
				error={errors.description?.message}
				{...register("description")}
			/>
			<fieldset
				aria-describedby={eventsError ? eventsErrorId : undefined}
				aria-invalid={eventsError ? true : undefined}
			>
				<legend className="label mb-2">Events to send</legend>
				<div className="flex flex-col gap-4 sm:flex-row sm:gap-12">
					{EVENT_GROUPS.map((group) => (
						<EventGroup
							key={group.legend}
							legend={group.legend}
							events={group.events}
							register={register("events")}
						/>
					))}
				</div>
				{eventsError && (
					<p id={eventsErrorId} className="mt-2 text-sm text-error">
						{eventsError}
					</p>
				)}
			</fieldset>
			<BusyButton isBusy={isSubmitting}>Add endpoint</BusyButton>
		</form>
	);
}

/** One group of events ("Orders"), a checkbox each, all registered as the one field `events`. */
function EventGroup({
	legend,
	events,
	register,
}: {
	legend: string;
	events: readonly WebhookEvent[];
	register: UseFormRegisterReturn<"events">;
}) {
	return (
		<fieldset>
			<legend className="mb-2 text-sm font-semibold">{legend}</legend>
			<div className="flex flex-col gap-2">
				{events.map((event) => (
					<label key={event} className="flex cursor-pointer items-center gap-3">
						<input
							type="checkbox"
							className="checkbox checkbox-primary"
							value={event}
							{...register}
						/>
						<span>{WEBHOOK_EVENT_LABELS[event]}</span>
					</label>
				))}
			</div>
		</fieldset>
	);
}
