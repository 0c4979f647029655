const orderDate = new Intl.DateTimeFormat("en-US", {
	dateStyle: "medium",
	timeStyle: "short",
});

/** When an order was placed (or deleted), in the reader's own time zone. */
export function OrderDate({ iso }: { iso: string }) {
	return <time dateTime={iso}>{orderDate.format(new Date(iso))}</time>;
}
