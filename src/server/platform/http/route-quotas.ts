import type {
	FastifyReply,
	FastifyRequest,
	preHandlerAsyncHookHandler,
} from "fastify";
import type { SharedCounters } from "../limits/shared-counters.ts";
import { clientGroup } from "./client-address.ts";
import { createQuotaLeases } from "./quota-leases.ts";
import type {
	QuotaLimit,
	QuotaName,
	QuotaPolicy,
	QuotaTable,
} from "./quota-policies.ts";
import {
	type RateLimitState,
	sendTooManyRequests,
	setRateLimitHeaders,
} from "./too-many-requests.ts";

type Scope = "account" | "address";
type Allowance = { key: string; limit: QuotaLimit; reason: string };

export type RouteQuotas = {
	/** The preHandler that counts a request against each named quota, after the session guard. */
	preHandlerFor(names: readonly QuotaName[]): preHandlerAsyncHookHandler;
};

/**
 * The quota policies as route preHandlers, counted in the shared counters (every instance of the
 * shop counts the same requests). One counter per quota, account and address, whichever route of
 * that quota the request came through.
 */
export function createRouteQuotas(
	table: QuotaTable,
	shared: SharedCounters,
): RouteQuotas {
	const leases = createQuotaLeases(shared);
	/** The reason a refusal gives for one allowance: "Too many orders from your account." */
	function reasonOf(name: QuotaName, scope: Scope): string {
		return `Too many ${table[name].what} from your ${scope === "account" ? "account" : "network"}.`;
	}

	/**
	 * The allowances a request draws on: each quota's per-address one and, signed in, its
	 * per-account one. request.ip honours TRUST_PROXY; an IPv6 client counts as its /64
	 * (client-address.ts). The quota's name keeps its counters apart from every other's.
	 */
	function allowancesOf(
		request: FastifyRequest,
		quotas: readonly { name: QuotaName; policy: QuotaPolicy }[],
	): Allowance[] {
		const allowances: Allowance[] = [];
		for (const { name, policy } of quotas) {
			if (policy.counts && !policy.counts(request)) continue;
			allowances.push({
				key: `quota:${name}:address:${clientGroup(request.ip)}`,
				limit: policy.perAddress,
				reason: reasonOf(name, "address"),
			});
			if (request.viewer)
				allowances.push({
					key: `quota:${name}:account:${request.viewer.id}`,
					limit: policy.perAccount,
					reason: reasonOf(name, "account"),
				});
		}
		return allowances;
	}

	return {
		preHandlerFor(names) {
			const quotas = names.map((name) => {
				if (!Object.hasOwn(table, name))
					throw new Error(`No quota is named ${String(name)}`);
				return { name, policy: table[name] };
			});
			return async function countQuotas(
				request: FastifyRequest,
				reply: FastifyReply,
			) {
				const allowances = allowancesOf(request, quotas);
				if (allowances.length === 0) return;
				// Every allowance counted in one step: from this instance's leases, or one round trip
				// to the shared counters for those it has none of.
				const counted = await leases.count(allowances);
				const now = shared.now();
				const states = allowances.map(({ limit }, index) => {
					const found = counted[index];
					if (!found) throw new Error("a counter went missing");
					return {
						limit: limit.max,
						remaining: found.remaining,
						resetSeconds: Math.max(0, Math.ceil((found.resetAt - now) / 1000)),
					};
				});
				const refusedAt = states.findIndex((state) => state.remaining < 0);
				const refusal = allowances[refusedAt];
				const refused = states[refusedAt];
				if (refusal && refused) {
					// A refused request uses up only the allowance that refused it (and any other already
					// over): the account's allowance is not spent on a request its network was refused.
					await Promise.all(
						counted.map((found, index) =>
							(states[index]?.remaining ?? -1) >= 0
								? found.giveBack()
								: undefined,
						),
					);
					return sendTooManyRequests(reply, {
						limit: refused.limit,
						retryAfterSeconds: Math.max(1, refused.resetSeconds),
						reason: refusal.reason,
					});
				}
				let tightest: RateLimitState | undefined;
				for (const state of states)
					if (!tightest || isTighter(state, tightest)) tightest = state;
				if (tightest) setRateLimitHeaders(reply, tightest);
			};
		},
	};
}

/** The allowance with the fewest requests left, or the later reset of two with as many. */
function isTighter(
	candidate: RateLimitState,
	current: RateLimitState,
): boolean {
	if (candidate.remaining !== current.remaining)
		return candidate.remaining < current.remaining;
	return candidate.resetSeconds > current.resetSeconds;
}
