const dollars = new Intl.NumberFormat("en-US", {
	style: "currency",
	currency: "USD",
});

/** Formats integer cents as dollars, e.g. 2499 → "$24.99". */
export function formatCents(cents: number): string {
	return dollars.format(cents / 100);
}
