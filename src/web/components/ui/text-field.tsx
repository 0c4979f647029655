import { type InputHTMLAttributes, useId } from "react";

type TextFieldProps = { label: string } & Omit<
	InputHTMLAttributes<HTMLInputElement>,
	"id" | "className"
>;

/** A labelled input of a form; the label is tied to the input for screen readers and clicks. */
export function TextField({ label, ...input }: TextFieldProps) {
	const id = useId();
	return (
		<>
			<label className="label" htmlFor={id}>
				{label}
			</label>
			<input id={id} className="input w-full" {...input} />
		</>
	);
}
