import { QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState, useSyncExternalStore } from "react";
import { LazyPart } from "../components/ui/lazy-part.tsx";
import { recheckSessionAfterRefusal } from "../features/auth/session.queries.ts";
import { lazyComponent } from "../lib/lazy-component.ts";
import { createQueryClient } from "../lib/query-client.ts";
import { readIsToastHostWanted, subscribeToToastHost } from "../lib/toast.ts";

// Its own chunk, fetched with the first toast: the toast library and its styles are not part of
// a page's first download.
const ToastHost = lazyComponent(() =>
	import("./toast-host.tsx").then((module) => module.ToastHost),
);

/** A 401 from any call while signed in ends the session for every page at once. */
const createShopQueryClient = () =>
	createQueryClient({
		onUnauthorized: (queryClient, refusedQueryKey) =>
			void recheckSessionAfterRefusal(queryClient, refusedQueryKey),
	});

export function Providers({ children }: { children: ReactNode }) {
	const [queryClient] = useState(createShopQueryClient);
	const isToastHostWanted = useSyncExternalStore(
		subscribeToToastHost,
		readIsToastHostWanted,
	);
	return (
		<QueryClientProvider client={queryClient}>
			{children}
			{isToastHostWanted && (
				<LazyPart fallback={null}>
					<ToastHost />
				</LazyPart>
			)}
		</QueryClientProvider>
	);
}
