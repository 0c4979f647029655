import { randomUUID } from "node:crypto";
import type { Page } from "../../../shared/paging.schemas.ts";
import type {
	ReceivingPoint,
	ReceivingPointInput,
	ReceivingPointListQuery,
} from "../../../shared/receiving-points.schemas.ts";
import type { Db } from "../../platform/db/database.ts";
import { readPage } from "../../platform/db/paging.ts";
import { NotFoundError } from "../../platform/http/errors.ts";
import {
	countReceivingPoints,
	findReceivingPoint,
	findReceivingPointsPage,
	insertReceivingPoints,
	markReceivingPointDeleted,
	updateReceivingPoint,
} from "./receiving-points.repository.ts";

const POINT_NOT_FOUND = "Receiving point not found";

export function listReceivingPoints(
	db: Db,
	query: ReceivingPointListQuery,
): Promise<Page<ReceivingPoint>> {
	const contains = query.q || undefined;
	return readPage(
		query,
		(offset, limit) => findReceivingPointsPage(db, contains, offset, limit),
		() => countReceivingPoints(db, contains),
	);
}

/**
 * The receiving point an order is to be collected at, read inside the checkout's transaction;
 * undefined when there is none by that id (never was, or deleted).
 */
export function findReceivingPointForOrder(
	db: Db,
	id: string,
): Promise<ReceivingPoint | undefined> {
	return findReceivingPoint(db, id);
}

/** Adds receiving points (the demo seeds its own through this too). */
export async function addReceivingPoints(
	db: Db,
	inputs: ReceivingPointInput[],
): Promise<ReceivingPoint[]> {
	const points = inputs.map((input) => ({ id: randomUUID(), ...input }));
	await insertReceivingPoints(db, points, new Date().toISOString());
	return points;
}

async function editReceivingPoint(
	db: Db,
	id: string,
	input: ReceivingPointInput,
): Promise<ReceivingPoint> {
	if (!(await updateReceivingPoint(db, id, input, new Date().toISOString())))
		throw new NotFoundError(POINT_NOT_FOUND);
	return { id, ...input };
}

/** Takes a point off the list; orders collected there keep their own copy of it. */
async function removeReceivingPoint(db: Db, id: string): Promise<void> {
	if (!(await markReceivingPointDeleted(db, id, new Date().toISOString())))
		throw new NotFoundError(POINT_NOT_FOUND);
}

export function createReceivingPointUseCases(db: Db) {
	return {
		listReceivingPoints: (query: ReceivingPointListQuery) =>
			listReceivingPoints(db, query),
		countReceivingPoints: async () => ({
			total: await countReceivingPoints(db),
		}),
		addReceivingPoint: async (input: ReceivingPointInput) => {
			const [point] = await addReceivingPoints(db, [input]);
			return point as ReceivingPoint;
		},
		editReceivingPoint: (id: string, input: ReceivingPointInput) =>
			editReceivingPoint(db, id, input),
		removeReceivingPoint: (id: string) => removeReceivingPoint(db, id),
	};
}

export type ReceivingPointUseCases = ReturnType<
	typeof createReceivingPointUseCases
>;
