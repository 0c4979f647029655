import heroTools from "../../assets/hero-tools.svg";

export function HeroSection() {
	return (
		<section
			className="hero bg-secondary text-secondary-content"
			aria-labelledby="hero-title"
		>
			<div className="hero-content mx-auto max-w-7xl flex-col gap-10 px-4 py-12 lg:flex-row-reverse lg:py-20">
				<img
					src={heroTools}
					alt=""
					width={640}
					height={480}
					className="w-full max-w-md rounded-box lg:max-w-lg"
					fetchPriority="high"
				/>
				<div className="max-w-xl">
					<h1
						id="hero-title"
						className="text-4xl font-bold leading-tight lg:text-5xl"
					>
						Welcome to Tools Gallery
					</h1>
					<p className="py-6 text-lg text-secondary-content/85">
						The biggest tool-kit shop for workshops, builders and resellers:
						hand and power tools straight from the makers, ordered in the
						quantities your crew needs.
					</p>
					<a href="#latest-tools" className="btn btn-accent btn-lg">
						Shop Now
					</a>
				</div>
			</div>
		</section>
	);
}
