const longDate = new Intl.DateTimeFormat("en-US", {
	dateStyle: "long",
	timeZone: "UTC",
});

export function PublishedDate({ iso }: { iso: string }) {
	return <time dateTime={iso}>{longDate.format(new Date(iso))}</time>;
}
