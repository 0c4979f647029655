import type { FastifyReply } from "fastify";

/**
 * Sends JSON that was already encoded with the route's response schema, byte for byte: Fastify
 * sends a Buffer as it is, without running the response serializer again.
 */
export function sendSerializedJson(
	reply: FastifyReply,
	json: Buffer,
): FastifyReply {
	return reply.type("application/json; charset=utf-8").send(json);
}
