import type { ReactNode } from "react";
import { BusyButton } from "./busy-button.tsx";
import { Modal } from "./modal.tsx";

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

/** The shared confirmation of a destructive step, in the kit's Modal. */
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
	return (
		<Modal isOpen={isOpen} title={title} onClose={onCancel}>
			<form
				onSubmit={(event) => {
					event.preventDefault();
					onConfirm();
				}}
			>
				<div className="pb-4">{message}</div>
				{children}
				<div className="modal-action">
					<button type="button" className="btn" onClick={onCancel}>
						{cancelLabel}
					</button>
					<BusyButton isBusy={isPending} className="btn btn-error">
						{confirmLabel}
					</BusyButton>
				</div>
			</form>
		</Modal>
	);
}
