import type { Page } from "@playwright/test";

/** WCAG 1.4.11: a control's edge, and its focus indicator, at least 3:1 against what is around it. */
export const MINIMUM_CONTRAST = 3;

/** A control, or a keyboard stop, that breaks the rule; said as a failure message line. */
export type ControlFinding = { element: string; problem: string };

type ControlChecks = {
	findWeakEdges(): ControlFinding[];
	findMissingFocusRings(): ControlFinding[];
};

declare global {
	interface Window {
		controlChecks?: ControlChecks;
	}
}

/**
 * Runs in the page (serialised by Playwright, so it closes over nothing). Colours are read from
 * the computed styles and mixed by painting them, bottom layer first, onto a 1-pixel canvas: the
 * browser itself parses every colour syntax (oklch, color-mix results) and composites the alpha.
 * What is behind an element is the background colours of its ancestors, each at its opacity, on
 * white; background images are not taken into account.
 */
function installControlChecks(minimum: number): void {
	const canvas = document.createElement("canvas");
	canvas.width = 1;
	canvas.height = 1;
	const context = canvas.getContext("2d", { willReadFrequently: true });
	if (!context) throw new Error("no 2D canvas to mix colours on");
	type Layer = { color: string; alpha: number };
	type Rgb = [number, number, number];

	const paint = (layers: Layer[]): Rgb => {
		context.globalAlpha = 1;
		context.fillStyle = "#ffffff";
		context.fillRect(0, 0, 1, 1);
		for (const layer of layers) {
			context.globalAlpha = Math.max(0, Math.min(1, layer.alpha));
			// A colour the canvas cannot read leaves fillStyle as it was: transparent, then.
			context.fillStyle = "rgba(0, 0, 0, 0)";
			context.fillStyle = layer.color;
			context.fillRect(0, 0, 1, 1);
		}
		const [r = 0, g = 0, b = 0] = context.getImageData(0, 0, 1, 1).data;
		return [r, g, b];
	};
	const luminance = (rgb: Rgb) => {
		const [r, g, b] = rgb.map((value) => {
			const channel = value / 255;
			return channel <= 0.04045
				? channel / 12.92
				: ((channel + 0.055) / 1.055) ** 2.4;
		}) as Rgb;
		return 0.2126 * r + 0.7152 * g + 0.0722 * b;
	};
	const contrast = (one: Rgb, other: Rgb) => {
		const [light, dark] = [luminance(one), luminance(other)].sort(
			(a, b) => b - a,
		) as [number, number];
		return (light + 0.05) / (dark + 0.05);
	};
	const hex = (rgb: Rgb) =>
		`#${rgb.map((value) => value.toString(16).padStart(2, "0")).join("")}`;
	const opacityOf = (element: Element) => {
		let opacity = 1;
		for (let node: Element | null = element; node; node = node.parentElement)
			opacity *= Number(getComputedStyle(node).opacity);
		return opacity;
	};
	const layersBehind = (element: Element): Layer[] => {
		const ancestors: Element[] = [];
		for (let node = element.parentElement; node; node = node.parentElement)
			ancestors.unshift(node);
		return ancestors.map((node) => ({
			color: getComputedStyle(node).backgroundColor,
			alpha: opacityOf(node),
		}));
	};
	const isShown = (element: Element) => {
		const box = element.getBoundingClientRect();
		return (
			box.width >= 4 &&
			box.height >= 4 &&
			getComputedStyle(element).visibility === "visible" &&
			opacityOf(element) > 0.05
		);
	};
	const describe = (element: Element) => {
		const tag = element.tagName.toLowerCase();
		const type = element.getAttribute("type");
		const name =
			element.getAttribute("aria-label") ??
			(element as HTMLInputElement).labels?.[0]?.textContent ??
			element.getAttribute("name") ??
			element.textContent ??
			"";
		const words = name.replace(/\s+/g, " ").trim().slice(0, 60);
		return `<${tag}${type ? ` type="${type}"` : ""}>${words ? ` “${words}”` : ""}`;
	};
	const CONTROLS =
		"input:not([type=hidden],[type=submit],[type=button],[type=reset],[type=image],[type=range],[type=color]), select, textarea";

	/** The strongest edge of a box: its fill, or a border side, against what is around it. */
	const edgeOf = (box: Element, isNative: boolean) => {
		const style = getComputedStyle(box);
		const behind = layersBehind(box);
		const around = paint(behind);
		const alpha = opacityOf(box);
		const fill = { color: style.backgroundColor, alpha };
		const drawn = [{ what: "fill", color: style.backgroundColor }];
		for (const side of ["Top", "Right", "Bottom", "Left"] as const) {
			const width = Number.parseFloat(style[`border${side}Width`]);
			const line = style[`border${side}Style`];
			if (width >= 1 && line !== "none" && line !== "hidden")
				drawn.push({
					what: `${side.toLowerCase()} border`,
					color: style[`border${side}Color`],
				});
		}
		// A control the browser draws itself (appearance: auto) has its own #767676 frame.
		if (isNative) drawn.push({ what: "native frame", color: "#767676" });
		let best = { ratio: 0, detail: "" };
		for (const { what, color } of drawn) {
			const layers = what === "fill" ? [fill] : [fill, { color, alpha }];
			const seen = paint([...behind, ...layers]);
			const ratio = contrast(seen, around);
			if (ratio > best.ratio)
				best = {
					ratio,
					detail: `${what} ${hex(seen)} on ${hex(around)}`,
				};
		}
		return best;
	};

	/** The control, and the wrappers drawn as its box (a field around an input and its button). */
	const boxesOf = (control: Element) => {
		const boxes = [control];
		const height = control.getBoundingClientRect().height;
		let node = control.parentElement;
		for (let level = 0; node && level < 3; level++) {
			const hugs = node.getBoundingClientRect().height <= height + 16;
			if (!hugs || node.querySelectorAll(CONTROLS).length > 1) break;
			boxes.push(node);
			node = node.parentElement;
		}
		return boxes;
	};

	const findWeakEdges = (): ControlFinding[] => {
		const findings: ControlFinding[] = [];
		for (const control of document.querySelectorAll(CONTROLS)) {
			if (control.matches(":disabled") || !isShown(control)) continue;
			const type = control.getAttribute("type");
			const isNative =
				(type === "checkbox" || type === "radio") &&
				getComputedStyle(control).appearance !== "none";
			let best = { ratio: 0, detail: "" };
			for (const box of boxesOf(control)) {
				const edge = edgeOf(box, isNative && box === control);
				if (edge.ratio > best.ratio) best = edge;
			}
			if (best.ratio < minimum)
				findings.push({
					element: describe(control),
					problem: `edge ${best.ratio.toFixed(2)}:1 (${best.detail || "nothing drawn"}), needs ${minimum}:1`,
				});
		}
		return findings;
	};

	/** Splits a computed box-shadow into its layers (commas inside colour functions stay). */
	const shadowLayers = (value: string) => {
		const layers: string[] = [];
		let depth = 0;
		let current = "";
		for (const character of value) {
			if (character === "(") depth++;
			if (character === ")") depth--;
			if (character === "," && depth === 0) {
				layers.push(current.trim());
				current = "";
			} else current += character;
		}
		layers.push(current.trim());
		return layers;
	};

	/** Why this element's focus indicator falls short; undefined when it shows. */
	const ringProblem = (element: Element): string | undefined => {
		const style = getComputedStyle(element);
		const behind = layersBehind(element);
		const alpha = opacityOf(element);
		const fill = { color: style.backgroundColor, alpha };
		const problems: string[] = [];
		if (
			style.outlineStyle !== "none" &&
			Number.parseFloat(style.outlineWidth) >= 1
		) {
			// An outline drawn inside the element (negative offset) lies on its own fill.
			const ground =
				Number.parseFloat(style.outlineOffset) < 0 ? [...behind, fill] : behind;
			const ratio = contrast(
				paint([...ground, { color: style.outlineColor, alpha }]),
				paint(ground),
			);
			if (ratio >= minimum) return undefined;
			problems.push(`outline ${ratio.toFixed(2)}:1`);
		}
		if (style.boxShadow !== "none") {
			for (const layer of shadowLayers(style.boxShadow)) {
				const color = /^[a-z-]+\([^)]*\)|^#[0-9a-f]+/i.exec(layer)?.[0];
				const [, , , spread = 0] = [...layer.matchAll(/(-?[\d.]+)px/g)].map(
					(match) => Number(match[1]),
				);
				// A ring is a shadow spread at least a pixel wide; a soft drop shadow is not one.
				if (!color || spread < 1) continue;
				const ground = /\binset\b/.test(layer) ? [...behind, fill] : behind;
				const ratio = contrast(
					paint([...ground, { color, alpha }]),
					paint(ground),
				);
				if (ratio >= minimum) return undefined;
				problems.push(`ring ${ratio.toFixed(2)}:1`);
			}
		}
		return problems.length > 0
			? `focus indicator ${problems.join(", ")}, needs ${minimum}:1`
			: "no focus indicator (no outline, no ring)";
	};

	/** Why the element focused now shows no focus indicator; undefined when it shows one. */
	const focusProblem = (focused: Element): string | undefined => {
		// What shows the focus: the element, its labels, and the wrappers drawn as its box (all
		// of its ancestors up to three levels when the element itself cannot be seen).
		const isHidden = !isShown(focused);
		const candidates: Element[] = [focused];
		const labels = (focused as HTMLInputElement).labels;
		if (labels) candidates.push(...labels);
		const height = focused.getBoundingClientRect().height;
		let node = focused.parentElement;
		for (let level = 0; node && level < 3; level++) {
			if (!isHidden && node.getBoundingClientRect().height > height + 16) break;
			candidates.push(node);
			node = node.parentElement;
		}
		const shown = candidates.filter(isShown);
		if (shown.length === 0) return "takes focus but cannot be seen";
		let problem = "";
		for (const candidate of shown) {
			const found = ringProblem(candidate);
			if (found === undefined) return undefined;
			problem ||= found;
		}
		return problem;
	};

	/**
	 * Focuses each keyboard stop of the page in document order and looks at it. After a key
	 * press, focus moved by script shows as keyboard focus (:focus-visible) in Chromium, as Tab's
	 * does; an element that does not take focus (hidden, inert, disabled) is passed over.
	 */
	const findMissingFocusRings = (): ControlFinding[] => {
		const findings: ControlFinding[] = [];
		for (const element of document.querySelectorAll<HTMLElement>("body *")) {
			if (element.tabIndex < 0) continue;
			element.focus({ preventScroll: true });
			if (document.activeElement !== element) continue;
			const problem = element.matches(":focus-visible")
				? focusProblem(element)
				: "focused, but not shown as keyboard focus (:focus-visible)";
			if (problem) findings.push({ element: describe(element), problem });
		}
		return findings;
	};

	window.controlChecks = { findWeakEdges, findMissingFocusRings };
}

/** Every visible control of the open page whose edge is below 3:1. */
export async function findWeakEdges(page: Page): Promise<ControlFinding[]> {
	await page.evaluate(installControlChecks, MINIMUM_CONTRAST);
	return page.evaluate(() => window.controlChecks?.findWeakEdges() ?? []);
}

/**
 * Every keyboard stop of the open page whose focus indicator is missing or below 3:1. One Tab
 * first, so that focus is the keyboard's; then each stop is focused in turn and looked at.
 */
export async function findMissingFocusRings(
	page: Page,
): Promise<ControlFinding[]> {
	await page.evaluate(installControlChecks, MINIMUM_CONTRAST);
	await page.keyboard.press("Tab");
	return page.evaluate(
		() => window.controlChecks?.findMissingFocusRings() ?? [],
	);
}
