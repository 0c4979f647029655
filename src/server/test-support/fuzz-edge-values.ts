import type { Random } from "./fuzz-random.ts";
import type { KnownValues } from "./fuzz-values.ts";

/** Strings that have tripped parsers, databases, URL handling or rendering somewhere. */
export const ODD_STRINGS: readonly string[] = [
	"",
	" ",
	"\t\r\n",
	"null",
	"undefined",
	"NaN",
	"Infinity",
	"-1",
	"0",
	"-0",
	"1e309",
	"0x1f",
	"1_000",
	"１２３",
	"٣",
	"true",
	"[]",
	"{}",
	"' OR '1'='1' --",
	'"; drop table tools; --',
	"%",
	"%00",
	"%E0%A4%A",
	"%2e%2e%2f",
	"\u0000",
	"a\u0000b",
	"\u202eabc\u202c",
	"\u200b\u200d\ufeff",
	"e\u0301\u0301\u0301",
	"👍🏽👨‍👩‍👧",
	"𝕏𝔂𝕫",
	"\ud800",
	"x\udfffy",
	"\uffff\ufffe",
	"<script>alert(1)</script>",
	"../../../../etc/passwd",
	"..\\..\\windows",
	"$" + "{jndi:ldap://x}",
	"{{7*7}}",
	"__proto__",
	"constructor",
	"prototype",
	"toString",
	"2026-02-30",
	"9999-12-31T23:59:59.999Z",
	"-000001-01-01T00:00:00Z",
	"00000000-0000-0000-0000-000000000000",
	"ffffffff-ffff-ffff-ffff-ffffffffffff",
	"AAAAAAAA-BBBB-4CCC-8DDD-EEEEEEEEEEEE",
	"12345678-1234-1234-1234-1234567890ab",
	"not-a-uuid",
	"a@b",
	"@example.com",
	"x@example..com",
	"javascript:alert(1)",
	"//evil.example/path",
	"http://evil.example/",
	"/relative/path?x=1#y",
];

export const ODD_NUMBERS: readonly number[] = [
	0,
	-0,
	-1,
	1,
	0.5,
	-1.5,
	1e-7,
	2 ** 31 - 1,
	2 ** 31,
	2 ** 32,
	Number.MAX_SAFE_INTEGER,
	Number.MAX_SAFE_INTEGER + 2,
	-Number.MAX_SAFE_INTEGER,
	1e21,
	1.7976931348623157e308,
	-1.7976931348623157e308,
	Number.MIN_VALUE,
];

const LETTERS =
	"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 ";

export function plainText(random: Random, length: number): string {
	let text = "";
	for (let index = 0; index < length; index++)
		text += LETTERS[random.int(0, LETTERS.length - 1)];
	return text;
}

/** A string of any code units at all, lone surrogates and controls included. */
export function anyText(random: Random, length: number): string {
	let text = "";
	for (let index = 0; index < length; index++)
		text += String.fromCharCode(
			random.chance(0.7) ? random.int(0x20, 0x7e) : random.int(0, 0xffff),
		);
	return text;
}

/** One of the odd strings, random code units, a known id in capitals, or a very long text. */
export function oddString(random: Random, known: KnownValues): string {
	const roll = random.next();
	if (roll < 0.55) return random.pick(ODD_STRINGS);
	if (roll < 0.7) return anyText(random, random.int(1, 40));
	if (roll < 0.8) return random.pick(known.ids).toUpperCase();
	if (roll < 0.9) return plainText(random, random.pick([255, 256, 1025, 5001]));
	return "x".repeat(random.pick([20_000, 100_000]));
}

/** Any JSON value, of any type, sometimes nested. */
export function anyJson(
	random: Random,
	known: KnownValues,
	depth = 0,
): unknown {
	const roll = random.next();
	if (roll < 0.15) return null;
	if (roll < 0.25) return random.chance(0.5);
	if (roll < 0.45) return random.pick(ODD_NUMBERS);
	if (roll < 0.7) return oddString(random, known);
	if (depth > 3) return [];
	if (roll < 0.85)
		return Array.from({ length: random.int(0, 3) }, () =>
			anyJson(random, known, depth + 1),
		);
	return Object.fromEntries(
		Array.from({ length: random.int(0, 3) }, () => [
			random.pick(["a", "id", "__proto__x", "", "constructor", "😀"]),
			anyJson(random, known, depth + 1),
		]),
	);
}

/** Arrays or objects nested `levels` deep, around a small value. */
export function nested(random: Random, levels: number): unknown {
	let value: unknown = random.pick([1, "x", null, {}]);
	for (let level = 0; level < levels; level++)
		value = random.chance(0.5) ? [value] : { a: value };
	return value;
}
