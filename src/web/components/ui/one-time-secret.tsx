import { type ReactNode, useRef, useState } from "react";
import { Field } from "./field.tsx";

type CopyOutcome = "copied" | "failed";

/**
 * A secret shown once (an API key, a webhook's signing secret): what it is for, the warning that
 * it will not be shown again, the secret read-only with 'Copy', and 'Done'. The browser may refuse
 * the clipboard (a shop served over plain HTTP has none): the secret is then selected for the
 * admin to copy by hand.
 */
export function OneTimeSecret({
	intro,
	warning,
	label,
	noun,
	secret,
	onDone,
}: {
	intro: ReactNode;
	warning: string;
	/** The field's label: "Your new key". */
	label: string;
	/** What the secret is called in the copy failure's words: "key". */
	noun: string;
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
			{intro}
			<p className="alert alert-warning">{warning}</p>
			<Field label={label}>
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
					{outcome === "copied" && "Copied"}
					{outcome === "failed" &&
						`Could not copy: select the ${noun} and copy it yourself.`}
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
