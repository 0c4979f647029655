/** A page number read from the address (`?page=`): a whole number from 1, else the first page. */
export function readPageParam(value: string | null): number {
	const page = Number(value);
	return Number.isInteger(page) && page >= 1 ? page : 1;
}
