import { useEffect, useId, useRef, useState } from "react";

/** How long typing settles before a search is asked, so each word is one request, not each key. */
export const SEARCH_SETTLE_MS = 300;

/**
 * A labelled search box for a list whose search lives in the address. Typing settles for
 * `SEARCH_SETTLE_MS` before `onSearch` runs (Enter searches at once); when the address changes
 * otherwise (back, forward, a link), the box shows what is searched.
 */
export function SearchField({
	label,
	value,
	onSearch,
	maxLength,
	className = "",
}: {
	label: string;
	/** The search in force, read from the address. */
	value: string;
	/** Puts the trimmed text in the address. */
	onSearch: (text: string) => void;
	maxLength?: number;
	className?: string;
}) {
	const id = useId();
	const [typed, setTyped] = useState(value);
	// The search this box last asked for; any other value came from elsewhere.
	const lastAsked = useRef(value);
	useEffect(() => {
		if (value !== lastAsked.current) setTyped(value);
		lastAsked.current = value;
	}, [value]);

	useEffect(() => {
		const text = typed.trim();
		if (text === value) return;
		const timer = setTimeout(() => {
			lastAsked.current = text;
			onSearch(text);
		}, SEARCH_SETTLE_MS);
		return () => clearTimeout(timer);
	}, [typed, value, onSearch]);

	return (
		// biome-ignore lint/a11y/useSemanticElements: <search> is too new for some browsers and screen readers; a search form is understood by all
		<form
			role="search"
			className={className}
			onSubmit={(event) => {
				event.preventDefault();
				lastAsked.current = typed.trim();
				onSearch(typed.trim());
			}}
		>
			<label className="label" htmlFor={id}>
				{label}
			</label>
			<input
				id={id}
				type="search"
				className="input w-full"
				maxLength={maxLength}
				value={typed}
				onChange={(event) => setTyped(event.target.value)}
			/>
		</form>
	);
}
