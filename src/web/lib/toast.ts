import type { ToastOptions } from "react-toastify/unstyled";

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
