import {
	type InputHTMLAttributes,
	type ReactNode,
	type Ref,
	useState,
} from "react";
import { Field } from "./field.tsx";

/** The password rule of every form that takes a new or existing password. */
export const PASSWORD_RULE_HINT = "Must be 8 characters or longer";

/**
 * A password input with a show/hide button. The hint defaults to the password rule, so sign-up,
 * login, reset and change-password say the same thing.
 */
export function PasswordField({
	label = "Password",
	hint = PASSWORD_RULE_HINT,
	error,
	className,
	ref,
	...input
}: {
	label?: ReactNode;
	hint?: ReactNode;
	error?: string;
	className?: string;
	ref?: Ref<HTMLInputElement>;
} & Omit<
	InputHTMLAttributes<HTMLInputElement>,
	"id" | "className" | "type" | "aria-invalid" | "aria-describedby"
>) {
	const [isShown, setIsShown] = useState(false);
	return (
		<Field label={label} hint={hint} error={error} className={className}>
			{(control) => (
				<div className={`input w-full pe-1 ${error ? "input-error" : ""}`}>
					<input
						ref={ref}
						type={isShown ? "text" : "password"}
						{...control}
						{...input}
					/>
					<button
						type="button"
						className="btn btn-ghost btn-xs"
						aria-pressed={isShown}
						aria-controls={control.id}
						onClick={() => setIsShown((shown) => !shown)}
					>
						{isShown ? "Hide" : "Show"}
						<span className="sr-only"> password</span>
					</button>
				</div>
			)}
		</Field>
	);
}
