import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import { BlockList, isIP, type LookupFunction } from "node:net";

/** How long a receiver has to answer a delivery. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** What of a receiver's answer is read: its status counts, its body is not kept. */
const ANSWER_READ_MAX_BYTES = 64 * 1024;

/** How one try went: the receiver's status, or why there was none, and how long it took. */
export type SendOutcome = {
	statusCode: number | null;
	error: string | null;
	durationMs: number;
};

/**
 * Addresses the shop does not send to unless told it may (WEBHOOKS_TO_PRIVATE_ADDRESSES): its own
 * machine, private networks, link-local (cloud metadata services) and the like. A webhook URL an
 * admin (or whoever took over an admin's account) enters must not make the shop reach inside.
 */
const PRIVATE_ADDRESSES = (() => {
	const list = new BlockList();
	for (const [network, prefix] of [
		["0.0.0.0", 8],
		["10.0.0.0", 8],
		["100.64.0.0", 10],
		["127.0.0.0", 8],
		["169.254.0.0", 16],
		["172.16.0.0", 12],
		["192.0.0.0", 24],
		["192.168.0.0", 16],
		["198.18.0.0", 15],
		["224.0.0.0", 3],
	] as const)
		list.addSubnet(network, prefix, "ipv4");
	for (const [network, prefix] of [
		["::", 128],
		["::1", 128],
		["fc00::", 7],
		["fe80::", 10],
		["ff00::", 8],
	] as const)
		list.addSubnet(network, prefix, "ipv6");
	return list;
})();

/** Whether an IP address is one of the shop's own, a private network's or otherwise not public. */
export function isPrivateAddress(address: string): boolean {
	const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
	if (mapped) return isPrivateAddress(mapped);
	const family = isIP(address);
	if (family === 0) return false;
	return PRIVATE_ADDRESSES.check(address, family === 4 ? "ipv4" : "ipv6");
}

/** The host of a URL as an address, when it is one: "[::1]" → "::1". */
function literalAddress(hostname: string): string | undefined {
	const bare = hostname.replace(/^\[(.*)\]$/, "$1");
	return isIP(bare) === 0 ? undefined : bare;
}

/** Why a URL may not be sent to, when its host is a private address written out; else undefined. */
export function refusedAddressOf(url: string): string | undefined {
	const address = literalAddress(new URL(url).hostname);
	return address && isPrivateAddress(address)
		? "URL points to a private or local address, which the shop does not send to"
		: undefined;
}

/**
 * The DNS lookup of a delivery's connection, refusing a name that resolves to a private address:
 * checked on the address the socket connects to, so a name cannot pass a check and then point
 * elsewhere.
 */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
	dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
		if (error) return callback(error, "", 0);
		const found = addresses as dns.LookupAddress[];
		const refused = found.find((entry) => isPrivateAddress(entry.address));
		if (refused || found.length === 0)
			return callback(
				Object.assign(
					new Error(
						`${hostname} resolves to a private or local address, which the shop does not send to`,
					),
					{ code: "EPRIVATE" },
				),
				"",
				0,
			);
		if (options.all) return callback(null, found);
		const [first] = found;
		callback(null, first?.address ?? "", first?.family ?? 4);
	});
};

/**
 * POSTs a delivery's JSON to its endpoint and says how it went; never throws. Only a 2xx answer
 * counts as delivered (a redirect is not followed). Private addresses are refused unless
 * `allowsPrivateAddresses`.
 */
export function postWebhook(
	url: string,
	body: string,
	headers: Record<string, string>,
	{
		allowsPrivateAddresses,
		timeoutMs = WEBHOOK_TIMEOUT_MS,
	}: { allowsPrivateAddresses: boolean; timeoutMs?: number },
): Promise<SendOutcome> {
	const startedAt = performance.now();
	const outcome = (statusCode: number | null, error: string | null) => ({
		statusCode,
		error,
		durationMs: Math.round(performance.now() - startedAt),
	});
	return new Promise((resolve) => {
		let target: URL;
		try {
			target = new URL(url);
		} catch {
			resolve(outcome(null, "The URL is not valid"));
			return;
		}
		if (!allowsPrivateAddresses) {
			const refused = refusedAddressOf(url);
			if (refused) {
				resolve(outcome(null, refused));
				return;
			}
		}
		const client = target.protocol === "https:" ? https : http;
		const request = client.request(
			target,
			{
				method: "POST",
				headers: {
					...headers,
					"content-type": "application/json",
					"content-length": String(Buffer.byteLength(body)),
					"user-agent": "ToolsGallery-Webhooks/1",
				},
				...(allowsPrivateAddresses ? {} : { lookup: publicOnlyLookup }),
				timeout: timeoutMs,
			},
			(response) => {
				let read = 0;
				response.on("data", (chunk: Buffer) => {
					read += chunk.length;
					if (read > ANSWER_READ_MAX_BYTES) response.destroy();
				});
				const done = () => {
					const status = response.statusCode ?? 0;
					resolve(
						outcome(
							status,
							status >= 200 && status < 300
								? null
								: `The receiver answered ${status}`,
						),
					);
				};
				response.on("end", done);
				response.on("close", done);
			},
		);
		request.on("timeout", () =>
			request.destroy(
				new Error(`No answer within ${Math.round(timeoutMs / 1000)} s`),
			),
		);
		request.on("error", (error) => resolve(outcome(null, error.message)));
		request.end(body);
	});
}
