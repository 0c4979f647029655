import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import * as z from "zod";
import { NotFoundError } from "../http/errors.ts";
import type { ImageStore } from "./image-store.ts";

/**
 * An image is only ever shown by an <img>: even opened on its own, it may run nothing, load
 * nothing and be framed by no one.
 */
const IMAGE_CSP = "default-src 'none'; sandbox; frame-ancestors 'none'";

/** Does an If-None-Match header name this ETag (or `*`)? */
function matchesEtag(header: string | undefined, etag: string): boolean {
	if (!header) return false;
	return header
		.split(",")
		.map((tag) => tag.trim().replace(/^W\//, ""))
		.some((tag) => tag === etag || tag === "*");
}

export async function imagesRoutes(
	app: FastifyInstance,
	{ images }: { images: ImageStore },
): Promise<void> {
	app.withTypeProvider<ZodTypeProvider>().get(
		"/images/:name",
		{
			schema: { hide: true, params: z.object({ name: z.string() }) },
			config: { access: "public" },
		},
		async (request, reply) => {
			const bytes = await images.open(request.params.name);
			if (!bytes) throw new NotFoundError("Image not found");
			// Names are content-addressed: the name is the image's identity, and never changes.
			const etag = `"${request.params.name.replace(/\.webp$/, "")}"`;
			reply
				.header("content-type", "image/webp")
				.header("cache-control", "public, max-age=31536000, immutable")
				.header("etag", etag)
				.header("x-content-type-options", "nosniff")
				.header("content-security-policy", IMAGE_CSP);
			if (matchesEtag(request.headers["if-none-match"], etag))
				return reply.code(304).send();
			return reply.header("content-length", bytes.length).send(bytes);
		},
	);
}
