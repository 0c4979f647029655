import { expect, test } from "./fixtures/test.ts";

const NAV_LINKS = [
  { name: "Home", url: "/home", heading: "Welcome to Tools Gallery" },
  { name: "Blog", url: "/blog", heading: "Blog" },
  { name: "Reviews", url: "/all-reviews", heading: "Customer Review" },
  { name: "My Portfolio", url: "/my-portfolio", heading: "My Portfolio" },
  { name: "Login", url: "/login", heading: "Login" },
] as const;

test("each navbar link opens its page and is the highlighted link", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/");
  const navbar = page.getByRole("navigation", { name: "Main" });

  for (const target of NAV_LINKS) {
    await navbar.getByRole("link", { name: target.name, exact: true }).click();
    await expect(page).toHaveURL(target.url);
    await expect(page.getByRole("heading", { level: 1, name: target.heading, exact: true })).toBeVisible();

    const activeLink = navbar.getByRole("link", { name: target.name, exact: true });
    await expect(activeLink).toHaveAttribute("aria-current", "page");
    await expect(activeLink).toContainClass("menu-active");
    for (const other of NAV_LINKS.filter((link) => link !== target)) {
      const otherLink = navbar.getByRole("link", { name: other.name, exact: true });
      await expect(otherLink).not.toHaveAttribute("aria-current");
      await expect(otherLink).not.toContainClass("menu-active");
    }
  }
});

test("the brand title leads to /home", async ({ page }) => {
  await page.goto("/blog");
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Tools Gallery", exact: true })
    .click();
  await expect(page).toHaveURL("/home");
  await expect(page.getByRole("heading", { level: 1, name: "Welcome to Tools Gallery" })).toBeVisible();
});

test("on a phone the links sit behind a menu button that closes after navigating", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Welcome to Tools Gallery" })).toBeVisible();
  const header = page.getByRole("banner");
  const blogLink = header.getByRole("link", { name: "Blog", exact: true });
  await expect(blogLink).toBeHidden();

  const openMenu = header.getByRole("button", { name: "Open menu" });
  await expect(openMenu).toHaveAttribute("aria-expanded", "false");
  await openMenu.click();
  await expect(header.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");
  for (const name of ["Home", "Blog", "Reviews", "My Portfolio", "Login"]) {
    await expect(header.getByRole("link", { name, exact: true })).toBeVisible();
  }

  await blogLink.click();
  await expect(page).toHaveURL("/blog");
  await expect(page.getByRole("heading", { level: 1, name: "Blog", exact: true })).toBeVisible();
  await expect(blogLink).toBeHidden();
  await expect(header.getByRole("button", { name: "Open menu" })).toHaveAttribute("aria-expanded", "false");
});
