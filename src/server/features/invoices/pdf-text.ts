import { inflateSync } from "node:zlib";

/**
 * Reads back the text of a PDF this shop writes, as a reader would show it: how the tests check
 * what an invoice says. Embedded fonts write glyph numbers, not letters, so each font's ToUnicode
 * map turns them back into text. Made for the PDFs the library writes (objects with a /Length,
 * Flate-compressed or plain streams, text in TJ arrays of hex strings), not for any PDF.
 */
type PdfObject = { dictionary: string; stream: Buffer | undefined };

function readObjects(pdf: Buffer): Map<number, PdfObject> {
	const text = pdf.toString("latin1");
	const objects = new Map<number, PdfObject>();
	const objectStart = /(\d+) 0 obj\s/g;
	for (
		let match = objectStart.exec(text);
		match;
		match = objectStart.exec(text)
	) {
		const bodyStart = match.index + match[0].length;
		const end = text.indexOf("endobj", bodyStart);
		const streamKeyword = text.indexOf("stream", bodyStart);
		if (streamKeyword === -1 || streamKeyword > end) {
			objects.set(Number(match[1]), {
				dictionary: text.slice(bodyStart, end),
				stream: undefined,
			});
			continue;
		}
		const dictionary = text.slice(bodyStart, streamKeyword);
		const length = Number(/\/Length (\d+)/.exec(dictionary)?.[1]);
		const dataStart =
			streamKeyword + (text.startsWith("stream\r\n", streamKeyword) ? 8 : 7);
		const data = pdf.subarray(dataStart, dataStart + length);
		objects.set(Number(match[1]), {
			dictionary,
			stream: dictionary.includes("/FlateDecode") ? inflateSync(data) : data,
		});
		objectStart.lastIndex = dataStart + length;
	}
	return objects;
}

function decodeUtf16Hex(hex: string): string {
	const units = hex.replace(/\s+/g, "").match(/.{4}/g) ?? [];
	return String.fromCharCode(...units.map((unit) => Number.parseInt(unit, 16)));
}

/** A ToUnicode map: glyph code to text, from its bfrange and bfchar entries. */
function readCmap(cmap: string): Map<number, string> {
	const codes = new Map<number, string>();
	for (const [, start, , targets] of cmap.matchAll(
		/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*\[([^\]]*)\]/g,
	)) {
		const first = Number.parseInt(start ?? "0", 16);
		[...(targets ?? "").matchAll(/<([0-9a-fA-F\s]*)>/g)].forEach(
			([, target], index) => {
				codes.set(first + index, decodeUtf16Hex(target ?? ""));
			},
		);
	}
	for (const [, code, target] of cmap.matchAll(
		/<([0-9a-fA-F]{4})>\s*<([0-9a-fA-F\s]+)>\s*$/gm,
	))
		codes.set(Number.parseInt(code ?? "0", 16), decodeUtf16Hex(target ?? ""));
	return codes;
}

/** The text of every text-showing operator, one line per operator, in the order drawn. */
export function readPdfText(pdf: Buffer): string {
	const objects = readObjects(pdf);
	const cmapsByObject = new Map<number, Map<number, string>>();
	for (const [number, object] of objects) {
		const toUnicode = /\/ToUnicode (\d+) 0 R/.exec(object.dictionary)?.[1];
		const cmap = toUnicode && objects.get(Number(toUnicode))?.stream;
		if (cmap) cmapsByObject.set(number, readCmap(cmap.toString("latin1")));
	}
	const cmapsByName = new Map<string, Map<number, string>>();
	for (const object of objects.values())
		for (const [, name, number] of object.dictionary.matchAll(
			/\/(F\d+) (\d+) 0 R/g,
		)) {
			const cmap = cmapsByObject.get(Number(number));
			if (name && cmap) cmapsByName.set(name, cmap);
		}

	const lines: string[] = [];
	for (const object of objects.values()) {
		const content = object.stream?.toString("latin1");
		if (!content?.includes(" Tf")) continue;
		let cmap: Map<number, string> | undefined;
		for (const [, fontName, array, single] of content.matchAll(
			/\/(F\d+) [\d.]+ Tf|\[((?:<[0-9a-fA-F]*>|[^\]])*)\] TJ|<([0-9a-fA-F]*)> Tj/g,
		)) {
			if (fontName) {
				cmap = cmapsByName.get(fontName);
				continue;
			}
			const hexes = single
				? [single]
				: [...(array ?? "").matchAll(/<([0-9a-fA-F]*)>/g)].map(
						([, hex]) => hex ?? "",
					);
			const glyphs = hexes.join("").match(/.{4}/g) ?? [];
			lines.push(
				glyphs
					.map((glyph) => cmap?.get(Number.parseInt(glyph, 16)) ?? "\uFFFD")
					.join(""),
			);
		}
	}
	return lines.join("\n");
}
