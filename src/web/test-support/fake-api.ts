/**
 * A stand-in for the browser's `fetch` that answers like the shop's API, for component tests:
 * `answer` gets each request's URL (resolved against the page) and returns the response, or throws
 * a TypeError as `fetch` does when the network fails. `requests` lists the URLs asked for.
 */
export function createFakeApi(answer: (url: URL) => Response) {
	const requests: URL[] = [];
	async function fetch(input: RequestInfo | URL): Promise<Response> {
		const url = new URL(
			input instanceof Request ? input.url : String(input),
			window.location.href,
		);
		requests.push(url);
		return answer(url);
	}
	return { fetch, requests };
}

export function jsonResponse(body: unknown, status = 200): Response {
	return new Response(JSON.stringify(body), {
		status,
		headers: { "content-type": "application/json" },
	});
}

/** The API's error envelope, `{ error: { code, message, details? } }`. */
export function errorResponse(
	status: number,
	code: string,
	message: string,
	details?: { field: string; message: string }[],
): Response {
	return jsonResponse({ error: { code, message, details } }, status);
}

/** One page of `items` as the API answers it, for the `page` and `page_size` the URL asks. */
export function pageOf<T>(items: T[], url: URL, defaultSize = 12): Response {
	const page = Number(url.searchParams.get("page") ?? 1);
	const pageSize = Number(url.searchParams.get("page_size") ?? defaultSize);
	return jsonResponse({
		items: items.slice((page - 1) * pageSize, page * pageSize),
		page,
		page_size: pageSize,
		total: items.length,
	});
}
