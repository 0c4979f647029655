import { useRef, useState } from "react";
import { Field } from "../../../components/ui/field.tsx";

type CopyOutcome = "copied" | "failed";

const COPY_MESSAGES: Record<CopyOutcome, string> = {
	copied: "Copied",
	failed: "Could not copy: select the secret and copy it yourself.",
};

/**
 * The signing secret of an endpoint just added, the one time it is shown: read-only, with 'Copy'
 * and the warning that it will not be shown again. The receiving system checks each delivery's
 * signature with it. The browser may refuse the clipboard (a shop served over plain HTTP has
 * none): the secret is then selected for the admin to copy by hand.
 */
export function NewEndpointSecret({
	url,
	secret,
	onDone,
}: {
	url: string;
	secret: string;
	onDone: () => void;
}) {
	const field = useRef<HTMLTextAreaElement>(null);
	const [outcome, setOutcome] = useState<CopyOutcome>();

	async function copy() {
		try {
			// Missing outside a secure context: the same as a refusal.
			if (!navigator.clipboard) throw new Error("No clipboard");
			await navigator.clipboard.writeText(secret);
			setOutcome("copied");
		} catch {
			setOutcome("failed");
			field.current?.focus();
			field.current?.select();
		}
	}

	return (
		<div className="space-y-4">
			<p className="break-words">
				{"The shop now sends events to "}
				<span className="break-all font-mono">{url}</span>
				{
					". Give this secret to the system there: it checks with it that each delivery comes from the shop, by its "
				}
				<code className="font-mono">Tools-Gallery-Signature</code>
				{" header."}
			</p>
			<p className="alert alert-warning">
				This is the only time the secret is shown. Copy it now and keep it
				somewhere safe.
			</p>
			<Field label="Signing secret">
				{(control) => (
					// A box that grows to its text, so the whole secret shows on a phone too.
					<textarea
						ref={field}
						className="textarea field-sizing-content min-h-0 w-full resize-none break-all font-mono"
						rows={1}
						readOnly
						value={secret}
						spellCheck={false}
						onFocus={(event) => event.currentTarget.select()}
						{...control}
					/>
				)}
			</Field>
			<div className="flex flex-wrap items-center gap-3">
				<button
					type="button"
					className="btn btn-outline"
					onClick={() => void copy()}
				>
					Copy
				</button>
				<p
					className={`text-sm ${outcome === "failed" ? "text-error" : ""}`}
					aria-live="polite"
				>
					{outcome && COPY_MESSAGES[outcome]}
				</p>
			</div>
			<div className="modal-action">
				<button type="button" className="btn btn-primary" onClick={onDone}>
					Done
				</button>
			</div>
		</div>
	);
}
