// Baseline: a bare Fastify route answering the same bytes from memory. Plain JavaScript, so it
// starts the same way as the compiled server it is compared with.
import fs from "node:fs";
import Fastify from "fastify";

const [bodyFile, port, contentType = "application/json; charset=utf-8"] =
	process.argv.slice(2);
if (!bodyFile || !port)
	throw new Error("usage: bare-server.mjs <body-file> <port> [content-type]");
const body = fs.readFileSync(bodyFile);
const app = Fastify({ logger: false });
app.get("/api/tools", (_request, reply) => {
	reply.header("content-type", contentType).send(body);
});
await app.listen({ port: Number(port), host: "127.0.0.1" });
