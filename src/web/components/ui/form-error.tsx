const FALLBACK_MESSAGE =
	"Something went wrong on our side. Please try again in a moment.";

/** The sentence to show for a failed call: the API client's errors already speak to customers. */
export function describeError(error: unknown): string {
	return error instanceof Error && error.message
		? error.message
		: FALLBACK_MESSAGE;
}

/** A failed submit, shown above its form as 'Error: {message}' and announced at once. */
export function FormError({ message }: { message: string | undefined }) {
	if (!message) return null;
	return (
		<div role="alert" className="alert alert-error alert-soft">
			<span>Error: {message}</span>
		</div>
	);
}
