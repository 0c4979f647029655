import { type InputHTMLAttributes, type Ref, useId } from "react";

type AuthFieldProps = {
	label: string;
	error: string | undefined;
	ref?: Ref<HTMLInputElement>;
} & Omit<
	InputHTMLAttributes<HTMLInputElement>,
	"id" | "className" | "aria-invalid" | "aria-describedby"
>;

/** A labelled input whose validation message is announced with it (aria-describedby). */
export function AuthField({ label, error, ...input }: AuthFieldProps) {
	const id = useId();
	const errorId = `${id}-error`;
	return (
		<div className="flex flex-col gap-1">
			<label className="label" htmlFor={id}>
				{label}
			</label>
			<input
				id={id}
				className={`input w-full ${error ? "input-error" : ""}`}
				aria-invalid={error ? true : undefined}
				aria-describedby={error ? errorId : undefined}
				{...input}
			/>
			{error && (
				<p id={errorId} className="text-sm text-error">
					{error}
				</p>
			)}
		</div>
	);
}
