import { render, screen } from "@testing-library/react";
import { expect, test, vi } from "vitest";
import { lazyComponent } from "../../lib/lazy-component.ts";
import { LazyPart } from "./lazy-part.tsx";

function Greeting({ name }: { name: string }) {
	return <p>Hello, {name}</p>;
}

test("the fallback stands in for a lazy part until its code has loaded", async () => {
	let load: (component: typeof Greeting) => void = () => undefined;
	const LazyGreeting = lazyComponent(
		() => new Promise<typeof Greeting>((resolve) => (load = resolve)),
	);
	render(
		<LazyPart fallback={<p>Hello</p>}>
			<LazyGreeting name="Dana" />
		</LazyPart>,
	);
	expect(screen.getByText("Hello")).toBeVisible();

	load(Greeting);
	expect(await screen.findByText("Hello, Dana")).toBeVisible();
	expect(screen.queryByText("Hello")).toBeNull();
});

test("a part whose code cannot be loaded keeps its fallback, and the page around it stays", async () => {
	const LazyGreeting = lazyComponent<{ name: string }>(() =>
		Promise.reject(
			new TypeError("Failed to fetch dynamically imported module"),
		),
	);
	// React reports the error it caught on the console: expected here, so set aside.
	const consoleError = vi.spyOn(console, "error");
	const reportUnexpected = consoleError.getMockImplementation();
	consoleError.mockImplementation(() => undefined);
	try {
		render(
			<main>
				<h1>Tools</h1>
				<LazyPart fallback={<p>Hello</p>}>
					<LazyGreeting name="Dana" />
				</LazyPart>
			</main>,
		);
		expect(await screen.findByText("Hello")).toBeVisible();
		await new Promise((resolve) => setTimeout(resolve, 0));
	} finally {
		consoleError.mockImplementation(reportUnexpected ?? (() => undefined));
	}
	expect(screen.getByText("Hello")).toBeVisible();
	expect(screen.getByRole("heading", { name: "Tools" })).toBeVisible();
});
