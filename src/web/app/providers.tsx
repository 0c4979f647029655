import { QueryClientProvider } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { recheckSessionAfterRefusal } from "../features/auth/session.queries.ts";
import { createQueryClient } from "../lib/query-client.ts";

// Its own chunk: the toast library is not part of the home page's first download.
const ToastHost = lazy(async () => ({
	default: (await import("./toast-host.tsx")).ToastHost,
}));

/** A 401 from any call while signed in ends the session for every page at once. */
const createShopQueryClient = () =>
	createQueryClient({
		onUnauthorized: (queryClient, refusedQueryKey) =>
			void recheckSessionAfterRefusal(queryClient, refusedQueryKey),
	});

export function Providers({ children }: { children: ReactNode }) {
	const [queryClient] = useState(createShopQueryClient);
	return (
		<QueryClientProvider client={queryClient}>
			{children}
			<Suspense fallback={null}>
				<ToastHost />
			</Suspense>
		</QueryClientProvider>
	);
}
