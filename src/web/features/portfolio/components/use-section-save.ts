import type {
	Portfolio,
	PortfolioSection,
} from "../../../../shared/portfolio.schemas.ts";
import { failureReason, notify } from "../../../lib/toast.ts";
import { useSavePortfolioSection } from "../portfolio.queries.ts";

/** Saves one checked section and says how it went ("Projects saved"). */
export function useSectionSave<S extends PortfolioSection>(
	section: S,
	title: string,
) {
	const save = useSavePortfolioSection(section);
	async function submit(content: Portfolio[S]) {
		try {
			await save.mutateAsync(content);
			notify.success(`${title} saved`);
		} catch (error) {
			notify.error(`Failed to save ${title}${failureReason(error)}`);
		}
	}
	return { submit, isSaving: save.isPending };
}
