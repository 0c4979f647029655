import type { ReceivingPoint } from "../../../../shared/receiving-points.schemas.ts";

/**
 * One receiving point of the admin's list: its name, address and opening hours, with 'Edit' and
 * 'Delete'. Stacked on a phone, one line of columns on a wider screen.
 */
export function ReceivingPointRow({
	point,
	onEdit,
	onDelete,
}: {
	point: ReceivingPoint;
	onEdit: (point: ReceivingPoint) => void;
	onDelete: (point: ReceivingPoint) => void;
}) {
	const titleId = `receiving-point-${point.id}`;
	return (
		<article
			className="flex flex-col gap-1 p-4 md:grid md:grid-cols-[minmax(10rem,1fr)_2fr_minmax(10rem,1fr)_auto] md:items-center md:gap-4"
			aria-labelledby={titleId}
		>
			<h2 id={titleId} className="font-semibold">
				{point.name}
			</h2>
			<p className="whitespace-pre-line text-sm">{point.address}</p>
			<p className="text-sm text-base-content/80">
				<span className="md:sr-only">Opening hours: </span>
				{point.opening_hours}
			</p>
			<div className="mt-2 flex gap-2 md:mt-0">
				<button
					type="button"
					className="btn btn-outline btn-sm"
					aria-label={`Edit: ${point.name}`}
					onClick={() => onEdit(point)}
				>
					Edit
				</button>
				<button
					type="button"
					className="btn btn-outline btn-error btn-sm"
					aria-label={`Delete: ${point.name}`}
					onClick={() => onDelete(point)}
				>
					Delete
				</button>
			</div>
		</article>
	);
}
