import v8 from "node:v8";

/**
 * The young generation, V8's nursery for new objects, grows when most of what it holds survives
 * a collection. Start-up is exactly that: it builds the routes, schemas and caches the server
 * keeps for its whole life, so V8 grew the nursery to its largest (about 16 MB) before the first
 * request, and kept it long after, nearly empty: a tenth of an idle server's memory
 * (docs/decisions/018-start-up-and-memory.md).
 *
 * Importing this module first holds the nursery at its starting size while the server starts
 * (a growth factor of 1); `releaseYoungGeneration` gives V8 its own growth back once the server
 * listens, so that under load the nursery grows as it always did and throughput is unchanged.
 * An operator who sets the factor on node's command line keeps theirs (Node does not accept it
 * in NODE_OPTIONS).
 */
const FLAG = "semi-space-growth-factor";
/** V8's own factor: the nursery doubles when it grows. */
const V8_GROWTH_FACTOR = 2;

const isSetByOperator = process.execArgv
	.map((argument) => argument.replaceAll("_", "-"))
	.some((argument) => argument.includes(FLAG));

if (!isSetByOperator) v8.setFlagsFromString(`--${FLAG}=1`);

/** From now on the young generation grows as V8 chooses. */
export function releaseYoungGeneration(): void {
	if (!isSetByOperator) v8.setFlagsFromString(`--${FLAG}=${V8_GROWTH_FACTOR}`);
}
