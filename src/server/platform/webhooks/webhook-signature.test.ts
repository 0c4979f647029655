import { expect, test } from "vitest";
import {
	signWebhook,
	verifyWebhook,
	WEBHOOK_TOLERANCE_SECONDS,
} from "./webhook-signature.ts";

const SECRET = "whsec_test_0123456789abcdef";
const BODY = '{"type":"order.paid","data":{"id":"o-1"}}';
const NOW = 1_800_000_000;

test("a delivery signed with the endpoint's secret verifies; the same bytes with another secret or body do not", () => {
	const header = signWebhook(SECRET, NOW, BODY);
	expect(header).toMatch(/^t=1800000000,v1=[0-9a-f]{64}$/);
	expect(verifyWebhook(SECRET, header, BODY, { now: NOW })).toBe(true);
	expect(verifyWebhook("another secret", header, BODY, { now: NOW })).toBe(
		false,
	);
	expect(verifyWebhook(SECRET, header, `${BODY} `, { now: NOW })).toBe(false);
	expect(verifyWebhook(SECRET, undefined, BODY, { now: NOW })).toBe(false);
	expect(verifyWebhook(SECRET, "t=abc,v1=00", BODY, { now: NOW })).toBe(false);
});

test("a signature older than the tolerance is refused, so an old delivery cannot be replayed", () => {
	const header = signWebhook(SECRET, NOW, BODY);
	const late = NOW + WEBHOOK_TOLERANCE_SECONDS + 1;
	expect(verifyWebhook(SECRET, header, BODY, { now: late })).toBe(false);
	expect(
		verifyWebhook(SECRET, header, BODY, {
			now: NOW + WEBHOOK_TOLERANCE_SECONDS,
		}),
	).toBe(true);
});

test("during a secret's rotation a header with two v1 values verifies against either secret", () => {
	const old = signWebhook("old secret", NOW, BODY);
	const fresh = signWebhook(SECRET, NOW, BODY);
	const both = `${fresh},v1=${old.split("v1=")[1]}`;
	expect(verifyWebhook("old secret", both, BODY, { now: NOW })).toBe(true);
	expect(verifyWebhook(SECRET, both, BODY, { now: NOW })).toBe(true);
});
