import fs from "node:fs";
import path from "node:path";
import { expect, test } from "../fixtures/test.ts";
import {
	openScreen,
	ROLES,
	screensOf,
	storageStateOf,
	volatileParts,
} from "./screen-pages.ts";

/**
 * A phone, then a laptop: every page at both widths, for each role that can see it, compared
 * with its baseline in e2e/screens/__screenshots__ (`npm run test:screens -- --update-snapshots`
 * writes them anew). One visit per page: the window is narrowed, then widened.
 */
const WIDTHS = [
	{ width: 375, height: 812 },
	{ width: 1280, height: 800 },
] as const;

/** The README shows these baselines; docs/screenshots keeps copies, renewed with them. */
const README_COPIES: Record<string, string> = {
	"visitor-home-1280.png": "docs/screenshots/home-1280.png",
	"customer-tool-purchase-375.png": "docs/screenshots/tool-purchase-375.png",
};

function checkReadmeCopy(baselineName: string): void {
	const copy = README_COPIES[baselineName];
	if (!copy) return;
	const info = test.info();
	const baseline = info.snapshotPath(baselineName, { kind: "screenshot" });
	const copyPath = path.join(path.dirname(info.config.configFile ?? ""), copy);
	if (["all", "changed"].includes(info.config.updateSnapshots)) {
		fs.copyFileSync(baseline, copyPath);
		return;
	}
	expect
		.soft(
			fs.readFileSync(copyPath).equals(fs.readFileSync(baseline)),
			`${copy} is a copy of the baseline ${baselineName} (written by --update-snapshots)`,
		)
		.toBe(true);
}

for (const role of ROLES) {
	test.describe(`as ${role === "visitor" ? "a visitor" : `the ${role}`}`, () => {
		test.use({ storageState: storageStateOf(role), viewport: WIDTHS[0] });
		for (const screen of screensOf(role)) {
			test(`${screen.name} at 375 and 1280 px looks as its baselines`, async ({
				page,
			}) => {
				await openScreen(page, screen);
				for (const viewport of WIDTHS) {
					const name = `${role}-${screen.name}-${viewport.width}.png`;
					await page.setViewportSize(viewport);
					await expect.soft(page).toHaveScreenshot(name, {
						fullPage: true,
						mask: volatileParts(page),
					});
					checkReadmeCopy(name);
				}
			});
		}
	});
}
