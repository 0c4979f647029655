import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, test, vi } from "vitest";
import { useNearViewport } from "./near-viewport.ts";

function Reviews() {
	const [ref, isNear] = useNearViewport();
	return isNear ? <p>Five reviews</p> : <p ref={ref}>Reviews come here</p>;
}

/**
 * The browser's IntersectionObserver, which the test page cannot compute without layout: the
 * test says when the watched element comes near the screen.
 */
function fakeIntersectionObserver() {
	const watchers: {
		callback: IntersectionObserverCallback;
		elements: Element[];
		options?: IntersectionObserverInit;
	}[] = [];
	class FakeObserver {
		private readonly watcher;
		constructor(
			callback: IntersectionObserverCallback,
			options?: IntersectionObserverInit,
		) {
			this.watcher = { callback, elements: [] as Element[], options };
			watchers.push(this.watcher);
		}
		observe(element: Element) {
			this.watcher.elements.push(element);
		}
		disconnect() {
			this.watcher.elements = [];
		}
	}
	vi.stubGlobal("IntersectionObserver", FakeObserver);
	return {
		watchers,
		/** Reports every watched element as near (or not) the screen. */
		report(isIntersecting: boolean) {
			for (const watcher of watchers)
				watcher.callback(
					watcher.elements.map(
						(target) =>
							({ target, isIntersecting }) as IntersectionObserverEntry,
					),
					watcher as unknown as IntersectionObserver,
				);
		},
	};
}

test("a part far down the page renders once it comes near the screen, and stays", async () => {
	const observer = fakeIntersectionObserver();
	render(<Reviews />);
	expect(screen.getByText("Reviews come here")).toBeVisible();
	expect(observer.watchers[0]?.elements).toHaveLength(1);
	// It starts a little before the screen reaches it.
	expect(observer.watchers[0]?.options?.rootMargin).toMatch(
		/^0px 0px \d+px 0px$/,
	);

	await act(async () => observer.report(false));
	expect(screen.getByText("Reviews come here")).toBeVisible();

	await act(async () => observer.report(true));
	expect(screen.getByText("Five reviews")).toBeVisible();
	// Nothing is watched any more: scrolling away does not take it back.
	expect(
		observer.watchers.every((watcher) => watcher.elements.length === 0),
	).toBe(true);
});

test("a reader moving with the keyboard gets the part with the first Tab, without scrolling", async () => {
	const observer = fakeIntersectionObserver();
	const user = userEvent.setup();
	render(
		<>
			<a href="#top">Shop Now</a>
			<Reviews />
		</>,
	);
	// Other keys do not count.
	await user.keyboard("{Shift>}{/Shift}");
	expect(screen.getByText("Reviews come here")).toBeVisible();

	await user.tab();
	expect(await screen.findByText("Five reviews")).toBeVisible();
	expect(
		observer.watchers.every((watcher) => watcher.elements.length === 0),
	).toBe(true);
});

test("without IntersectionObserver, every part counts as near and renders at once", () => {
	vi.stubGlobal("IntersectionObserver", undefined);
	render(<Reviews />);
	expect(screen.getByText("Five reviews")).toBeVisible();
});
