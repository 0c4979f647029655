const orderDate = new Intl.DateTimeFormat("en-US", {
	dateStyle: "medium",
	timeStyle: "short",
});

/** When an order was placed (deleted, or is to be paid by), in the reader's own time zone. */
export function OrderDate({ iso }: { iso: string }) {
	return <time dateTime={iso}>{orderDate.format(new Date(iso))}</time>;
}
