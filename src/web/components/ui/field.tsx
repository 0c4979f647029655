import {
	type InputHTMLAttributes,
	type ReactNode,
	type Ref,
	type SelectHTMLAttributes,
	type TextareaHTMLAttributes,
	useId,
} from "react";

/** What a control needs to be tied to its label, hint and error. */
export type FieldControlProps = {
	id: string;
	"aria-invalid": true | undefined;
	"aria-describedby": string | undefined;
};

type FieldShellProps = {
	label: ReactNode;
	/** A standing explanation under the control ("Must be 8 characters or longer"). */
	hint?: ReactNode;
	/** The validation message; the control is marked invalid and described by it. */
	error?: string;
	/** Reads the error out as it appears: for a field checked while typing, whose error also disables the form. */
	announcesError?: boolean;
	className?: string;
};

/**
 * The one shape of a form field: a label tied to its control, an optional hint and an error the
 * control is described by, so a screen reader reads all three. `children` renders the control
 * with the props it is given.
 */
export function Field({
	label,
	hint,
	error,
	announcesError = false,
	className,
	children,
}: FieldShellProps & {
	children: (control: FieldControlProps) => ReactNode;
}) {
	const id = useId();
	const hintId = `${id}-hint`;
	const errorId = `${id}-error`;
	// A hint the error repeats word for word ("Must be 8 characters or longer") is said once.
	const showsHint = Boolean(hint) && hint !== error;
	const describedBy =
		[showsHint ? hintId : undefined, error ? errorId : undefined]
			.filter(Boolean)
			.join(" ") || undefined;
	return (
		<div className={`flex flex-col gap-1 ${className ?? ""}`}>
			<label className="label" htmlFor={id}>
				{label}
			</label>
			{children({
				id,
				"aria-invalid": error ? true : undefined,
				"aria-describedby": describedBy,
			})}
			{showsHint && (
				<p id={hintId} className="text-sm text-base-content/80">
					{hint}
				</p>
			)}
			{error && (
				<p
					id={errorId}
					role={announcesError ? "alert" : undefined}
					className="text-sm text-error"
				>
					{error}
				</p>
			)}
		</div>
	);
}

type Native<T> = Omit<
	T,
	"id" | "className" | "aria-invalid" | "aria-describedby"
>;

/** A labelled text input (any input type that is typed into). */
export function TextField({
	label,
	hint,
	error,
	announcesError,
	className,
	ref,
	...input
}: FieldShellProps & {
	ref?: Ref<HTMLInputElement>;
} & Native<InputHTMLAttributes<HTMLInputElement>>) {
	return (
		<Field
			label={label}
			hint={hint}
			error={error}
			announcesError={announcesError}
			className={className}
		>
			{(control) => (
				<input
					ref={ref}
					className={`input w-full ${error ? "input-error" : ""}`}
					{...control}
					{...input}
				/>
			)}
		</Field>
	);
}

/** A labelled multi-line text box. */
export function TextAreaField({
	label,
	hint,
	error,
	className,
	ref,
	...textarea
}: FieldShellProps & {
	ref?: Ref<HTMLTextAreaElement>;
} & Native<TextareaHTMLAttributes<HTMLTextAreaElement>>) {
	return (
		<Field label={label} hint={hint} error={error} className={className}>
			{(control) => (
				<textarea
					ref={ref}
					className={`textarea w-full ${error ? "textarea-error" : ""}`}
					{...control}
					{...textarea}
				/>
			)}
		</Field>
	);
}

/** A labelled choice from a list; `children` are its <option>s. */
export function SelectField({
	label,
	hint,
	error,
	className,
	ref,
	children,
	...select
}: FieldShellProps & {
	ref?: Ref<HTMLSelectElement>;
	children: ReactNode;
} & Native<SelectHTMLAttributes<HTMLSelectElement>>) {
	return (
		<Field label={label} hint={hint} error={error} className={className}>
			{(control) => (
				<select
					ref={ref}
					className={`select w-full ${error ? "select-error" : ""}`}
					{...control}
					{...select}
				>
					{children}
				</select>
			)}
		</Field>
	);
}
