import { createHmac, timingSafeEqual } from "node:crypto";

/** The header a delivery is signed in: `t={unix seconds},v1={hex HMAC-SHA256}`. */
export const WEBHOOK_SIGNATURE_HEADER = "tools-gallery-signature";
/** How old a signed delivery a receiver should still accept, by default. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * The signature of a delivery sent at `timestamp` (unix seconds): HMAC-SHA256 keyed with the
 * endpoint's secret over `{timestamp}.{body}`, so a receiver can tell the body is the shop's and
 * that it was sent just now (a replayed old delivery fails the time check).
 */
export function signWebhook(
	secret: string,
	timestamp: number,
	body: string,
): string {
	const mac = createHmac("sha256", secret)
		.update(`${timestamp}.${body}`)
		.digest("hex");
	return `t=${timestamp},v1=${mac}`;
}

/**
 * What a receiver does with a delivery (docs/api.md shows it in a few lines): read `t` and every
 * `v1` from the header, recompute the HMAC over `{t}.{raw body}` with the endpoint's secret,
 * compare in constant time, and refuse a `t` further than `toleranceSeconds` from now.
 */
export function verifyWebhook(
	secret: string,
	header: string | undefined,
	body: string,
	{
		now = Math.floor(Date.now() / 1000),
		toleranceSeconds = WEBHOOK_TOLERANCE_SECONDS,
	}: { now?: number; toleranceSeconds?: number } = {},
): boolean {
	if (!header) return false;
	const parts = header.split(",").map((part) => part.trim().split("="));
	const timestamp = Number(parts.find(([name]) => name === "t")?.[1]);
	if (!Number.isSafeInteger(timestamp)) return false;
	if (Math.abs(now - timestamp) > toleranceSeconds) return false;
	const expected = Buffer.from(
		signWebhook(secret, timestamp, body).split("v1=")[1] ?? "",
		"hex",
	);
	return parts
		.filter(([name]) => name === "v1")
		.some(([, value]) => {
			const given = Buffer.from(value ?? "", "hex");
			return (
				given.length === expected.length && timingSafeEqual(given, expected)
			);
		});
}
