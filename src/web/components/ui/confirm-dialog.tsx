import { type ReactNode, useEffect, useId, useRef } from "react";

type ConfirmDialogProps = {
	isOpen: boolean;
	title: string;
	message: ReactNode;
	confirmLabel: string;
	isPending?: boolean;
	onConfirm: () => void;
	onCancel: () => void;
	/** Extra fields (a password) shown between the message and the buttons. */
	children?: ReactNode;
};

/**
 * The shared delete confirmation: a modal <dialog> that takes focus, cancels on Escape and names
 * its buttons. Users today; tools and orders reuse it.
 */
export function ConfirmDialog({
	isOpen,
	title,
	message,
	confirmLabel,
	isPending = false,
	onConfirm,
	onCancel,
	children,
}: ConfirmDialogProps) {
	const dialogRef = useRef<HTMLDialogElement>(null);
	const titleId = useId();

	useEffect(() => {
		const dialog = dialogRef.current;
		if (!dialog) return;
		if (isOpen && !dialog.open) {
			if (typeof dialog.showModal === "function") dialog.showModal();
			else dialog.setAttribute("open", "");
		}
		if (!isOpen && dialog.open) {
			if (typeof dialog.close === "function") dialog.close();
			else dialog.removeAttribute("open");
		}
	}, [isOpen]);

	return (
		<dialog
			ref={dialogRef}
			className="modal"
			aria-labelledby={titleId}
			onCancel={(event) => {
				event.preventDefault();
				onCancel();
			}}
			onKeyDown={(event) => {
				if (event.key === "Escape") {
					event.preventDefault();
					onCancel();
				}
			}}
		>
			{isOpen && (
				<form
					className="modal-box"
					onSubmit={(event) => {
						event.preventDefault();
						onConfirm();
					}}
				>
					<h2 id={titleId} className="text-lg font-bold">
						{title}
					</h2>
					<div className="py-4">{message}</div>
					{children}
					<div className="modal-action">
						<button type="button" className="btn" onClick={onCancel}>
							Cancel
						</button>
						<button
							type="submit"
							className="btn btn-error"
							disabled={isPending}
						>
							{isPending && (
								<span className="loading loading-spinner" aria-hidden="true" />
							)}
							{confirmLabel}
						</button>
					</div>
				</form>
			)}
		</dialog>
	);
}
