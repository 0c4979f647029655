import { createRequire } from "node:module";

const requireFromHere = createRequire(import.meta.url);

/**
 * A package loaded on its first use instead of when the server starts, for packages most starts
 * never need (a payment client, a CSV reader, a database driver the shop is not configured for).
 * Required, not imported: the server's bundle hoists every static import to its top, where it
 * would load at start, and a require keeps the callers synchronous. The package is listed among
 * the bundle's externals (scripts/build.ts) so that it is read from node_modules when first used.
 */
export function lazyPackage<Package>(name: string): () => Package {
	let loaded: Package | undefined;
	return () => {
		loaded ??= requireFromHere(name) as Package;
		return loaded;
	};
}
