/**
 * Settings that are fine on a laptop but unsafe for a shop open to customers. With
 * NODE_ENV=production each one stops start-up, all named at once with the fix. They are read
 * from the raw environment, so they are named even when another key is malformed.
 */
export function findUnsafeProductionSettings(
	env: NodeJS.ProcessEnv,
): { key: string; message: string }[] {
	const given = (key: string) => (env[key] === "" ? undefined : env[key]);
	const issues: { key: string; message: string }[] = [];
	const hasStripeKey = [
		"STRIPE_SECRET_KEY",
		"STRIPE_WEBHOOK_SECRET",
		"STRIPE_PUBLISHABLE_KEY",
	].some((key) => given(key) !== undefined);
	// With some Stripe keys but not all, the missing ones are named already.
	if (given("PAYMENTS") === undefined && !hasStripeKey)
		issues.push({
			key: "PAYMENTS",
			message:
				"the test provider takes no money; set the STRIPE_* keys, or PAYMENTS=test to run a demo shop in production",
		});
	if (given("MAIL_TRANSPORT") === undefined && given("SMTP_URL") === undefined)
		issues.push({
			key: "MAIL_TRANSPORT",
			message:
				"mail would only be written to the outbox file in DATA_DIR, and no customer would get it; set SMTP_URL, or MAIL_TRANSPORT=outbox to keep mail in the outbox in production",
		});
	const publicUrl = given("PUBLIC_URL");
	if (publicUrl === undefined)
		issues.push({
			key: "PUBLIC_URL",
			message:
				"must be set in production to the https:// address customers use, e.g. PUBLIC_URL=https://shop.example.com",
		});
	else if (!publicUrl.startsWith("https://"))
		issues.push({
			key: "PUBLIC_URL",
			// Session cookies are marked Secure and HSTS is sent only for an https address.
			message:
				"must start with https:// in production; behind a proxy that ends TLS, set the https:// address customers use",
		});
	if (given("AUTH_SECRET") === undefined)
		issues.push({
			key: "AUTH_SECRET",
			message:
				"must be set in production (at least 32 characters, the same on every instance): openssl rand -hex 32",
		});
	const trustProxy = given("TRUST_PROXY")?.trim();
	// "Every address" however it is written: true, or a range of every IPv4 or IPv6 address.
	const trustsEveryone =
		trustProxy === "true" ||
		(trustProxy ?? "")
			.split(",")
			.some((part) => /^(0\.0\.0\.0|::)\/0$/.test(part.trim()));
	if (trustsEveryone)
		issues.push({
			key: "TRUST_PROXY",
			message:
				"trusting every address believes X-Forwarded-For from anyone, so any client could pick the address its limits count; set the number of proxies in front (e.g. TRUST_PROXY=1) or their addresses and CIDR ranges",
		});
	return issues;
}
