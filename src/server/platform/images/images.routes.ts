import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import * as z from "zod";
import { NotFoundError } from "../http/errors.ts";
import type { ImageStore } from "./image-store.ts";

export async function imagesRoutes(
	app: FastifyInstance,
	{ images }: { images: ImageStore },
): Promise<void> {
	app
		.withTypeProvider<ZodTypeProvider>()
		.get(
			"/images/:name",
			{ schema: { hide: true, params: z.object({ name: z.string() }) } },
			async (request, reply) => {
				const image = await images.open(request.params.name);
				if (!image) throw new NotFoundError("Image not found");
				return reply
					.header("content-type", "image/webp")
					.header("content-length", image.size)
					.header("cache-control", "public, max-age=31536000, immutable")
					.send(image.stream);
			},
		);
}
