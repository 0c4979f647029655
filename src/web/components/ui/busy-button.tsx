import type { ButtonHTMLAttributes, ReactNode } from "react";

/**
 * A button that is disabled with a spinner while its work runs: a form's submit button by
 * default, or any action with `type="button"`.
 */
export function BusyButton({
	isBusy,
	children,
	className = "btn btn-primary",
	type = "submit",
	disabled,
	...button
}: {
	isBusy: boolean;
	children: ReactNode;
	className?: string;
} & Omit<ButtonHTMLAttributes<HTMLButtonElement>, "className" | "children">) {
	return (
		<button
			type={type}
			className={className}
			disabled={isBusy || disabled}
			aria-busy={isBusy || undefined}
			{...button}
		>
			{isBusy && (
				<span
					className="loading loading-spinner loading-sm"
					aria-hidden="true"
				/>
			)}
			{children}
		</button>
	);
}
