/** A failed change, shown above its form as 'Error: {message}'. */
export function FormError({ message }: { message: string | undefined }) {
	if (!message) return null;
	return (
		<div role="alert" className="alert alert-error alert-soft">
			<span>Error: {message}</span>
		</div>
	);
}

export function describeError(error: unknown): string {
	return error instanceof Error && error.message
		? error.message
		: "Something went wrong on our side. Please try again in a moment.";
}
