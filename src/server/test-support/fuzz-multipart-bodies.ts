import { anyText, oddString } from "./fuzz-edge-values.ts";
import type { FuzzBody } from "./fuzz-json-bodies.ts";
import type { FuzzContext } from "./fuzz-mutations.ts";
import type { Random } from "./fuzz-random.ts";

/** An upload route's form: text fields with values it takes, and the field of its one image. */
export type UploadForm = { fields: Record<string, string>; fileField: string };

type Part = { headers: string; body: Buffer };

function fieldPart(name: string, value: string, extraHeaders = ""): Part {
	return {
		headers: `Content-Disposition: form-data; name="${name}"${extraHeaders}`,
		body: Buffer.from(value),
	};
}

function filePart(name: string, bytes: Buffer, random: Random): Part {
	const fileName = random.pick([
		"a.png",
		"../../x.png",
		"😀.png",
		"",
		'a".png',
		"x".repeat(300),
	]);
	const type = random.pick([
		"image/png",
		"image/jpeg",
		"text/html",
		"application/json",
		"",
	]);
	return {
		headers: `Content-Disposition: form-data; name="${name}"; filename="${fileName}"\r\nContent-Type: ${type}`,
		body: bytes,
	};
}

function imageBytes(png: Buffer, random: Random): Buffer {
	return random.pick([
		() => png,
		() => png.subarray(0, random.int(1, png.length - 1)),
		() => Buffer.from(anyText(random, random.int(0, 200))),
		() => Buffer.alloc(0),
		() => Buffer.concat([Buffer.from("RIFF\0\0\0\0WEBP"), Buffer.alloc(20)]),
		() => Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]),
	])();
}

/** A multipart form for an upload route: its fields and image, with things wrong in either. */
export function multipartBody(
	form: UploadForm,
	png: Buffer,
	context: FuzzContext,
): FuzzBody {
	const { random, known } = context;
	const boundary = `----fuzz${random.int(0, 1e9)}`;
	const parts: Part[] = [];
	for (const [name, value] of Object.entries(form.fields))
		if (random.chance(0.85))
			parts.push(
				fieldPart(
					name,
					random.chance(0.75)
						? value
						: oddString(random, known).slice(0, 20_000),
				),
			);
	const roll = random.next();
	if (roll < 0.6)
		parts.push(filePart(form.fileField, imageBytes(png, random), random));
	else if (roll < 0.7)
		parts.push(
			filePart(
				random.pick(["file", "photo", "image", "cover", "tool_name"]),
				png,
				random,
			),
		);
	else if (roll < 0.8)
		parts.push(
			filePart(form.fileField, png, random),
			filePart(form.fileField, png, random),
		);
	if (random.chance(0.05))
		parts.push(
			fieldPart("bio", "{not json", "\r\nContent-Type: application/json"),
		);
	if (random.chance(0.05))
		parts.push(
			fieldPart(
				random.pick(["__proto__", "constructor", "hasOwnProperty"]),
				"x",
			),
		);
	if (random.chance(0.03))
		for (let index = 0; index < 14; index++)
			parts.push(fieldPart(`f${index}`, "x"));
	if (random.chance(0.03))
		parts.push(fieldPart("description", "z".repeat(17 * 1024)));
	if (random.chance(0.03))
		parts.push({
			headers: "Content-Disposition: form-data",
			body: Buffer.from("nameless"),
		});
	for (let index = parts.length - 1; index > 0; index--)
		if (random.chance(0.1)) {
			const other = random.int(0, index);
			[parts[index], parts[other]] = [
				parts[other] as Part,
				parts[index] as Part,
			];
		}
	const whole = Buffer.concat([
		...parts.flatMap((part) => [
			Buffer.from(`--${boundary}\r\n${part.headers}\r\n\r\n`),
			part.body,
			Buffer.from("\r\n"),
		]),
		Buffer.from(`--${boundary}--\r\n`),
	]);
	return mutateMultipart(whole, boundary, random);
}

function mutateMultipart(
	whole: Buffer,
	boundary: string,
	random: Random,
): FuzzBody {
	const contentType = `multipart/form-data; boundary=${boundary}`;
	if (random.chance(0.7)) return { payload: whole, contentType };
	return random.pick([
		() => ({
			payload: whole.subarray(0, random.int(0, whole.length - 1)),
			contentType,
		}),
		() => ({
			payload: whole.subarray(0, whole.length - boundary.length - 6),
			contentType,
		}),
		() => ({ payload: whole, contentType: "multipart/form-data" }),
		() => ({ payload: whole, contentType: "multipart/form-data; boundary=" }),
		() => ({
			payload: whole,
			contentType: "multipart/form-data; boundary=other",
		}),
		() => ({
			payload: whole,
			contentType: `multipart/form-data; boundary="${boundary}"`,
		}),
		() => ({
			payload: whole,
			contentType: `multipart/form-data; boundary=${boundary}; boundary=x`,
		}),
		() => ({
			payload: whole,
			contentType: `multipart/mixed; boundary=${boundary}`,
		}),
		() => ({ payload: Buffer.alloc(0), contentType }),
		() => ({ payload: Buffer.from(anyText(random, 100)), contentType }),
		() => ({ payload: whole, contentType: "application/json" }),
		() => ({
			payload: whole.toString("latin1").replaceAll("\r\n", "\n"),
			contentType,
		}),
	])();
}
