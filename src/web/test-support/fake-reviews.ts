import { vi } from "vitest";
import type {
	ModeratedReview,
	ReviewInput,
	ReviewModeration,
} from "../../shared/reviews.schemas.ts";
import { errorResponse, jsonResponse, pageOf } from "./fake-api.ts";
import { admin } from "./fake-catalog.ts";
import { customer } from "./fake-orders.ts";

export { admin, customer };

/** The n-th review of the shop (a higher n was written later), by a customer of that number. */
export function aReview(
	n: number,
	changes: Partial<ModeratedReview> = {},
): ModeratedReview {
	return {
		id: `20000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
		user_name: `Reviewer ${n}`,
		photo_url: null,
		user_review: `Review number ${n}.`,
		user_rating: 4,
		created_at: new Date(Date.UTC(2026, 10, 20, 12, n)).toISOString(),
		is_verified_buyer: false,
		email: `reviewer${n}@example.com`,
		hidden_at: null,
		...changes,
	};
}

/** What the fake shop holds; the requests change it. `mine` is the signed-in customer's review. */
export type ReviewShop = {
	me: typeof customer | typeof admin;
	reviews: ModeratedReview[];
	mine: ModeratedReview | undefined;
	log: ReviewModeration[];
};

export function aReviewShop(changes: Partial<ReviewShop> = {}): ReviewShop {
	return { me: customer, reviews: [], mine: undefined, log: [], ...changes };
}

type SentRequest = { method: string; pathname: string; body: unknown };

const publicShape = ({
	email: _email,
	hidden_at: _hidden,
	...review
}: ModeratedReview) => review;

/**
 * The shop's review API over `shop`, as the server answers it. `answer` may answer a request
 * first, to stage a failure. Returns every request sent, in order.
 */
export function serveReviews(
	shop: ReviewShop,
	answer: (request: SentRequest) => Response | undefined = () => undefined,
): SentRequest[] {
	const sent: SentRequest[] = [];
	vi.stubGlobal(
		"fetch",
		async (input: RequestInfo | URL, init?: RequestInit) => {
			const url = new URL(String(input), window.location.href);
			const method = init?.method ?? "GET";
			const request = {
				method,
				pathname: url.pathname,
				body:
					typeof init?.body === "string" ? JSON.parse(init.body) : undefined,
			};
			sent.push(request);
			const staged = answer(request);
			if (staged) return staged;
			const { pathname } = url;
			if (pathname === "/api/session") return jsonResponse({ me: shop.me });
			if (pathname === "/api/me/review") {
				if (method === "GET")
					return jsonResponse({
						review: shop.mine ? publicShape(shop.mine) : null,
						is_hidden: Boolean(shop.mine?.hidden_at),
					});
				if (!shop.mine)
					return errorResponse(
						404,
						"NOT_FOUND",
						"You have not written a review yet",
					);
				if (method === "PUT") {
					shop.mine = { ...shop.mine, ...(request.body as ReviewInput) };
					return jsonResponse(publicShape(shop.mine));
				}
				shop.mine = undefined;
				return new Response(null, { status: 204 });
			}
			if (pathname === "/api/reviews" && method === "POST") {
				const input = request.body as ReviewInput;
				shop.mine = aReview(99, {
					...input,
					user_name: shop.me.name,
					email: shop.me.email,
				});
				return jsonResponse(publicShape(shop.mine), 201);
			}
			if (pathname === "/api/moderation/reviews")
				return pageOf(shop.reviews, url, 20);
			if (pathname === "/api/moderation/actions")
				return pageOf(shop.log, url, 20);
			const [, reviewId, action] =
				/^\/api\/reviews\/([^/]+)(?:\/(hide|show))?$/.exec(pathname) ?? [];
			const review = shop.reviews.find(
				(candidate) => candidate.id === reviewId,
			);
			if (review)
				return moderate(
					shop,
					review,
					action === "hide" || action === "show" ? action : "delete",
				);
			throw new Error(`No answer for ${method} ${pathname}`);
		},
	);
	return sent;
}

function moderate(
	shop: ReviewShop,
	review: ModeratedReview,
	action: "hide" | "show" | "delete",
): Response {
	shop.log.unshift({
		id: `log-${shop.log.length + 1}`,
		review_id: review.id,
		action,
		moderated_at: new Date().toISOString(),
		moderated_by_email: shop.me.email,
		review: {
			user_name: review.user_name,
			user_review: review.user_review,
			user_rating: review.user_rating,
			created_at: review.created_at,
		},
	});
	const index = shop.reviews.indexOf(review);
	if (action === "delete") {
		shop.reviews.splice(index, 1);
		return new Response(null, { status: 204 });
	}
	const changed = {
		...review,
		hidden_at: action === "hide" ? new Date().toISOString() : null,
	};
	shop.reviews[index] = changed;
	return jsonResponse(changed);
}
