import { expect, test } from "./fixtures/test.ts";

test("the portfolio opens on About Me", async ({ page }) => {
	await page.goto("/my-portfolio");
	await expect(
		page.getByRole("heading", { level: 1, name: "My Portfolio" }),
	).toBeVisible();
	await expect(
		page.getByRole("heading", { level: 2, name: "About Me" }),
	).toBeVisible();
	await expect(page.getByText("Casey Linden", { exact: true })).toBeVisible();
});

test("each portfolio menu entry shows its section under its own address", async ({
	page,
}) => {
	const sections = [
		{
			entry: "About Me",
			path: "about-me",
			content: page.getByText("Full-Stack Developer", { exact: false }),
		},
		{
			entry: "About Education",
			path: "education",
			content: page.getByRole("heading", {
				level: 3,
				name: "BSc Computer Science",
			}),
		},
		{
			entry: "About Project",
			path: "project",
			content: page.getByRole("heading", { level: 3, name: "Bench Booking" }),
		},
		{
			entry: "About Technology",
			path: "technology",
			content: page.getByRole("heading", { level: 3, name: "Languages" }),
		},
	];
	await page.goto("/my-portfolio");
	const menu = page.getByRole("navigation", { name: "Portfolio" });

	for (const section of sections) {
		const entry = menu.getByRole("link", { name: section.entry, exact: true });
		await entry.click();
		await expect(page).toHaveURL(`/my-portfolio/${section.path}`);
		await expect(entry).toHaveAttribute("aria-current", "page");
		await expect(
			page.getByRole("heading", { level: 2, name: section.entry, exact: true }),
		).toBeVisible();
		await expect(section.content).toBeVisible();
		for (const other of sections.filter((candidate) => candidate !== section)) {
			await expect(
				page.getByRole("heading", { level: 2, name: other.entry, exact: true }),
			).toHaveCount(0);
		}
	}
});

test("each technology group is a region named by its heading", async ({
	page,
}) => {
	await page.goto("/my-portfolio/technology");
	for (const group of [
		"Languages",
		"Front end",
		"Back end and data",
		"Testing and tooling",
	]) {
		const region = page.getByRole("region", { name: group, exact: true });
		await expect(region).toBeVisible();
		await expect(region.getByRole("listitem").first()).toBeVisible();
	}
});
