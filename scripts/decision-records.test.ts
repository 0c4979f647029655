import fs from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { PROJECT_ROOT } from "../src/server/project-paths.ts";

// Decision records are superseded, never rewritten: the record that replaces part of another says
// "Supersedes … decision NNN" in its Status line, and the replaced record's Status line says it is
// superseded (in part) by that record, with a link to it. This keeps both ends of every such pair.

type DecisionRecord = { file: string; number: string; text: string };

const DECISIONS = path.join(PROJECT_ROOT, "docs", "decisions");

function readRecords(): DecisionRecord[] {
	return fs
		.readdirSync(DECISIONS)
		.filter((file) => /^\d{3}-[a-z0-9-]+\.md$/.test(file))
		.sort()
		.map((file) => ({
			file,
			number: file.slice(0, 3),
			text: fs.readFileSync(path.join(DECISIONS, file), "utf8"),
		}));
}

const statusLinesOf = (record: DecisionRecord) =>
	record.text.split("\n").filter((line) => line.startsWith("Status:"));

/** The Status line's sentences; a link's `.md` does not end one. */
const sentencesOf = (status: string) =>
	status
		.replace(/^Status:\s*/, "")
		.split(/\.(?:\s+|$)/)
		.map((sentence) => sentence.trim())
		.filter(Boolean);

/** What each record's Status line says: whom it supersedes, and which records it says supersede it. */
function readStatuses(records: DecisionRecord[]) {
	return records.map((record) => {
		const sentences = sentencesOf(statusLinesOf(record)[0] ?? "");
		const supersedes = sentences
			.filter((sentence) => /^Supersedes\b/.test(sentence))
			.flatMap((sentence) => [...sentence.matchAll(/\b\d{3}\b/g)])
			.map((match) => match[0]);
		const supersededBy = sentences
			.filter((sentence) => /^Superseded\b/.test(sentence))
			.flatMap((sentence) => [
				...sentence.matchAll(/\]\((\d{3}-[a-z0-9-]+\.md)\)/g),
			])
			.map((match) => match[1] ?? "");
		return { record, supersedes, supersededBy };
	});
}

/** Every way the records' Status lines disagree with each other, as readable lines. */
function findDishonestStatuses(records: DecisionRecord[]): string[] {
	const problems: string[] = [];
	const byNumber = new Map(records.map((record) => [record.number, record]));
	const files = new Set(records.map((record) => record.file));
	const statuses = readStatuses(records);
	for (const record of records)
		if (statusLinesOf(record).length !== 1)
			problems.push(`${record.file} has no single Status line`);
	for (const { record, supersedes } of statuses)
		for (const number of supersedes) {
			const replaced = byNumber.get(number);
			if (!replaced) {
				problems.push(
					`${record.file} supersedes ${number}, which no record has`,
				);
				continue;
			}
			const replacedStatus = statuses.find(
				(status) => status.record === replaced,
			);
			if (!replacedStatus?.supersededBy.includes(record.file))
				problems.push(
					`${replaced.file} does not say it is superseded by [decision ${record.number}](${record.file})`,
				);
		}
	for (const { record, supersededBy } of statuses)
		for (const file of supersededBy) {
			const claimant = statuses.find((status) => status.record.file === file);
			if (!files.has(file))
				problems.push(`${record.file} links ${file}, which does not exist`);
			else if (!claimant?.supersedes.includes(record.number))
				problems.push(
					`${record.file} says ${file} supersedes it, but ${file} does not say so`,
				);
		}
	return problems;
}

const withStatus = (
	records: DecisionRecord[],
	number: string,
	status: string,
): DecisionRecord[] =>
	records.map((record) =>
		record.number === number
			? { ...record, text: record.text.replace(/^Status:.*$/m, status) }
			: record,
	);

test("every decision record's status agrees with the records that supersede it", () => {
	expect(findDishonestStatuses(readRecords())).toEqual([]);
});

test("decision 006 says that decision 009 superseded its single version row", () => {
	const [status] = statusLinesOf(
		readRecords().find((record) => record.number === "006") ?? {
			file: "",
			number: "",
			text: "",
		},
	);
	expect(status).toMatch(
		/^Status: .*Superseded in part by .*\]\(009-orders\.md\)/,
	);
});

test("a superseded record whose status still says only Accepted is caught", () => {
	const records = withStatus(readRecords(), "006", "Status: Accepted");
	expect(findDishonestStatuses(records)).toContain(
		"006-catalog-list-cache.md does not say it is superseded by [decision 009](009-orders.md)",
	);
});

test("a record claiming to be superseded by one that does not say so is caught", () => {
	const records = withStatus(
		readRecords(),
		"003",
		"Status: Accepted. Superseded in part by [decision 010](010-reviews.md).",
	);
	expect(findDishonestStatuses(records)).toEqual([
		"003-database.md says 010-reviews.md supersedes it, but 010-reviews.md does not say so",
	]);
});
