export function AccountsClosedNotice() {
	return (
		<div role="note" className="alert alert-info alert-soft">
			<span>
				Customer accounts are not open yet. The whole gallery, blog and reviews
				are open to browse meanwhile.
			</span>
		</div>
	);
}
