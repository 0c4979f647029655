import type { ReactNode } from "react";

/** The form's main button: disabled with a spinner while the form is being sent. */
export function SubmitButton({
	isSubmitting,
	children,
	className = "btn btn-primary mt-2 w-full",
}: {
	isSubmitting: boolean;
	children: ReactNode;
	className?: string;
}) {
	return (
		<button
			type="submit"
			className={className}
			disabled={isSubmitting}
			aria-busy={isSubmitting || undefined}
		>
			{isSubmitting && (
				<span
					className="loading loading-spinner loading-sm"
					aria-hidden="true"
				/>
			)}
			{children}
		</button>
	);
}
