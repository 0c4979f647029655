import { expect, test } from "../fixtures/test.ts";
import { findMissingFocusRings, findWeakEdges } from "./control-checks.ts";
import {
	openScreen,
	ROLES,
	screensOf,
	storageStateOf,
} from "./screen-pages.ts";

/**
 * WCAG 1.4.11 and 2.4.7 on every page, for each role that can see it: each visible form control
 * stands out from what is around it by at least 3:1, and each keyboard stop shows a focus
 * indicator of at least 3:1.
 */
for (const role of ROLES) {
	test.describe(`as ${role === "visitor" ? "a visitor" : `the ${role}`}`, () => {
		test.use({
			storageState: storageStateOf(role),
			viewport: { width: 1280, height: 800 },
		});
		for (const screen of screensOf(role)) {
			test(`${screen.name}: every control has a 3:1 edge and a visible focus ring`, async ({
				page,
			}) => {
				await openScreen(page, screen);
				const weakEdges = await findWeakEdges(page);
				const missingRings = await findMissingFocusRings(page);
				const report = [...weakEdges, ...missingRings].map(
					({ element, problem }) =>
						`${screen.path} as ${role}: ${element}: ${problem}`,
				);
				expect(report, report.join("\n")).toEqual([]);
			});
		}
	});
}
