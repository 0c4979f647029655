import { QueryClientProvider } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { createQueryClient } from "../lib/query-client.ts";

// Its own chunk: the toast library is not part of the home page's first download.
const ToastHost = lazy(async () => ({
	default: (await import("./toast-host.tsx")).ToastHost,
}));

export function Providers({ children }: { children: ReactNode }) {
	const [queryClient] = useState(createQueryClient);
	return (
		<QueryClientProvider client={queryClient}>
			{children}
			<Suspense fallback={null}>
				<ToastHost />
			</Suspense>
		</QueryClientProvider>
	);
}
