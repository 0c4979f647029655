import { useEffect, useRef } from "react";

const FOCUSABLE =
	"input:not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), [href]";

/**
 * Opens a <dialog> as a modal while `isOpen` (the browser then traps focus and Escape fires
 * `cancel`) and closes it otherwise. Falls back to the `open` attribute where showModal is missing.
 * Focus goes to the dialog's first field or button, as showModal does, where the host did not.
 */
export function useModal(isOpen: boolean) {
	const dialogRef = useRef<HTMLDialogElement>(null);
	useEffect(() => {
		const dialog = dialogRef.current;
		if (!dialog) return;
		if (isOpen && !dialog.open) {
			if (typeof dialog.showModal === "function") dialog.showModal();
			else dialog.setAttribute("open", "");
			if (!dialog.contains(document.activeElement))
				dialog.querySelector<HTMLElement>(FOCUSABLE)?.focus();
		}
		if (!isOpen && dialog.open) {
			if (typeof dialog.close === "function") dialog.close();
			else dialog.removeAttribute("open");
		}
	}, [isOpen]);
	return dialogRef;
}
