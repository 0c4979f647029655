/** Beside the transaction id of a payment the built-in test provider took: no money moved. */
export function TestPaymentBadge() {
	return (
		<span className="badge badge-info badge-outline whitespace-nowrap">
			Test payment
		</span>
	);
}
