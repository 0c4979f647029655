import type { ToastOptions } from "react-toastify/unstyled";
import { ApiError } from "./api-client.ts";

/**
 * Toasts with the shop's settings, loaded on first use so the public home page's first download
 * stays small. The container mounts in the same lazy chunk (ToastHost).
 */
type Kind = "success" | "error" | "info";

async function show(kind: Kind, message: string, options?: ToastOptions) {
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
