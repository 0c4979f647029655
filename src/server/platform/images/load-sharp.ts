type SharpFactory = typeof import("sharp")["default"];

let loading: Promise<SharpFactory> | undefined;

/**
 * sharp, loaded when the first image is processed rather than when the server starts: libvips
 * costs about 30 MB of memory and 150 ms of start-up, and most starts process no image.
 *
 * Its operation cache is turned off: the server sees each upload once, so a cache of decoded
 * images (up to 50 MB by default) would only hold memory after the work is done.
 */
export function loadSharp(): Promise<SharpFactory> {
	loading ??= import("sharp").then(({ default: sharp }) => {
		sharp.cache(false);
		return sharp;
	});
	return loading;
}
