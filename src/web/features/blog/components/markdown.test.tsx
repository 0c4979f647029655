import { render, screen } from "@testing-library/react";
import { expect, test } from "vitest";
import { MarkdownText } from "./markdown.tsx";

function renderMarkdown(text: string) {
	return render(<MarkdownText text={text} />).container;
}

test("headings, paragraphs, lists and links are rendered", () => {
	renderMarkdown(
		"## Sharpening\n\nHone at **25°**.\n\n- stone\n- strop\n\n[Our guide](https://example.com/guide)",
	);
	expect(
		screen.getByRole("heading", { level: 2, name: "Sharpening" }),
	).toBeVisible();
	expect(screen.getByText("25°").tagName).toBe("STRONG");
	expect(
		screen.getAllByRole("listitem").map((item) => item.textContent),
	).toEqual(["stone", "strop"]);
	expect(screen.getByRole("link", { name: "Our guide" })).toHaveAttribute(
		"href",
		"https://example.com/guide",
	);
});

test("raw HTML is dropped: no script, no element with an event handler, no iframe", () => {
	const container = renderMarkdown(
		'Before\n\n<script>alert(1)</script>\n\n<img src=x onerror="alert(2)">\n\n<iframe src="https://evil.example.com"></iframe>\n\nInline <b onclick="alert(3)">bold</b> after',
	);
	expect(
		container.querySelector("script, iframe, b, [onerror], [onclick]"),
	).toBeNull();
	expect(container.querySelector("img")).toBeNull();
	expect(container.textContent).toContain("Before");
	expect(container.textContent).not.toContain("alert(");
});

test("javascript:, vbscript: and data: links and pictures lose their address", () => {
	const container = renderMarkdown(
		"[one](javascript:alert(1)) [two](JaVaScRiPt:alert(2)) [three](vbscript:msgbox(3)) [four](data:text/html,<script>alert(4)</script>)\n\n![pic](data:image/svg+xml,<svg onload=alert(5)>)",
	);
	for (const link of container.querySelectorAll("a"))
		expect(link.getAttribute("href") ?? "").toBe("");
	for (const image of container.querySelectorAll("img"))
		expect(image.getAttribute("src") ?? "").toBe("");
	const addresses = [...container.querySelectorAll("*")].flatMap((element) =>
		[...element.attributes].map((attribute) => attribute.value),
	);
	expect(
		addresses.filter((value) => /javascript:|vbscript:|data:/i.test(value)),
	).toEqual([]);
	expect(container.querySelectorAll("a").length).toBeGreaterThanOrEqual(3);
});

test("the shop's own paths and web addresses are kept", () => {
	renderMarkdown("![Cover](/images/blog-abc.webp)\n\n[Tools](/home)");
	expect(screen.getByRole("img", { name: "Cover" })).toHaveAttribute(
		"src",
		"/images/blog-abc.webp",
	);
	expect(screen.getByRole("link", { name: "Tools" })).toHaveAttribute(
		"href",
		"/home",
	);
});
