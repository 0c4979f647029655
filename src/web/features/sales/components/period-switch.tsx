import { useId } from "react";
import {
	SALES_PERIODS,
	type SalesPeriod,
} from "../../../../shared/sales.schemas.ts";
import { PERIOD_LABELS } from "./bucket-label.ts";

/** Last 30 days by day, 12 weeks by week or 12 months by month: one radio group, arrow keys move in it. */
export function PeriodSwitch({
	period,
	onChange,
}: {
	period: SalesPeriod;
	onChange: (period: SalesPeriod) => void;
}) {
	const name = useId();
	return (
		<fieldset>
			<legend className="mb-1 text-sm font-semibold">Period</legend>
			<div className="join">
				{SALES_PERIODS.map((value) => (
					<input
						key={value}
						type="radio"
						name={name}
						value={value}
						className="join-item btn btn-sm btn-outline"
						aria-label={PERIOD_LABELS[value]}
						checked={value === period}
						onChange={() => onChange(value)}
					/>
				))}
			</div>
		</fieldset>
	);
}
