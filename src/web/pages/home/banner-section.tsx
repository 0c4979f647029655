import bannerWorkshop from "../../assets/banner-workshop.svg";

export function BannerSection() {
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
						Order at the maker's minimum quantities, pay online and collect at
						one of more than 100 receiving points.
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
