import type { LightMyRequestResponse } from "fastify";
import type { FuzzRequest } from "./fuzz-requests.ts";

/** One kind of failure (a problem, on an operation, with a status) and the first request showing it. */
export type FuzzFailure = {
	problem: string;
	operation: string;
	status: number;
	count: number;
	request: string;
	answer: string;
};

export type FuzzReport = {
	requests: number;
	statuses: Record<number, number>;
	/** Requests light-my-request would not build (a URL or header no client could send), by reason. */
	unsendable: Record<string, number>;
	failures: Record<string, FuzzFailure>;
	milliseconds: number;
};

export function createReport(): FuzzReport {
	return {
		requests: 0,
		statuses: {},
		unsendable: {},
		failures: {},
		milliseconds: 0,
	};
}

function add(
	counts: Record<string | number, number>,
	key: string | number,
	count = 1,
) {
	counts[key] = (counts[key] ?? 0) + count;
}

export function countAnswer(report: FuzzReport, status: number): void {
	report.requests++;
	add(report.statuses, status);
}

export function countUnsendable(report: FuzzReport, error: unknown): void {
	add(
		report.unsendable,
		error instanceof Error ? error.message.slice(0, 100) : String(error),
	);
}

/** Enough of a request to replay it by hand, without megabytes of payload. */
function describeRequest(request: FuzzRequest): string {
	const payload = request.payload === undefined ? "" : String(request.payload);
	return JSON.stringify({
		method: request.method,
		url: request.url.slice(0, 500),
		headers: request.headers,
		payload:
			payload.length > 500
				? `${payload.slice(0, 500)}… (${payload.length} characters)`
				: payload,
	});
}

function addFailure(report: FuzzReport, failure: FuzzFailure): void {
	const key = `${failure.problem} ${failure.operation} ${failure.status}`;
	const seen = report.failures[key];
	if (seen) seen.count += failure.count;
	else report.failures[key] = { ...failure };
}

export function recordFailure(
	report: FuzzReport,
	problem: string,
	operation: string,
	request: FuzzRequest,
	response: LightMyRequestResponse,
): void {
	addFailure(report, {
		problem,
		operation,
		status: response.statusCode,
		count: 1,
		request: describeRequest(request),
		answer: response.body.slice(0, 500),
	});
}

/** The reports of lanes that ran side by side, as one; the time is the wall time of them all. */
export function mergeReports(
	reports: FuzzReport[],
	milliseconds: number,
): FuzzReport {
	const merged = { ...createReport(), milliseconds };
	for (const report of reports) {
		merged.requests += report.requests;
		for (const [status, count] of Object.entries(report.statuses))
			add(merged.statuses, status, count);
		for (const [reason, count] of Object.entries(report.unsendable))
			add(merged.unsendable, reason, count);
		for (const failure of Object.values(report.failures))
			addFailure(merged, failure);
	}
	return merged;
}

/** The lines a run prints: how many requests, how fast, and how many got each status. */
export function describeReport(
	report: FuzzReport,
	database: string,
	seed: number,
): string {
	const seconds = report.milliseconds / 1000;
	const statuses = Object.entries(report.statuses)
		.map(([status, count]) => `${status}: ${count}`)
		.join(", ");
	const unsendable = Object.entries(report.unsendable)
		.map(([reason, count]) => `${count} × ${reason}`)
		.join("; ");
	return [
		`fuzz on ${database}, seed ${seed}: ${report.requests} requests in ${seconds.toFixed(1)} s (${Math.round(report.requests / seconds)}/s)`,
		`statuses: ${statuses}`,
		unsendable && `not sendable: ${unsendable}`,
	]
		.filter(Boolean)
		.join("\n");
}
