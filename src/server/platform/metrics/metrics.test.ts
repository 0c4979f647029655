import fs from "node:fs";
import path from "node:path";
import { expect, test, vi } from "vitest";
import { OrderSchema } from "../../../shared/orders.schemas.ts";
import { PROJECT_ROOT } from "../../project-paths.ts";
import { signUp } from "../../test-support/accounts.ts";
import {
	postOrder,
	postOrderAction,
	waitForOrderMail,
} from "../../test-support/orders.ts";
import {
	createTestApp,
	insertTestTool,
	type TestApp,
} from "../../test-support/test-app.ts";

const TOKEN = "metrics-token-for-tests-0123456789abcdef";

function readMetrics(t: TestApp, authorization?: string) {
	return t.app.inject({
		method: "GET",
		url: "/metrics",
		headers: authorization ? { authorization } : {},
	});
}

/** The value of one sample of the exposition, by its name and exact labels; undefined if absent. */
function sample(text: string, name: string, labels = ""): number | undefined {
	const line = text
		.split("\n")
		.find((candidate) => candidate.startsWith(`${name}${labels} `));
	return line === undefined ? undefined : Number(line.split(" ").at(-1));
}

/** Every metric name a sample of the exposition has (histograms as _bucket, _sum and _count). */
function sampleNames(text: string): Set<string> {
	return new Set(
		text
			.split("\n")
			.filter((line) => line !== "" && !line.startsWith("#"))
			.map((line) => line.split(/[{ ]/, 1)[0] ?? ""),
	);
}

test("without METRICS_TOKEN the shop keeps no metrics: /metrics is not found", async () => {
	const t = await createTestApp();
	const answer = await readMetrics(t, `Bearer ${TOKEN}`);
	expect(answer.statusCode).toBe(404);
	expect(answer.body).not.toContain("tools_gallery_");
});

test("/metrics without the token, or with another one, is refused with 401 and shows nothing", async () => {
	const t = await createTestApp({ config: { metricsToken: TOKEN } });
	for (const authorization of [
		undefined,
		`Bearer ${TOKEN}x`,
		`Bearer ${TOKEN.slice(0, -1)}`,
		TOKEN,
		`Basic ${TOKEN}`,
	]) {
		const answer = await readMetrics(t, authorization);
		expect(answer.statusCode).toBe(401);
		expect(answer.json().error.message).toBe(
			"Reading the metrics needs the metrics token: Authorization: Bearer <METRICS_TOKEN>",
		);
		expect(answer.body).not.toContain("tools_gallery_");
	}
});

test("the metrics count requests by route pattern, status and time, orders placed, refused and cancelled as they committed, mail sent, and show the outbox, the database's connections, event-loop lag and memory", async () => {
	const t = await createTestApp({ config: { metricsToken: TOKEN } });
	const tool = await insertTestTool(t.db, {
		tool_name: "Bench Vise",
		available_quantity: 10,
		minimum_quantity: 1,
	});
	const customer = await signUp(t.app, { name: "Mina Metrics" });
	const placed = await postOrder(t.app, customer.cookie, {
		tool_id: tool.id,
		order_quantity: 4,
	});
	expect(placed.statusCode).toBe(201);
	const order = OrderSchema.parse(placed.json());
	// Refused for want of stock: nothing committed, nothing counted.
	const refused = await postOrder(t.app, customer.cookie, {
		tool_id: tool.id,
		order_quantity: 7,
	});
	expect(refused.statusCode).toBe(409);
	expect(
		(await postOrderAction(t.app, customer.cookie, order.id, "cancel"))
			.statusCode,
	).toBe(200);
	for (let i = 0; i < 3; i++)
		expect(
			(await t.app.inject({ method: "GET", url: `/api/tools/${tool.id}` }))
				.statusCode,
		).toBe(200);
	await waitForOrderMail(t.config, customer.email, "cancelled");

	const text = await vi.waitFor(async () => {
		const answer = await readMetrics(t, `Bearer ${TOKEN}`);
		expect(answer.statusCode).toBe(200);
		expect(answer.headers["content-type"]).toMatch(
			/^text\/plain; version=0\.0\.4/,
		);
		// The outbox's pass is counted once it has recorded the mails sent.
		expect(
			sample(
				answer.body,
				"tools_gallery_mail_attempts_total",
				'{outcome="sent"}',
			),
		).toBeGreaterThanOrEqual(2);
		return answer.body;
	});

	const requests = "tools_gallery_http_request_duration_seconds";
	expect(
		sample(
			text,
			`${requests}_count`,
			'{route="/api/tools/:toolId",method="GET",status="200"}',
		),
	).toBe(3);
	expect(
		sample(
			text,
			`${requests}_count`,
			'{route="/api/orders",method="POST",status="201"}',
		),
	).toBe(1);
	expect(
		sample(
			text,
			`${requests}_count`,
			'{route="/api/orders",method="POST",status="409"}',
		),
	).toBe(1);
	expect(
		sample(
			text,
			`${requests}_bucket`,
			'{le="+Inf",route="/api/tools/:toolId",method="GET",status="200"}',
		),
	).toBe(3);
	// The address itself (an id) never becomes a label.
	expect(text).not.toContain(tool.id);

	expect(
		sample(text, "tools_gallery_order_steps_total", '{kind="placed"}'),
	).toBe(1);
	expect(
		sample(text, "tools_gallery_order_steps_total", '{kind="cancelled"}'),
	).toBe(1);
	expect(sample(text, "tools_gallery_order_steps_total", '{kind="paid"}')).toBe(
		0,
	);
	expect(
		sample(text, "tools_gallery_mail_outbox_mails", '{status="failed"}'),
	).toBe(0);
	expect(
		sample(text, "tools_gallery_mail_outbox_mails", '{status="pending"}'),
	).toBeGreaterThanOrEqual(0);
	expect(
		sample(text, "tools_gallery_db_connections", '{state="open"}'),
	).toBeGreaterThanOrEqual(1);
	// Live figures: the metrics' own queries may hold or wait for a connection as they are read.
	for (const state of ["busy", "waiting"])
		expect(
			sample(text, "tools_gallery_db_connections", `{state="${state}"}`),
		).toBeGreaterThanOrEqual(0);
	expect(
		sample(text, "nodejs_eventloop_lag_p99_seconds"),
	).toBeGreaterThanOrEqual(0);
	expect(sample(text, "process_resident_memory_bytes")).toBeGreaterThan(
		10_000_000,
	);
});

test("the Grafana dashboard in docs reads only metrics the server exposes", async () => {
	const dashboard = JSON.parse(
		fs.readFileSync(
			path.join(PROJECT_ROOT, "docs", "grafana-dashboard.json"),
			"utf8",
		),
	) as { panels: { title: string; targets: { expr: string }[] }[] };
	const t = await createTestApp({ config: { metricsToken: TOKEN } });
	await t.app.inject({ method: "GET", url: "/api/tools" });
	const exposed = sampleNames((await readMetrics(t, `Bearer ${TOKEN}`)).body);

	const read = dashboard.panels.flatMap((panel) =>
		panel.targets.flatMap((target) =>
			[
				...target.expr.matchAll(
					/\b(?:tools_gallery|nodejs|process)_[a-z0-9_]+\b/g,
				),
			].map(([name]) => ({ panel: panel.title, name })),
		),
	);
	expect(read.length).toBeGreaterThanOrEqual(8);
	expect(read.filter(({ name }) => !exposed.has(name))).toEqual([]);
	// Every metric of the shop's own has a panel.
	const shown = new Set(
		read.map(({ name }) => name.replace(/_(bucket|count|sum)$/, "")),
	);
	for (const name of exposed)
		if (name.startsWith("tools_gallery_"))
			expect(shown, name).toContain(name.replace(/_(bucket|count|sum)$/, ""));
});
