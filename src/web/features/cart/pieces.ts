/** "1 piece", "12 pieces". */
export function formatPieces(pieces: number): string {
	return `${pieces} ${pieces === 1 ? "piece" : "pieces"}`;
}
