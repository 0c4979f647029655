import {
	PORTFOLIO_SECTIONS,
	type Portfolio,
	PortfolioSchema,
	type PortfolioSection,
} from "../../../shared/portfolio.schemas.ts";
import type { Viewer } from "../../platform/auth/session-guard.ts";
import type { Db } from "../../platform/db/database.ts";
import { DEFAULT_PORTFOLIO } from "./default-portfolio.ts";

const keyOf = (section: PortfolioSection) => `portfolio.${section}`;

/** The portfolio as shown: each section as an admin saved it, or the built-in text. */
export async function getPortfolio(db: Db): Promise<Portfolio> {
	const rows = await db
		.selectFrom("content_sections")
		.select(["key", "body"])
		.where(
			"key",
			"in",
			PORTFOLIO_SECTIONS.map((section) => keyOf(section)),
		)
		.execute();
	const saved = new Map(rows.map((row) => [row.key, row.body]));
	const portfolio = { ...DEFAULT_PORTFOLIO };
	for (const section of PORTFOLIO_SECTIONS) {
		const body = saved.get(keyOf(section));
		if (body !== undefined)
			Object.assign(portfolio, { [section]: JSON.parse(body) });
	}
	// Stored bodies were checked when saved; this keeps a hand-edited row from reaching a page.
	return PortfolioSchema.parse(portfolio);
}

/** Saves one section (already checked by its schema) and answers the whole portfolio. */
export async function savePortfolioSection<S extends PortfolioSection>(
	db: Db,
	admin: Viewer,
	section: S,
	content: Portfolio[S],
): Promise<Portfolio> {
	const row = {
		key: keyOf(section),
		body: JSON.stringify(content),
		updated_at: new Date().toISOString(),
		updated_by_email: admin.email,
	};
	await db
		.insertInto("content_sections")
		.values(row)
		.onConflict((conflict) =>
			conflict.column("key").doUpdateSet({
				body: row.body,
				updated_at: row.updated_at,
				updated_by_email: row.updated_by_email,
			}),
		)
		.execute();
	return getPortfolio(db);
}
