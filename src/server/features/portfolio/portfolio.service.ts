import {
	PORTFOLIO_SECTIONS,
	type Portfolio,
	PortfolioSchema,
	type PortfolioSection,
} from "../../../shared/portfolio.schemas.ts";
import type { Viewer } from "../../platform/auth/session-guard.ts";
import type { Db } from "../../platform/db/database.ts";
import { DEFAULT_PORTFOLIO } from "./default-portfolio.ts";
import {
	findContentSections,
	upsertContentSection,
} from "./portfolio.repository.ts";

const keyOf = (section: PortfolioSection) => `portfolio.${section}`;

/** The portfolio as shown: each section as an admin saved it, or the built-in text. */
export async function getPortfolio(db: Db): Promise<Portfolio> {
	const rows = await findContentSections(
		db,
		PORTFOLIO_SECTIONS.map((section) => keyOf(section)),
	);
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
	await upsertContentSection(db, row);
	return getPortfolio(db);
}

/** The portfolio's use cases on one database, as app.ts hands them to the routes. */
export function createPortfolioUseCases(db: Db) {
	return {
		getPortfolio: () => getPortfolio(db),
		savePortfolioSection: <S extends PortfolioSection>(
			admin: Viewer,
			section: S,
			content: Portfolio[S],
		) => savePortfolioSection(db, admin, section, content),
	};
}

export type PortfolioUseCases = ReturnType<typeof createPortfolioUseCases>;
