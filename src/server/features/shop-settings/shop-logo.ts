import { loadSharp } from "../../platform/images/load-sharp.ts";
import type { ImageSize } from "../../platform/images/process-upload.ts";

/**
 * The largest logo kept, in pixels: sharp in the footer and on a printed invoice (where it is at
 * most 170 × 60 points), and small enough to put into every invoice's PDF.
 */
export const LOGO_MAX_WIDTH = 800;
export const LOGO_MAX_HEIGHT = 400;

const LOGO_BOX: ImageSize = {
	width: LOGO_MAX_WIDTH,
	height: LOGO_MAX_HEIGHT,
	withoutEnlargement: true,
};

/**
 * The size to keep an uploaded logo at: its own proportions, within the box above, never blown
 * up. The image pipeline crops to the size it is given, and a logo must not lose its edges, so
 * the size carries the logo's proportions. Only the image's header is read here; bytes that are
 * no image get the box, and the pipeline then refuses them with its own reason.
 */
export async function logoSizeOf(bytes: Buffer): Promise<ImageSize> {
	let width: number | undefined;
	let height: number | undefined;
	let orientation: number | undefined;
	const sharp = await loadSharp();
	try {
		({ width, height, orientation } = await sharp(bytes).metadata());
	} catch {
		return LOGO_BOX;
	}
	if (!width || !height) return LOGO_BOX;
	// EXIF orientations 5 to 8 turn the picture a quarter; the pipeline stands it upright first.
	if ((orientation ?? 1) >= 5) [width, height] = [height, width];
	const scale = Math.min(1, LOGO_MAX_WIDTH / width, LOGO_MAX_HEIGHT / height);
	return {
		width: Math.max(1, Math.round(width * scale)),
		height: Math.max(1, Math.round(height * scale)),
		withoutEnlargement: true,
	};
}
