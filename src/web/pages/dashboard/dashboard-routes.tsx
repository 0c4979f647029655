import type { JSX } from "react";

export function DashboardRoutes(): JSX.Element {
	return (
		<div className="mx-auto max-w-5xl px-4 py-10">
			<h1 className="text-3xl font-bold">Dashboard</h1>
		</div>
	);
}
