import { type ReactNode, useId } from "react";
import { useModal } from "./use-modal.ts";

type ConfirmDialogProps = {
	isOpen: boolean;
	title: string;
	message: ReactNode;
	confirmLabel: string;
	/** The button that closes without doing anything; "Cancel" unless that would be ambiguous. */
	cancelLabel?: string;
	isPending?: boolean;
	onConfirm: () => void;
	onCancel: () => void;
	/** Extra fields (a password) shown between the message and the buttons. */
	children?: ReactNode;
};

/**
 * The shared delete confirmation: a modal <dialog> that takes focus, cancels on Escape and names
 * its buttons. Users, tools and orders use it.
 */
export function ConfirmDialog({
	isOpen,
	title,
	message,
	confirmLabel,
	cancelLabel = "Cancel",
	isPending = false,
	onConfirm,
	onCancel,
	children,
}: ConfirmDialogProps) {
	const dialogRef = useModal(isOpen);
	const titleId = useId();

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
							{cancelLabel}
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
