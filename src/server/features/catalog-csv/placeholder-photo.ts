import type { ImageStore } from "../../platform/images/image-store.ts";
import { loadSharp } from "../../platform/images/load-sharp.ts";

/**
 * A plain drawing for a tool that has no photo yet: a light panel with the outline of a picture,
 * no text (it reads the same in any language, and renders the same without fonts).
 */
function placeholderSvg(width: number, height: number): string {
	const unit = width / 800;
	const frame = { x: 300 * unit, y: 200 * unit, w: 200 * unit, h: 160 * unit };
	const stroke = 10 * unit;
	return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<rect width="${width}" height="${height}" fill="#eef1f5"/>
<rect x="${frame.x}" y="${frame.y}" width="${frame.w}" height="${frame.h}" rx="${14 * unit}" fill="none" stroke="#9aa5b4" stroke-width="${stroke}"/>
<circle cx="${frame.x + 55 * unit}" cy="${frame.y + 50 * unit}" r="${18 * unit}" fill="#9aa5b4"/>
<path d="M ${frame.x + 20 * unit} ${frame.y + 135 * unit} L ${frame.x + 80 * unit} ${frame.y + 80 * unit} L ${frame.x + 120 * unit} ${frame.y + 115 * unit} L ${frame.x + 145 * unit} ${frame.y + 95 * unit} L ${frame.x + 180 * unit} ${frame.y + 135 * unit}" fill="none" stroke="#9aa5b4" stroke-width="${stroke}" stroke-linejoin="round" stroke-linecap="round"/>
</svg>`;
}

/**
 * The photo a tool added by an import shows until an admin uploads its own (Edit): the same
 * drawing at the card and purchase-page sizes as an uploaded photo. Images are stored by their
 * bytes, so every import shows, and stores, the one pair.
 */
export async function storePlaceholderPhoto(
	images: ImageStore,
): Promise<{ img: string; img_large: string }> {
	// Loaded only when an import adds tools: libvips is large.
	const sharp = await loadSharp();
	const render = (width: number, height: number) =>
		sharp(Buffer.from(placeholderSvg(width, height)))
			.webp({ quality: 82 })
			.toBuffer();
	return {
		img: await images.putWebp("tool-placeholder", await render(800, 600)),
		img_large: await images.putWebp(
			"tool-placeholder-large",
			await render(1600, 1200),
		),
	};
}
