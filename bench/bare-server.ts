import fs from "node:fs";
import Fastify from "fastify";

// Baseline: a bare Fastify route answering the same bytes from memory.
const [bodyFile, port] = process.argv.slice(2);
if (!bodyFile || !port) throw new Error("usage: bare-server.ts <body-file> <port>");
const body = fs.readFileSync(bodyFile);
const app = Fastify({ logger: false });
app.get("/api/tools", (_request, reply) => {
  reply.header("content-type", "application/json; charset=utf-8").send(body);
});
await app.listen({ port: Number(port), host: "127.0.0.1" });
console.info(`listening on ${port}`);
