import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach, beforeEach, vi } from "vitest";

// The test page has no layout, so an IntersectionObserver could never tell what comes near the
// screen: pages render as in a browser without one, everything at once (web/lib/near-viewport.ts).
// A test of that behaviour puts its own in place.
beforeEach(() => {
	vi.stubGlobal("IntersectionObserver", undefined);
});

afterEach(() => {
	cleanup();
});
