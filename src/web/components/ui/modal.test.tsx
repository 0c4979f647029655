import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { expect, test } from "vitest";
import { ConfirmDialog } from "./confirm-dialog.tsx";
import { Modal } from "./modal.tsx";

function Host() {
	const [isOpen, setIsOpen] = useState(false);
	return (
		<>
			<button type="button" onClick={() => setIsOpen(true)}>
				Open the note
			</button>
			<Modal isOpen={isOpen} title="A note" onClose={() => setIsOpen(false)}>
				<input aria-label="Note" />
				<button type="button" onClick={() => setIsOpen(false)}>
					Close
				</button>
			</Modal>
		</>
	);
}

test("a modal is named by its title, takes focus, and gives it back when closed", async () => {
	const user = userEvent.setup();
	render(<Host />);
	const opener = screen.getByRole("button", { name: "Open the note" });
	await user.click(opener);
	const dialog = screen.getByRole("dialog", { name: "A note" });
	expect(dialog).toHaveAttribute("open");
	expect(screen.getByRole("textbox", { name: "Note" })).toHaveFocus();
	await user.click(screen.getByRole("button", { name: "Close" }));
	expect(dialog).not.toHaveAttribute("open");
	expect(opener).toHaveFocus();
});

test("Escape closes a modal and returns focus to its opener", async () => {
	const user = userEvent.setup();
	render(<Host />);
	const opener = screen.getByRole("button", { name: "Open the note" });
	await user.click(opener);
	await user.keyboard("{Escape}");
	expect(
		screen.queryByRole("textbox", { name: "Note" }),
	).not.toBeInTheDocument();
	expect(opener).toHaveFocus();
});

test("a confirmation names its buttons and confirms by its own button only", async () => {
	const user = userEvent.setup();
	const answers: string[] = [];
	render(
		<ConfirmDialog
			isOpen
			title="Delete this tool?"
			message="It leaves the catalog."
			confirmLabel="Delete"
			onConfirm={() => answers.push("confirm")}
			onCancel={() => answers.push("cancel")}
		/>,
	);
	expect(
		screen.getByRole("dialog", { name: "Delete this tool?" }),
	).toBeVisible();
	await user.click(screen.getByRole("button", { name: "Cancel" }));
	await user.click(screen.getByRole("button", { name: "Delete" }));
	expect(answers).toEqual(["cancel", "confirm"]);
});
