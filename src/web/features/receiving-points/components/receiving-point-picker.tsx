import { type Ref, useEffect, useId, useState } from "react";
import type { ReceivingPoint } from "../../../../shared/receiving-points.schemas.ts";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { TextField } from "../../../components/ui/field.tsx";
import { LoadMoreButton } from "../../../components/ui/load-more-button.tsx";
import { QueryBoundary } from "../../../components/ui/query-boundary.tsx";
import { SEARCH_SETTLE_MS } from "../../../components/ui/search-field.tsx";
import { useReceivingPointList } from "../receiving-points.queries.ts";

/**
 * Choosing where to collect an order: the shop's receiving points by name, searchable by name or
 * address and shown page by page, each with its address and opening hours. The search box is a
 * field of the surrounding form (Enter searches, it does not submit), so the picker can sit in
 * the checkout form; `searchRef` lets that form move focus here when no point was chosen.
 */
export function ReceivingPointPicker({
	chosen,
	onChoose,
	error,
	searchRef,
}: {
	chosen: ReceivingPoint | undefined;
	onChoose: (point: ReceivingPoint) => void;
	error?: string;
	searchRef?: Ref<HTMLInputElement>;
}) {
	const [typed, setTyped] = useState("");
	const [search, setSearch] = useState("");
	const points = useReceivingPointList(search);
	const groupName = useId();
	const errorId = useId();

	useEffect(() => {
		const timer = setTimeout(() => setSearch(typed.trim()), SEARCH_SETTLE_MS);
		return () => clearTimeout(timer);
	}, [typed]);

	return (
		<fieldset
			className="space-y-3"
			aria-describedby={error ? errorId : undefined}
		>
			<legend className="mb-2 font-semibold">Receiving point</legend>
			<p className="text-sm" aria-live="polite">
				{chosen ? (
					<>
						Collect at <strong>{chosen.name}</strong>
					</>
				) : (
					"Choose where to collect your order."
				)}
			</p>
			<TextField
				ref={searchRef}
				label="Search receiving points"
				hint="By name or address"
				type="search"
				maxLength={100}
				value={typed}
				onChange={(event) => setTyped(event.target.value)}
				onKeyDown={(event) => {
					if (event.key !== "Enter") return;
					event.preventDefault();
					setSearch(typed.trim());
				}}
			/>
			{error && (
				<p id={errorId} role="alert" className="text-sm text-error">
					{error}
				</p>
			)}
			<QueryBoundary
				query={points}
				loadingLabel="Loading the receiving points"
				errorTitle="The receiving points could not be loaded"
			>
				{() =>
					points.items.length === 0 ? (
						<EmptyState
							message={
								search
									? `No receiving point matches “${search}”.`
									: "The shop has no receiving points yet: choose delivery instead."
							}
						/>
					) : (
						<>
							{/* Scrolls by itself, so the checkout's other steps stay near on a phone. */}
							<ul className="max-h-[28rem] space-y-2 overflow-y-auto rounded-box pr-1">
								{points.items.map((point) => (
									<li key={point.id}>
										<PointChoice
											point={point}
											groupName={groupName}
											isChosen={chosen?.id === point.id}
											onChoose={onChoose}
										/>
									</li>
								))}
							</ul>
							<LoadMoreButton
								query={points}
								label="Show more receiving points"
							/>
						</>
					)
				}
			</QueryBoundary>
		</fieldset>
	);
}

function PointChoice({
	point,
	groupName,
	isChosen,
	onChoose,
}: {
	point: ReceivingPoint;
	groupName: string;
	isChosen: boolean;
	onChoose: (point: ReceivingPoint) => void;
}) {
	const nameId = useId();
	const detailsId = useId();
	return (
		<label
			className={`flex cursor-pointer items-start gap-3 rounded-box border p-3 ${
				isChosen ? "border-primary bg-primary/5" : "border-base-300"
			}`}
		>
			<input
				type="radio"
				className="radio radio-primary mt-1 shrink-0"
				name={groupName}
				value={point.id}
				checked={isChosen}
				aria-labelledby={nameId}
				aria-describedby={detailsId}
				onChange={() => onChoose(point)}
			/>
			<span className="min-w-0">
				<span id={nameId} className="block font-medium">
					{point.name}
				</span>
				<span id={detailsId} className="block text-sm">
					<span className="block whitespace-pre-line">{point.address}</span>
					<span className="block text-base-content/80">
						{`Opening hours: ${point.opening_hours}`}
					</span>
				</span>
			</span>
		</label>
	);
}
