import { AppError } from "../http/errors.ts";
import { loadSharp } from "./load-sharp.ts";

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** 40 megapixels: any camera photo, but not a decompression bomb. */
export const MAX_UPLOAD_PIXELS = 40_000_000;
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp"]);

export class ImageRejectedError extends AppError {
	constructor(message: string) {
		super(400, "VALIDATION_FAILED", message);
	}
}

/** The format the bytes themselves announce; the declared type and the file name are ignored. */
function sniffFormat(bytes: Buffer): "jpeg" | "png" | "webp" | undefined {
	if (
		bytes.length >= 3 &&
		bytes[0] === 0xff &&
		bytes[1] === 0xd8 &&
		bytes[2] === 0xff
	)
		return "jpeg";
	if (
		bytes.length >= 8 &&
		bytes
			.subarray(0, 8)
			.equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
	)
		return "png";
	if (
		bytes.length >= 12 &&
		bytes.subarray(0, 4).toString("latin1") === "RIFF" &&
		bytes.subarray(8, 12).toString("latin1") === "WEBP"
	)
		return "webp";
	return undefined;
}

export type ImageSize = {
	width: number;
	height: number;
	/** A smaller upload is kept at its own size instead of being blown up to this one. */
	withoutEnlargement?: boolean;
};

/** Seconds a client refused for a full decode queue is told to wait: a few decodes' time. */
export const DECODE_RETRY_AFTER_SECONDS = 5;

export class DecodeQueueFullError extends AppError {
	override readonly headers = {
		"retry-after": String(DECODE_RETRY_AFTER_SECONDS),
	};

	constructor() {
		super(
			503,
			"SERVICE_UNAVAILABLE",
			`Too many images are being processed right now. Try again in ${DECODE_RETRY_AFTER_SECONDS} seconds.`,
		);
	}
}

export type DecodeQueue = {
	/** Runs `work` in a free slot, after the uploads already waiting; a 503 when the wait is full. */
	run<T>(work: () => Promise<T>): Promise<T>;
};

export function createDecodeQueue({
	running: maxRunning,
	waiting: maxWaiting,
}: {
	running: number;
	waiting: number;
}): DecodeQueue {
	let running = 0;
	const waiting: (() => void)[] = [];
	return {
		async run(work) {
			if (running >= maxRunning) {
				if (waiting.length >= maxWaiting) throw new DecodeQueueFullError();
				await new Promise<void>((resolve) => waiting.push(resolve));
			} else running++;
			try {
				return await work();
			} finally {
				const next = waiting.shift();
				if (next) next();
				else running--;
			}
		},
	};
}

/**
 * Decoding holds the whole picture in memory (up to MAX_UPLOAD_PIXELS × 4 bytes): two run at once
 * and at most eight uploads (each up to MAX_UPLOAD_BYTES, already read) wait their turn; beyond
 * that the upload is refused with a 503, so a burst of uploads cannot exhaust memory.
 */
export const imageDecodes = createDecodeQueue({ running: 2, waiting: 8 });

/**
 * Judges an uploaded image by its bytes, then re-encodes it to WebP at each of the given sizes,
 * which drops metadata and anything hidden after the picture. Refuses with a 400 what is not a
 * whole JPEG, PNG or WebP within the limits, and with a 503 when the decode queue is full.
 */
export async function processUploadedImage(
	bytes: Buffer,
	sizes: readonly ImageSize[],
): Promise<Buffer[]> {
	if (bytes.length === 0)
		throw new ImageRejectedError("The image file is empty");
	if (bytes.length > MAX_UPLOAD_BYTES)
		throw new ImageRejectedError("The image is larger than 10 MiB");
	const sniffed = sniffFormat(bytes);
	if (!sniffed)
		throw new ImageRejectedError("Only JPEG, PNG and WebP images are accepted");
	return imageDecodes.run(() => reencode(bytes, sniffed, sizes));
}

/** Decodes the image once and encodes it at each size; any failure of the decoder is a 400. */
async function reencode(
	bytes: Buffer,
	sniffed: "jpeg" | "png" | "webp",
	sizes: readonly ImageSize[],
): Promise<Buffer[]> {
	const sharp = await loadSharp();
	try {
		const image = sharp(bytes, {
			limitInputPixels: MAX_UPLOAD_PIXELS,
			failOn: "truncated",
		});
		const metadata = await image.metadata();
		if (
			!metadata.format ||
			!ACCEPTED_FORMATS.has(metadata.format) ||
			metadata.format !== sniffed
		)
			throw new ImageRejectedError(
				"Only JPEG, PNG and WebP images are accepted",
			);
		const outputs: Buffer[] = [];
		for (const size of sizes)
			outputs.push(
				await image
					.clone()
					.rotate()
					.resize(size.width, size.height, {
						fit: "cover",
						withoutEnlargement: size.withoutEnlargement ?? false,
					})
					.webp({ quality: 82 })
					.toBuffer(),
			);
		return outputs;
	} catch (error) {
		if (error instanceof ImageRejectedError) throw error;
		const message = error instanceof Error ? error.message : "";
		if (/pixel limit/i.test(message))
			throw new ImageRejectedError(
				"The image has too many pixels (40 megapixels at most)",
			);
		throw new ImageRejectedError("The image is damaged or incomplete");
	}
}
