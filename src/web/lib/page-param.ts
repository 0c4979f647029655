import { useSearchParams } from "react-router";

/** A page number read from the address (`?page=`): a whole number from 1, else the first page. */
export function readPageParam(value: string | null): number {
	const page = Number(value);
	return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** A page parameter of the address and a way to move it, leaving the other parameters as they are. */
export function usePageParam(name: string): [number, (page: number) => void] {
	const [params, setParams] = useSearchParams();
	const goTo = (page: number) =>
		setParams((current) => {
			const next = new URLSearchParams(current);
			if (page === 1) next.delete(name);
			else next.set(name, String(page));
			return next;
		});
	return [readPageParam(params.get(name)), goTo];
}
