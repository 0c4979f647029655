import { groupThousands } from "../../../shared/money.ts";
import bannerWorkshop from "../../assets/banner-workshop.svg";
import { useReceivingPointCount } from "../../features/receiving-points/receiving-point-count.queries.ts";

/** How the order reaches the customer, with the receiving points as counted now. */
function collectionSentence(total: number | undefined): string {
	const start = "Order at the maker's minimum quantities, pay online and";
	if (total === undefined)
		return `${start} collect at one of our receiving points.`;
	if (total === 0) return `${start} have it delivered to your door.`;
	if (total === 1) return `${start} collect at our receiving point.`;
	return `${start} collect at one of our ${groupThousands(total)} receiving points.`;
}

export function BannerSection() {
	const count = useReceivingPointCount();
	return (
		<section
			className="mx-auto max-w-7xl px-4 py-12"
			aria-labelledby="banner-title"
		>
			<div className="grid overflow-hidden rounded-box bg-neutral text-neutral-content lg:grid-cols-2">
				<div className="flex flex-col justify-center gap-3 p-8 lg:p-12">
					<p className="text-sm font-semibold uppercase tracking-widest text-accent">
						Wholesale made simple
					</p>
					<h2 id="banner-title" className="text-3xl font-bold">
						Straight from the workshop to your receiving point
					</h2>
					<p className="text-neutral-content/80">
						{collectionSentence(count.data?.total)}
					</p>
				</div>
				<img
					src={bannerWorkshop}
					alt=""
					width={1200}
					height={320}
					className="h-full w-full object-cover"
					loading="lazy"
				/>
			</div>
		</section>
	);
}
