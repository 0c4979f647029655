import { useId } from "react";

const STARS = [1, 2, 3, 4, 5] as const;

/**
 * Five radio buttons drawn as stars: arrow keys move between them, and a screen reader names the
 * group and each choice ("4 stars, 4 of 5, checked").
 */
export function StarPicker({
	value,
	onChange,
	legend = "Rating",
	error,
}: {
	value: number;
	onChange: (rating: number) => void;
	legend?: string;
	error?: string;
}) {
	const name = useId();
	const errorId = `${name}-error`;
	return (
		<fieldset
			aria-describedby={error ? errorId : undefined}
			aria-invalid={error ? true : undefined}
		>
			<legend className="label mb-1">{legend}</legend>
			<div className="flex items-center gap-3">
				<div className="rating rating-lg">
					{STARS.map((stars) => (
						<input
							key={stars}
							type="radio"
							name={name}
							value={stars}
							className="mask mask-star-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
							aria-label={stars === 1 ? "1 star" : `${stars} stars`}
							checked={value === stars}
							onChange={() => onChange(stars)}
						/>
					))}
				</div>
				<span aria-hidden="true" className="text-sm">
					{`${value} of 5`}
				</span>
			</div>
			{error && (
				<p id={errorId} role="alert" className="mt-1 text-sm text-error">
					{error}
				</p>
			)}
		</fieldset>
	);
}
