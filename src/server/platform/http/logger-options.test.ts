import Fastify from "fastify";
import { expect, test } from "vitest";
import { createLogLines } from "../../test-support/log-lines.ts";
import { createLazyChildLogger } from "./logger-options.ts";

/** The server's logger (pino, as Fastify makes it) at `level`, its lines kept one object a line. */
function loggerAt(level: string) {
	const { stream, lines } = createLogLines();
	const app = Fastify({ logger: { level, stream } });
	return { log: app.log, lines };
}

test("a request's logger writes its lines with the request's id at the levels the server logs, and nothing below them", () => {
	const { log, lines } = loggerAt("warn");
	const requestLog = createLazyChildLogger(log, { reqId: "req-1" }, {});
	expect(requestLog.level).toBe("warn");
	requestLog.info({ url: "/api/tools" }, "request");
	requestLog.debug("details");
	expect(lines).toEqual([]);
	requestLog.warn({ responseTime: 900 }, "slow request");
	requestLog.error(new Error("the database is gone"));
	expect(lines).toEqual([
		expect.objectContaining({
			level: 40,
			reqId: "req-1",
			responseTime: 900,
			msg: "slow request",
		}),
		expect.objectContaining({
			level: 50,
			reqId: "req-1",
			err: expect.objectContaining({ message: "the database is gone" }),
		}),
	]);
});

test("a request's logger lowered to a level writes from it on, and its own children carry both ids", () => {
	const { log, lines } = loggerAt("warn");
	const requestLog = createLazyChildLogger(log, { reqId: "req-2" }, {});
	requestLog.level = "info";
	requestLog.info("now written");
	requestLog.child({ job: "mail" }).warn("from the child");
	expect(lines).toEqual([
		expect.objectContaining({ reqId: "req-2", msg: "now written" }),
		expect.objectContaining({
			reqId: "req-2",
			job: "mail",
			msg: "from the child",
		}),
	]);
	// The server's own level is left as it was.
	expect(log.level).toBe("warn");
});

test("a route with its own log level gets a logger at that level", () => {
	const { log, lines } = loggerAt("warn");
	const requestLog = createLazyChildLogger(
		log,
		{ reqId: "req-3" },
		{ level: "debug" },
	);
	requestLog.debug("route detail");
	expect(lines).toEqual([
		expect.objectContaining({ reqId: "req-3", msg: "route detail" }),
	]);
});
