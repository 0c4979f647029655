import { isIPv4, isIPv6 } from "node:net";

/** The eight 16-bit groups of an IPv6 address, as numbers (an IPv4 tail becomes the last two). */
function ipv6Groups(address: string): number[] {
	const withoutZone = address.split("%", 1)[0] ?? address;
	let text = withoutZone;
	const ipv4Tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
	if (ipv4Tail) {
		const [a = 0, b = 0, c = 0, d = 0] = ipv4Tail.split(".").map(Number);
		text = `${text.slice(0, -ipv4Tail.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
	}
	const [head = "", tail] = text.split("::");
	const parse = (part: string) =>
		part === ""
			? []
			: part.split(":").map((group) => Number.parseInt(group, 16));
	const start = parse(head);
	if (tail === undefined) return start;
	const end = parse(tail);
	return [
		...start,
		...new Array(8 - start.length - end.length).fill(0),
		...end,
	];
}

/**
 * Whose requests count together in a limit. An IPv4 address is one client, also when it arrives
 * mapped into IPv6 (::ffff:203.0.113.7). An IPv6 client usually holds a whole /64, and picking a new
 * address in it costs nothing, so the /64 counts as one client.
 */
export function clientGroup(address: string): string {
	if (isIPv4(address)) return address;
	if (!isIPv6(address)) return address;
	const groups = ipv6Groups(address);
	const isMappedIPv4 =
		groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
	if (isMappedIPv4) {
		const high = groups[6] ?? 0;
		const low = groups[7] ?? 0;
		return [high >> 8, high & 0xff, low >> 8, low & 0xff].join(".");
	}
	return `${groups
		.slice(0, 4)
		.map((group) => group.toString(16))
		.join(":")}::/64`;
}
