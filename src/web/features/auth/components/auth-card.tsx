import type { ReactNode } from "react";

/** The card every sign-in page sits in, titled by its h1 (which also names its form). */
export function AuthCard({
	title,
	titleId,
	children,
}: {
	title: string;
	titleId: string;
	children: ReactNode;
}) {
	return (
		<div className="mx-auto max-w-md px-4 py-12">
			<div className="card bg-base-100 shadow-xl">
				<div className="card-body gap-4">
					<h1 id={titleId} className="text-center text-2xl font-bold">
						{title}
					</h1>
					{children}
				</div>
			</div>
		</div>
	);
}
