import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { expect, test, vi } from "vitest";
import { BusyButton } from "./busy-button.tsx";
import { EmptyState } from "./empty-state.tsx";
import { TextAreaField, TextField } from "./field.tsx";
import { describeError, FormError } from "./form-error.tsx";
import { ImageField } from "./image-field.tsx";
import { PASSWORD_RULE_HINT, PasswordField } from "./password-field.tsx";
import { SearchField } from "./search-field.tsx";

test("a field's label names its control, and its hint and error describe it", () => {
	render(
		<TextField
			label="Product Name"
			hint="As customers will see it"
			error="Product name is required"
		/>,
	);
	const input = screen.getByRole("textbox", { name: "Product Name" });
	expect(input).toHaveAttribute("aria-invalid", "true");
	expect(input).toHaveAccessibleDescription(
		"As customers will see it Product name is required",
	);
});

test("a field without an error is not marked invalid and is described by its hint only", () => {
	render(<TextAreaField label="Description" hint="Markdown is allowed" />);
	const box = screen.getByRole("textbox", { name: "Description" });
	expect(box).not.toHaveAttribute("aria-invalid");
	expect(box).toHaveAccessibleDescription("Markdown is allowed");
});

test("a password field states the password rule and can show what was typed", async () => {
	const user = userEvent.setup();
	render(<PasswordField autoComplete="current-password" />);
	const input = screen.getByLabelText("Password");
	expect(input).toHaveAttribute("type", "password");
	expect(input).toHaveAccessibleDescription(PASSWORD_RULE_HINT);
	await user.type(input, "secret words");
	await user.click(screen.getByRole("button", { name: "Show password" }));
	expect(input).toHaveAttribute("type", "text");
	expect(input).toHaveValue("secret words");
	await user.click(screen.getByRole("button", { name: "Hide password" }));
	expect(input).toHaveAttribute("type", "password");
});

function PhotoPicker({ onChange }: { onChange: (file?: File) => void }) {
	const [file, setFile] = useState<File>();
	return (
		<ImageField
			label="Image"
			file={file}
			onChange={(chosen) => {
				setFile(chosen);
				onChange(chosen);
			}}
		/>
	);
}

test("an image field refuses a photo over 10 MiB before any upload, and takes a fitting one", async () => {
	const user = userEvent.setup();
	const onChange = vi.fn();
	render(<PhotoPicker onChange={onChange} />);
	const input = screen.getByLabelText("Image");
	const huge = new File([new Uint8Array(10 * 1024 * 1024 + 1)], "huge.jpg", {
		type: "image/jpeg",
	});
	await user.upload(input, huge);
	expect(onChange).toHaveBeenLastCalledWith(undefined);
	expect(input).toHaveAttribute("aria-invalid", "true");
	expect(input).toHaveAccessibleDescription(
		expect.stringContaining("The image is larger than 10 MiB"),
	);

	const fitting = new File([new Uint8Array(2048)], "drill.png", {
		type: "image/png",
	});
	await user.upload(input, fitting);
	expect(onChange).toHaveBeenLastCalledWith(fitting);
	expect(input).not.toHaveAttribute("aria-invalid");
	expect(screen.getByRole("img", { name: "The chosen picture" })).toBeVisible();
});

test("an image field shows the current picture and a progress bar while uploading", () => {
	render(
		<ImageField
			label="Cover image"
			file={undefined}
			currentUrl="/images/cover.webp"
			keepHint="Leave empty to keep the current cover."
			isUploading
			onChange={() => undefined}
		/>,
	);
	expect(
		screen.getByRole("img", { name: "The current picture" }),
	).toHaveAttribute("src", "/images/cover.webp");
	expect(screen.getByLabelText("Cover image")).toHaveAccessibleDescription(
		"JPEG, PNG or WebP, up to 10 MiB. Leave empty to keep the current cover.",
	);
	expect(
		screen.getByRole("progressbar", { name: "Uploading cover image" }),
	).toBeInTheDocument();
});

test("a busy button is disabled and says it is busy; an idle one can be pressed", async () => {
	const user = userEvent.setup();
	const onClick = vi.fn();
	const { rerender } = render(
		<BusyButton type="button" isBusy onClick={onClick}>
			Save
		</BusyButton>,
	);
	const button = screen.getByRole("button", { name: "Save" });
	expect(button).toBeDisabled();
	expect(button).toHaveAttribute("aria-busy", "true");
	rerender(
		<BusyButton type="button" isBusy={false} onClick={onClick}>
			Save
		</BusyButton>,
	);
	await user.click(button);
	expect(onClick).toHaveBeenCalledOnce();
});

test("a search field asks once after typing settles, and at once on Enter", async () => {
	const user = userEvent.setup();
	const onSearch = vi.fn();
	render(
		<SearchField label="Search tools by name" value="" onSearch={onSearch} />,
	);
	const box = screen.getByRole("searchbox", { name: "Search tools by name" });
	await user.type(box, "drill");
	await waitFor(() => expect(onSearch).toHaveBeenCalledWith("drill"));
	expect(onSearch).toHaveBeenCalledOnce();
	await user.clear(box);
	await user.type(box, "  saw {Enter}");
	expect(onSearch).toHaveBeenLastCalledWith("saw");
});

test("a search field shows a search that changed elsewhere (back, a link)", () => {
	const { rerender } = render(
		<SearchField label="Search" value="drill" onSearch={() => undefined} />,
	);
	expect(screen.getByRole("searchbox")).toHaveValue("drill");
	rerender(<SearchField label="Search" value="" onSearch={() => undefined} />);
	expect(screen.getByRole("searchbox")).toHaveValue("");
});

test("a form error is announced with its message; none shows nothing", () => {
	const { rerender } = render(
		<FormError message="Invalid email or password" />,
	);
	expect(screen.getByRole("alert")).toHaveTextContent(
		"Error: Invalid email or password",
	);
	rerender(<FormError message={undefined} />);
	expect(screen.queryByRole("alert")).not.toBeInTheDocument();
	expect(describeError(new Error("Out of stock"))).toBe("Out of stock");
	expect(describeError("nonsense")).toMatch(/Something went wrong on our side/);
});

test("an empty state says why the list is empty and offers the next step", () => {
	render(
		<EmptyState
			message="No orders yet."
			action={<a href="/">Browse the tools</a>}
		/>,
	);
	expect(screen.getByText("No orders yet.")).toBeVisible();
	expect(screen.getByRole("link", { name: "Browse the tools" })).toBeVisible();
});

test("a field checked while typing announces its error; other fields only describe theirs", () => {
	const { rerender } = render(
		<TextField
			label="Quantity"
			error="Your maximum order is 40 pieces."
			announcesError
		/>,
	);
	expect(screen.getByRole("alert")).toHaveTextContent(
		"Your maximum order is 40 pieces.",
	);
	rerender(
		<TextField label="Quantity" error="Your maximum order is 40 pieces." />,
	);
	expect(screen.queryByRole("alert")).not.toBeInTheDocument();
	expect(screen.getByLabelText("Quantity")).toHaveAccessibleDescription(
		"Your maximum order is 40 pieces.",
	);
});
