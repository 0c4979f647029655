/**
 * Whose cart a page works on: a visitor's lives in the browser, a signed-in customer's on the
 * server. Undefined while the session is not known yet: nothing can be changed then.
 */
export type CartOwner = "visitor" | "customer";

/** The owner for a session's status ("signed-in", "signed-out", "loading", "error"). */
export function cartOwnerOf(sessionStatus: string): CartOwner | undefined {
	if (sessionStatus === "signed-in") return "customer";
	if (sessionStatus === "signed-out") return "visitor";
	return undefined;
}
