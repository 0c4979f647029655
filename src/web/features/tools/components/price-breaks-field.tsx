import { useId } from "react";

type Row = { quantity: string; price: string };

/** "50:22.50; 200:19.90" → rows; the text is the form's value, the rows are what is edited. */
function toRows(text: string): Row[] {
	if (text.trim() === "") return [];
	return text.split(";").map((pair) => {
		const [quantity = "", price = ""] = pair.split(":");
		return { quantity: quantity.trim(), price: price.trim() };
	});
}

function toText(rows: readonly Row[]): string {
	return rows.map((row) => `${row.quantity}:${row.price}`).join("; ");
}

/**
 * The volume prices of the tool form as rows of "from quantity" and "price each", added and
 * removed with buttons. Its value is the text the form schema checks ("50:22.50; 200:19.90"), so
 * the server, a CSV file and this editor read and write the same thing.
 */
export function PriceBreaksField({
	value,
	onChange,
	error,
	isDisabled = false,
}: {
	value: string;
	onChange: (text: string) => void;
	error?: string;
	isDisabled?: boolean;
}) {
	const id = useId();
	const rows = toRows(value);
	const change = (index: number, part: Partial<Row>) =>
		onChange(
			toText(rows.map((row, at) => (at === index ? { ...row, ...part } : row))),
		);
	return (
		<fieldset
			className="flex flex-col gap-2"
			aria-describedby={error ? `${id}-error` : `${id}-hint`}
		>
			<legend className="label">Volume prices</legend>
			<p id={`${id}-hint`} className="text-sm text-base-content/80">
				Lower prices from larger quantities, each below the one before. Leave
				empty for one price at every quantity.
			</p>
			{rows.length > 0 && (
				<ul className="space-y-2">
					{rows.map((row, index) => (
						// biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity beyond their place
						<li key={index} className="flex flex-wrap items-end gap-2">
							<label className="flex flex-col gap-1 text-sm">
								From pieces
								<input
									className="input input-sm w-28"
									type="number"
									inputMode="numeric"
									min="2"
									step="1"
									value={row.quantity}
									aria-invalid={error ? true : undefined}
									disabled={isDisabled}
									onChange={(event) =>
										change(index, { quantity: event.target.value })
									}
								/>
							</label>
							<label className="flex flex-col gap-1 text-sm">
								Price each
								<input
									className="input input-sm w-28"
									type="number"
									inputMode="decimal"
									min="0.01"
									step="0.01"
									value={row.price}
									aria-invalid={error ? true : undefined}
									disabled={isDisabled}
									onChange={(event) =>
										change(index, { price: event.target.value })
									}
								/>
							</label>
							<button
								type="button"
								className="btn btn-ghost btn-sm"
								aria-label={`Remove the volume price from ${row.quantity || "…"} pieces`}
								disabled={isDisabled}
								onClick={() =>
									onChange(toText(rows.filter((_, at) => at !== index)))
								}
							>
								Remove
							</button>
						</li>
					))}
				</ul>
			)}
			<div>
				<button
					type="button"
					className="btn btn-outline btn-sm"
					disabled={isDisabled}
					onClick={() =>
						onChange(toText([...rows, { quantity: "", price: "" }]))
					}
				>
					Add volume price
				</button>
			</div>
			{error && (
				<p id={`${id}-error`} className="text-sm text-error">
					{error}
				</p>
			)}
		</fieldset>
	);
}
