const FALLBACK_MESSAGE =
	"Something went wrong on our side. Please try again in a moment.";

/** The sentence to show for a failed call; the sign-in layer's errors already speak to customers. */
export function describeFailure(error: unknown): string {
	return error instanceof Error && error.message
		? error.message
		: FALLBACK_MESSAGE;
}

/** A failed sign-in, sign-up or reset, shown above its form as 'Error: {message}'. */
export function AuthFormError({ message }: { message: string | undefined }) {
	if (!message) return null;
	return (
		<div role="alert" className="alert alert-error alert-soft">
			<span>Error: {message}</span>
		</div>
	);
}
