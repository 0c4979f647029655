/**
 * Numbers as the shop writes them in English, without Intl: the server formats prices and counts
 * in its pages, messages and schemas, and Intl's formatters page about 5 MB of locale data into
 * every server process that creates one (docs/decisions/018-start-up-and-memory.md).
 */

/** An integer with commas between thousands, e.g. 12500 → "12,500". */
export function groupThousands(value: number): string {
	const digits = String(Math.abs(Math.trunc(value)));
	let grouped = "";
	for (let end = digits.length; end > 0; end -= 3)
		grouped =
			digits.slice(Math.max(0, end - 3), end) + (grouped && `,${grouped}`);
	return value < 0 && grouped !== "0" ? `-${grouped}` : grouped;
}

/** Formats integer cents as dollars, e.g. 2499 → "$24.99" and -250 → "-$2.50". */
export function formatCents(cents: number): string {
	const whole = Math.round(Math.abs(cents));
	const dollars = groupThousands(Math.trunc(whole / 100));
	const rest = String(whole % 100).padStart(2, "0");
	return `${cents < 0 && whole > 0 ? "-" : ""}$${dollars}.${rest}`;
}
