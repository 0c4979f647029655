/** The largest photo or cover the shop accepts: checked in the browser before upload and by the server. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** The declared types a browser offers; the server reads the format from the bytes themselves. */
export const ACCEPTED_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"];

export const IMAGE_TOO_LARGE_MESSAGE = "The image is larger than 10 MiB";
export const IMAGE_TYPE_MESSAGE = "Only JPEG, PNG and WebP images are accepted";
export const IMAGE_LIMITS_HINT = "JPEG, PNG or WebP, up to 10 MiB.";

/** Why a chosen file cannot be uploaded, or undefined when it may be. */
export function checkImageFile(file: {
	size: number;
	type: string;
}): string | undefined {
	if (file.size > MAX_UPLOAD_BYTES) return IMAGE_TOO_LARGE_MESSAGE;
	if (file.type && !ACCEPTED_IMAGE_TYPES.includes(file.type))
		return IMAGE_TYPE_MESSAGE;
	return undefined;
}
