import rateLimit from "@fastify/rate-limit";
import type {
	FastifyInstance,
	FastifyReply,
	FastifyRequest,
	preHandlerAsyncHookHandler,
} from "fastify";
import { clientGroup } from "./client-address.ts";
import type { QuotaLimit, QuotaName, QuotaTable } from "./quota-policies.ts";
import {
	type RateLimitState,
	sendTooManyRequests,
	setRateLimitHeaders,
} from "./too-many-requests.ts";

type Counted = RateLimitState & { isExceeded: boolean; reason: string };
type Counter = (request: FastifyRequest) => Promise<Counted>;

export type RouteQuotas = {
	/** The preHandler that counts a request against each named quota, after the session guard. */
	preHandlerFor(names: readonly QuotaName[]): preHandlerAsyncHookHandler;
};

/**
 * The quota policies as route preHandlers, counted by @fastify/rate-limit: its store is the one to
 * swap for a shared one when several instances serve the shop. One counter per quota, account and
 * address, whichever route of that quota the request came through.
 */
export async function createRouteQuotas(
	app: FastifyInstance,
	table: QuotaTable,
): Promise<RouteQuotas> {
	await app.register(rateLimit, { global: false });

	function createCounter(
		name: QuotaName,
		scope: "account" | "address",
		limit: QuotaLimit,
	): Counter {
		const reason = `Too many ${table[name].what} from your ${scope === "account" ? "account" : "network"}.`;
		const take = app.createRateLimit({
			max: limit.max,
			timeWindow: limit.windowMs,
			// request.ip honours TRUST_PROXY; an IPv6 client counts as its /64 (client-address.ts). The
			// quota's name keeps counters apart in a store shared by several limiters.
			keyGenerator: (request) =>
				scope === "account"
					? `${name}:account:${request.viewer?.id}`
					: `${name}:address:${clientGroup(request.ip)}`,
		});
		return async (request) => {
			const counted = await take(request);
			if (counted.isAllowed)
				throw new Error("quota counters have no allow list");
			return {
				limit: counted.max,
				remaining: counted.remaining,
				resetSeconds: counted.ttlInSeconds,
				isExceeded: counted.isExceeded,
				reason,
			};
		};
	}

	const counters = new Map<
		QuotaName,
		{ perAccount: Counter; perAddress: Counter }
	>();
	function countersOf(name: QuotaName) {
		if (!Object.hasOwn(table, name))
			throw new Error(`No quota is named ${String(name)}`);
		let pair = counters.get(name);
		if (!pair) {
			const policy = table[name];
			pair = {
				perAccount: createCounter(name, "account", policy.perAccount),
				perAddress: createCounter(name, "address", policy.perAddress),
			};
			counters.set(name, pair);
		}
		return pair;
	}

	return {
		preHandlerFor(names) {
			const pairs = names.map((name) => ({
				...countersOf(name),
				counts: table[name].counts,
			}));
			return async function countQuotas(
				request: FastifyRequest,
				reply: FastifyReply,
			) {
				let tightest: Counted | undefined;
				for (const { perAccount, perAddress, counts: isCounted } of pairs) {
					if (isCounted && !isCounted(request)) continue;
					const counts = [perAddress];
					if (request.viewer) counts.push(perAccount);
					for (const count of counts) {
						const counted = await count(request);
						if (counted.isExceeded)
							return sendTooManyRequests(reply, {
								limit: counted.limit,
								retryAfterSeconds: counted.resetSeconds,
								reason: counted.reason,
							});
						if (!tightest || isTighter(counted, tightest)) tightest = counted;
					}
				}
				if (tightest) setRateLimitHeaders(reply, tightest);
			};
		},
	};
}

/** The allowance with the fewest requests left, or the later reset of two with as many. */
function isTighter(candidate: Counted, current: Counted): boolean {
	if (candidate.remaining !== current.remaining)
		return candidate.remaining < current.remaining;
	return candidate.resetSeconds > current.resetSeconds;
}
