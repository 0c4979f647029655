import { expect, test } from "./fixtures/test.ts";

const NAV_LINKS = [
	{ name: "Home", url: "/home", heading: "Welcome to Tools Gallery" },
	{ name: "Blog", url: "/blog", heading: "Blog" },
	{ name: "Reviews", url: "/all-reviews", heading: "Customer Review" },
	{ name: "My Portfolio", url: "/my-portfolio", heading: "My Portfolio" },
	{ name: "Login", url: "/login", heading: "Login" },
] as const;

test("each navbar link opens its page and is the highlighted link", async ({
	page,
}) => {
	await page.setViewportSize({ width: 1280, height: 800 });
	await page.goto("/");
	const navbar = page.getByRole("navigation", { name: "Main" });

	for (const target of NAV_LINKS) {
		await navbar.getByRole("link", { name: target.name, exact: true }).click();
		await expect(page).toHaveURL(target.url);
		await expect(
			page.getByRole("heading", {
				level: 1,
				name: target.heading,
				exact: true,
			}),
		).toBeVisible();

		const activeLink = navbar.getByRole("link", {
			name: target.name,
			exact: true,
		});
		await expect(activeLink).toHaveAttribute("aria-current", "page");
		await expect(activeLink).toContainClass("menu-active");
		for (const other of NAV_LINKS.filter((link) => link !== target)) {
			const otherLink = navbar.getByRole("link", {
				name: other.name,
				exact: true,
			});
			await expect(otherLink).not.toHaveAttribute("aria-current");
			await expect(otherLink).not.toContainClass("menu-active");
		}
	}
});

test("at / the Home link is the highlighted one", async ({ page }) => {
	await page.setViewportSize({ width: 1280, height: 800 });
	await page.goto("/");
	const navbar = page.getByRole("navigation", { name: "Main" });
	await expect(
		navbar.getByRole("link", { name: "Home", exact: true }),
	).toHaveAttribute("aria-current", "page");
	await expect(
		navbar.getByRole("link", { name: "Blog", exact: true }),
	).not.toHaveAttribute("aria-current");
});

test("the phone menu button stands out from the bar (contrast at least 3:1)", async ({
	page,
}) => {
	await page.setViewportSize({ width: 375, height: 812 });
	await page.goto("/blog");
	const button = page.getByRole("button", { name: "Open menu" });
	await expect(button).toBeVisible();
	const ratio = await button.evaluate((element) => {
		const toRgb = (color: string) => {
			const canvas = document.createElement("canvas");
			canvas.width = 1;
			canvas.height = 1;
			const context = canvas.getContext("2d");
			if (!context) throw new Error("no canvas");
			context.fillStyle = color;
			context.fillRect(0, 0, 1, 1);
			return [...context.getImageData(0, 0, 1, 1).data.slice(0, 3)];
		};
		const luminance = (rgb: number[]) => {
			const [r = 0, g = 0, b = 0] = rgb.map((value) => {
				const channel = value / 255;
				return channel <= 0.03928
					? channel / 12.92
					: ((channel + 0.055) / 1.055) ** 2.4;
			});
			return 0.2126 * r + 0.7152 * g + 0.0722 * b;
		};
		const icon = element.querySelector("svg");
		const header = element.closest("header");
		if (!icon || !header) throw new Error("menu button without icon or header");
		const foreground = luminance(toRgb(getComputedStyle(icon).stroke));
		const background = luminance(
			toRgb(getComputedStyle(header).backgroundColor),
		);
		return (
			(Math.max(foreground, background) + 0.05) /
			(Math.min(foreground, background) + 0.05)
		);
	});
	expect(ratio).toBeGreaterThanOrEqual(3);
});

test("the brand title leads to /home", async ({ page }) => {
	await page.goto("/blog");
	await page
		.getByRole("navigation", { name: "Main" })
		.getByRole("link", { name: "Tools Gallery", exact: true })
		.click();
	await expect(page).toHaveURL("/home");
	await expect(
		page.getByRole("heading", { level: 1, name: "Welcome to Tools Gallery" }),
	).toBeVisible();
});

test("on a phone the links sit behind a menu button that closes after navigating", async ({
	page,
}) => {
	await page.setViewportSize({ width: 375, height: 812 });
	await page.goto("/");
	await expect(
		page.getByRole("heading", { level: 1, name: "Welcome to Tools Gallery" }),
	).toBeVisible();
	const header = page.getByRole("banner");
	const blogLink = header.getByRole("link", { name: "Blog", exact: true });
	await expect(blogLink).toBeHidden();

	const openMenu = header.getByRole("button", { name: "Open menu" });
	await expect(openMenu).toHaveAttribute("aria-expanded", "false");
	await openMenu.click();
	await expect(
		header.getByRole("button", { name: "Close menu" }),
	).toHaveAttribute("aria-expanded", "true");
	for (const name of ["Home", "Blog", "Reviews", "My Portfolio", "Login"]) {
		await expect(header.getByRole("link", { name, exact: true })).toBeVisible();
	}

	await blogLink.click();
	await expect(page).toHaveURL("/blog");
	await expect(
		page.getByRole("heading", { level: 1, name: "Blog", exact: true }),
	).toBeVisible();
	await expect(blogLink).toBeHidden();
	await expect(
		header.getByRole("button", { name: "Open menu" }),
	).toHaveAttribute("aria-expanded", "false");
});
