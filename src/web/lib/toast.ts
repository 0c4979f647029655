import type { ToastOptions } from "react-toastify/unstyled";
import { ApiError } from "./api-client.ts";

/**
 * Toasts with the shop's settings, loaded on first use so the public home page's first download
 * stays small. The container (ToastHost, a lazy chunk of its own with the toast styles) is
 * mounted with the first toast; a toast shown before it is there waits for it.
 */
type Kind = "success" | "error" | "info";

let isHostWanted = false;
const hostListeners = new Set<() => void>();

/** For the app's providers (useSyncExternalStore): whether a toast has been asked for yet. */
export function subscribeToToastHost(listener: () => void): () => void {
	hostListeners.add(listener);
	return () => hostListeners.delete(listener);
}

export function readIsToastHostWanted(): boolean {
	return isHostWanted;
}

async function show(kind: Kind, message: string, options?: ToastOptions) {
	if (!isHostWanted) {
		isHostWanted = true;
		for (const listener of hostListeners) listener();
	}
	const { toast } = await import("react-toastify/unstyled");
	toast[kind](message, options);
}

export const notify = {
	success: (message: string, options?: ToastOptions) =>
		void show("success", message, options),
	error: (message: string, options?: ToastOptions) =>
		void show("error", message, options),
	info: (message: string, options?: ToastOptions) =>
		void show("info", message, options),
};

/**
 * What a failure toast adds after its own words ("Failed to add the tool: …"): the API's reason,
 * unless the shop failed on its side, where the reason would say nothing to the user.
 */
export function failureReason(error: unknown): string {
	return error instanceof ApiError && error.status < 500
		? `: ${error.message}`
		: "";
}
