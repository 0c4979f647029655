import type { ReactNode } from "react";

/** What a list or page shows when it has nothing yet: a sentence, and a next step where one helps. */
export function EmptyState({
	message,
	action,
}: {
	message: string;
	action?: ReactNode;
}) {
	return (
		<div className="flex flex-col items-center gap-4 py-12 text-center">
			<p className="text-base-content/80">{message}</p>
			{action}
		</div>
	);
}
