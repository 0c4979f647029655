import { expect, test } from "vitest";
import { htmlFromText } from "./mail-html.ts";

test("a plain-text mail becomes paragraphs with its addresses as links and nothing of its text as markup", () => {
	const html = htmlFromText(
		"Hello <b>you</b> & co.\n\nConfirm here:\nhttps://shop.example/confirm?token=a&b=c\n\nBye",
	);
	expect(html).toContain("<p>Hello &lt;b&gt;you&lt;/b&gt; &amp; co.</p>");
	expect(html).toContain(
		'<p>Confirm here:<br><a href="https://shop.example/confirm?token=a&amp;b=c">https://shop.example/confirm?token=a&amp;b=c</a></p>',
	);
	expect(html).toContain("<p>Bye</p>");
	expect(html).not.toContain("<b>");
});
