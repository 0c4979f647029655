import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, test, vi } from "vitest";
import { QueryBoundary } from "./query-boundary.tsx";

type Greeting = { text: string };

const settled = {
	isPending: false,
	isError: false,
	error: null,
	data: undefined,
	refetch: () => undefined,
};

function renderBoundary(query: {
	isPending: boolean;
	isError: boolean;
	error: Error | null;
	data: Greeting | undefined;
	refetch: () => unknown;
}) {
	return render(
		<QueryBoundary
			query={query}
			loadingLabel="Loading the greeting"
			errorTitle="We could not load the greeting"
		>
			{(greeting) => <p>{greeting.text}</p>}
		</QueryBoundary>,
	);
}

test("a pending query shows a loading status and no content", () => {
	renderBoundary({ ...settled, isPending: true });
	expect(screen.getByRole("status")).toHaveTextContent("Loading the greeting");
	expect(screen.queryByRole("alert")).not.toBeInTheDocument();
});

test("a failed query shows its error message, and 'Try again' refetches", async () => {
	const refetch = vi.fn();
	renderBoundary({
		...settled,
		isError: true,
		error: new Error("We could not reach the shop."),
		refetch,
	});
	const alert = screen.getByRole("alert");
	expect(alert).toHaveTextContent("We could not load the greeting");
	expect(alert).toHaveTextContent("We could not reach the shop.");
	expect(screen.queryByRole("status")).not.toBeInTheDocument();

	await userEvent.click(screen.getByRole("button", { name: "Try again" }));
	expect(refetch).toHaveBeenCalledTimes(1);
});

test("a loaded query hands its data to the content", () => {
	renderBoundary({ ...settled, data: { text: "Hello, workshop" } });
	expect(screen.getByText("Hello, workshop")).toBeInTheDocument();
	expect(screen.queryByRole("status")).not.toBeInTheDocument();
	expect(screen.queryByRole("alert")).not.toBeInTheDocument();
});

test("deferred content keeps the spinner until its first render is done, then shows the data", async () => {
	const pending = { ...settled, isPending: true };
	const loaded = { ...settled, data: { text: "Hello, workshop" } };
	const renderDeferred = (query: typeof settled | typeof loaded) => (
		<QueryBoundary
			deferContent
			query={query}
			loadingLabel="Loading the greeting"
			errorTitle="We could not load the greeting"
		>
			{(greeting: Greeting) => <p>{greeting.text}</p>}
		</QueryBoundary>
	);
	const { rerender } = render(renderDeferred(pending));
	expect(screen.getByRole("status")).toHaveTextContent("Loading the greeting");

	rerender(renderDeferred(loaded));
	expect(await screen.findByText("Hello, workshop")).toBeInTheDocument();
	expect(screen.queryByRole("status")).not.toBeInTheDocument();
});
