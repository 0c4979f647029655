type ErrorStateProps = {
	title?: string;
	message: string;
	onRetry?: () => void;
};

export function ErrorState({
	title = "Something went wrong",
	message,
	onRetry,
}: ErrorStateProps) {
	return (
		<div
			role="alert"
			className="alert alert-error alert-soft mx-auto my-8 max-w-xl flex-col items-start gap-2 sm:flex-row sm:items-center"
		>
			<div className="flex-1">
				<h3 className="font-semibold">{title}</h3>
				<p className="text-sm">{message}</p>
			</div>
			{onRetry && (
				<button type="button" className="btn btn-sm" onClick={onRetry}>
					Try again
				</button>
			)}
		</div>
	);
}
