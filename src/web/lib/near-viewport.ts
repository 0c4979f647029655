import {
	type RefCallback,
	startTransition,
	useCallback,
	useState,
} from "react";

/**
 * How far under the screen an element counts as near: about a flick of the thumb, so a part
 * starts loading just before it scrolls into view, and a phone's first screen does not load it.
 */
const LOOKAHEAD = "0px 0px 300px 0px";

/**
 * Whether the element given to the returned ref has come near the screen yet; once it has, it
 * stays true. What is far down a page (the home page's catalog, reviews and questions) renders
 * only when the reader scrolls towards it, or follows a link to it, so the first screen is not
 * slowed by the code, requests and rendering of what may never be seen.
 * A reader moving with the keyboard reaches it without scrolling: the first Tab counts as near,
 * so the links down there are in the tab order by the time focus gets to them. A browser without
 * IntersectionObserver counts every element as near.
 */
export function useNearViewport(): [RefCallback<Element>, boolean] {
	const [isNear, setIsNear] = useState(
		() => typeof IntersectionObserver === "undefined",
	);
	const ref = useCallback((element: Element | null) => {
		if (!element || typeof IntersectionObserver === "undefined") return;
		const stop = () => {
			observer.disconnect();
			document.removeEventListener("keydown", onKeyDown);
		};
		const becomeNear = () => {
			stop();
			startTransition(() => setIsNear(true));
		};
		const onKeyDown = (event: KeyboardEvent) => {
			if (event.key === "Tab") becomeNear();
		};
		const observer = new IntersectionObserver(
			(entries) => {
				if (entries.some((entry) => entry.isIntersecting)) becomeNear();
			},
			{ rootMargin: LOOKAHEAD },
		);
		observer.observe(element);
		document.addEventListener("keydown", onKeyDown);
		return stop;
	}, []);
	return [ref, isNear];
}
