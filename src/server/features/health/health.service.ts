import { type Db, isDbReachable } from "../../platform/db/database.ts";
import { AppError } from "../../platform/http/errors.ts";

/** The instance can take traffic while its database answers; a load balancer asks this. */
export async function checkReadiness(db: Db): Promise<{ status: "ready" }> {
	if (!(await isDbReachable(db)))
		throw new AppError(
			503,
			"SERVICE_UNAVAILABLE",
			"The database is not reachable",
		);
	return { status: "ready" };
}

/** The operations checks on one database, as app.ts hands them to the routes. */
export function createHealthUseCases(db: Db) {
	return { checkReadiness: () => checkReadiness(db) };
}

export type HealthUseCases = ReturnType<typeof createHealthUseCases>;
