import { type ReactNode, useEffect, useId, useRef } from "react";

const FOCUSABLE =
	"input:not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), [href]";

/**
 * The one dialog shell of the app: a modal <dialog> open while `isOpen`. The browser makes the
 * page behind it inert (focus stays inside) and Escape asks to close; focus goes to the first
 * field or button inside and, on closing, back to what had it before. The content mounts only
 * while open, so each opening starts fresh.
 */
export function Modal({
	isOpen,
	title,
	onClose,
	children,
	className = "",
}: {
	isOpen: boolean;
	title: ReactNode;
	/** Called for Escape and for the content's own close buttons; the host sets isOpen false. */
	onClose: () => void;
	children: ReactNode;
	className?: string;
}) {
	const dialogRef = useRef<HTMLDialogElement>(null);
	const opener = useRef<HTMLElement | null>(null);
	const titleId = useId();

	useEffect(() => {
		const dialog = dialogRef.current;
		if (!dialog) return;
		if (isOpen && !dialog.open) {
			opener.current =
				document.activeElement instanceof HTMLElement
					? document.activeElement
					: null;
			if (typeof dialog.showModal === "function") dialog.showModal();
			else dialog.setAttribute("open", "");
			if (!dialog.contains(document.activeElement))
				dialog.querySelector<HTMLElement>(FOCUSABLE)?.focus();
		}
		if (!isOpen && dialog.open) {
			if (typeof dialog.close === "function") dialog.close();
			else dialog.removeAttribute("open");
			const previous = opener.current;
			opener.current = null;
			if (previous?.isConnected) previous.focus();
		}
	}, [isOpen]);

	return (
		<dialog
			ref={dialogRef}
			className="modal"
			aria-labelledby={titleId}
			onCancel={(event) => {
				event.preventDefault();
				onClose();
			}}
			onKeyDown={(event) => {
				if (event.key === "Escape") {
					event.preventDefault();
					onClose();
				}
			}}
		>
			{isOpen && (
				<div className={`modal-box space-y-4 ${className}`}>
					<h2 id={titleId} className="text-lg font-bold">
						{title}
					</h2>
					{children}
				</div>
			)}
		</dialog>
	);
}
