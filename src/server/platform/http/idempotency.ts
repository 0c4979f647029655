import { createHash } from "node:crypto";
import type {
	FastifyInstance,
	FastifyReply,
	FastifyRequest,
	preHandlerAsyncHookHandler,
} from "fastify";
import { IDEMPOTENCY_KEY_HEADER } from "../../../shared/orders.schemas.ts";
import type { Db } from "../db/database.ts";
import { ConflictError } from "./errors.ts";

/** How long a finished request's answer is kept for a repeat with the same key. */
export const IDEMPOTENCY_KEPT_MS = 24 * 60 * 60 * 1000;
/**
 * A request still unanswered after this long is taken for lost (its instance stopped): a repeat
 * runs it again instead of waiting for it. Longer than any request the shop serves takes.
 */
export const IDEMPOTENCY_ABANDONED_MS = 60_000;
/** Answers larger than this are not kept: a repeat of such a request runs it again. */
const MAX_KEPT_BODY_BYTES = 256 * 1024;
/** The header on an answer given again for a repeated key. */
export const IDEMPOTENT_REPLAYED_HEADER = "idempotent-replayed";

/** The key a request claimed: the row it holds until its answer is kept or given up. */
type Claim = { owner: string; key: string; startedAt: string; done: boolean };

export type Idempotency = {
	/**
	 * The preHandler of a signed-in POST route: a request with an Idempotency-Key runs once per
	 * account and key; a repeat gets the first answer again, with `Idempotent-Replayed: true`.
	 */
	preHandler: preHandlerAsyncHookHandler;
	/** Deletes the answers kept longer than a day; the number deleted. */
	sweep(): Promise<number>;
};

/**
 * Idempotency-Key on every POST of a signed-in account, kept in the database so that every
 * instance of the shop sees the same keys. The first request with a key claims it (a row without
 * an answer), runs, and its answer is stored before it is sent: a client that got an answer can
 * always get it again. A repeat while the first still runs is refused (409), as is the key sent
 * with a different request. A refusal (4xx, which changes nothing), a server error (5xx) or an
 * answer that sets a cookie is not kept: the key is given back and a repeat runs the request again.
 */
export function createIdempotency(
	app: FastifyInstance,
	{ db, now }: { db: Db; now: () => number },
): Idempotency {
	const claims = new WeakMap<FastifyRequest, Claim>();

	async function release(claim: Claim): Promise<void> {
		claim.done = true;
		await db
			.deleteFrom("idempotency_keys")
			.where("owner", "=", claim.owner)
			.where("key", "=", claim.key)
			.where("started_at", "=", claim.startedAt)
			.where("status_code", "is", null)
			.execute();
	}

	async function keep(
		claim: Claim,
		reply: FastifyReply,
		body: string,
	): Promise<void> {
		claim.done = true;
		const contentType = reply.getHeader("content-type");
		await db
			.updateTable("idempotency_keys")
			.set({
				status_code: reply.statusCode,
				content_type: typeof contentType === "string" ? contentType : null,
				body,
			})
			.where("owner", "=", claim.owner)
			.where("key", "=", claim.key)
			.where("started_at", "=", claim.startedAt)
			.execute();
	}

	app.addHook("onSend", async (request, reply, payload) => {
		const claim = claims.get(request);
		if (!claim || claim.done) return payload;
		const body = keptBodyOf(reply, payload);
		try {
			if (body === undefined) await release(claim);
			else await keep(claim, reply, body);
		} catch (error) {
			// The answer still goes out; a repeat finds the key unanswered and, once abandoned, runs again.
			request.log.error({ err: error }, "could not keep an idempotent answer");
		}
		return payload;
	});
	// An answer that never reached onSend (a failure while sending) gives its key back.
	app.addHook("onResponse", async (request) => {
		const claim = claims.get(request);
		if (claim && !claim.done)
			await release(claim).catch((error: unknown) =>
				request.log.error(
					{ err: error },
					"could not give back an idempotency key",
				),
			);
	});

	/** Claims the key for this request, or the earlier request's row when it holds the key. */
	async function claim(
		owner: string,
		key: string,
		fingerprint: string,
	): Promise<{ claim: Claim } | { earlier: KeptRow }> {
		const at = now();
		const startedAt = new Date(at).toISOString();
		const inserted = await db
			.insertInto("idempotency_keys")
			.values({
				owner,
				key,
				fingerprint,
				status_code: null,
				content_type: null,
				body: null,
				started_at: startedAt,
				expires_at: new Date(at + IDEMPOTENCY_KEPT_MS).toISOString(),
			})
			.onConflict((conflict) => conflict.columns(["owner", "key"]).doNothing())
			.executeTakeFirst();
		if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0)
			return { claim: { owner, key, startedAt, done: false } };
		const earlier = await db
			.selectFrom("idempotency_keys")
			.select([
				"fingerprint",
				"status_code",
				"content_type",
				"body",
				"started_at",
				"expires_at",
			])
			.where("owner", "=", owner)
			.where("key", "=", key)
			.executeTakeFirst();
		if (!earlier) return claim(owner, key, fingerprint);
		const isLost =
			earlier.status_code === null &&
			Date.parse(earlier.started_at) <= at - IDEMPOTENCY_ABANDONED_MS;
		const isExpired = Date.parse(earlier.expires_at) <= at;
		if (isLost || isExpired) {
			// Taken over only by the one repeat that changes the row it read.
			const taken = await db
				.updateTable("idempotency_keys")
				.set({
					fingerprint,
					status_code: null,
					content_type: null,
					body: null,
					started_at: startedAt,
					expires_at: new Date(at + IDEMPOTENCY_KEPT_MS).toISOString(),
				})
				.where("owner", "=", owner)
				.where("key", "=", key)
				.where("started_at", "=", earlier.started_at)
				.executeTakeFirst();
			if (Number(taken.numUpdatedRows) > 0)
				return { claim: { owner, key, startedAt, done: false } };
			return claim(owner, key, fingerprint);
		}
		return { earlier };
	}

	return {
		async preHandler(request, reply) {
			const key = request.headers[IDEMPOTENCY_KEY_HEADER];
			if (typeof key !== "string" || !request.viewer) return;
			const fingerprint = fingerprintOf(request);
			const outcome = await claim(request.viewer.id, key, fingerprint);
			if ("claim" in outcome) {
				claims.set(request, outcome.claim);
				return;
			}
			const { earlier } = outcome;
			if (earlier.fingerprint !== fingerprint)
				throw new ConflictError(
					"This Idempotency-Key was used for a different request. Send a new key for a new request.",
				);
			if (earlier.status_code === null || earlier.body === null)
				throw new ConflictError(
					"A request with this Idempotency-Key is still running. Wait for its answer, then send the key again.",
				);
			reply
				.code(earlier.status_code)
				.header(IDEMPOTENT_REPLAYED_HEADER, "true");
			if (earlier.content_type)
				reply.header("content-type", earlier.content_type);
			return reply.send(Buffer.from(earlier.body, "utf8"));
		},
		async sweep() {
			const deleted = await db
				.deleteFrom("idempotency_keys")
				.where("expires_at", "<=", new Date(now()).toISOString())
				.executeTakeFirst();
			return Number(deleted.numDeletedRows);
		},
	};
}

type KeptRow = {
	fingerprint: string;
	status_code: number | null;
	content_type: string | null;
	body: string | null;
};

/**
 * What a request is, for telling a repeat from another request under the same key: its method,
 * route and address with the query, and its body as validated. An upload's bytes are streamed to
 * its handler, not read here: its key covers the route and address.
 */
function fingerprintOf(request: FastifyRequest): string {
	const isMultipart = request.headers["content-type"]
		?.toLowerCase()
		.startsWith("multipart/");
	return createHash("sha256")
		.update(`${request.method} ${request.url}\n`)
		.update(isMultipart ? "" : JSON.stringify(request.body ?? null))
		.digest("hex");
}

/** The answer's text to keep, or undefined when it is not to be given again. */
function keptBodyOf(reply: FastifyReply, payload: unknown): string | undefined {
	// A refusal changed nothing (the shop's rule for every 4xx), so running it again is safe.
	if (reply.statusCode >= 400 || reply.hasHeader("set-cookie"))
		return undefined;
	const contentType = String(reply.getHeader("content-type") ?? "");
	const isText =
		contentType === "" ||
		contentType.startsWith("application/json") ||
		contentType.startsWith("text/");
	if (!isText) return undefined;
	if (payload === undefined || payload === null) return "";
	const text =
		typeof payload === "string"
			? payload
			: Buffer.isBuffer(payload)
				? payload.toString("utf8")
				: undefined;
	if (text === undefined || Buffer.byteLength(text) > MAX_KEPT_BODY_BYTES)
		return undefined;
	return text;
}
