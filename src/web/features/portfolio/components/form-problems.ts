/**
 * Every message in a part of react-hook-form's errors, in form order. Inside a list each is named
 * by its entry ("Project 2: Outcome is required"), as the error summary under a list says it.
 */
export function messagesIn(error: unknown, itemName?: string): string[] {
	const messages: string[] = [];
	const visit = (node: unknown, index: number | undefined) => {
		if (!node || typeof node !== "object") return;
		const { message } = node as { message?: unknown };
		if (typeof message === "string" && message)
			messages.push(
				itemName && index !== undefined
					? `${itemName} ${index + 1}: ${message}`
					: message,
			);
		for (const [key, child] of Object.entries(node)) {
			// `ref` is the field's element; the rest describe the message already taken.
			if (["ref", "message", "type", "types"].includes(key)) continue;
			visit(child, index ?? (/^\d+$/.test(key) ? Number(key) : undefined));
		}
	};
	visit(error, undefined);
	return [...new Set(messages)];
}

/** The first message of a field whose value is a list (a list's own, or one of its items'). */
export function firstMessageIn(error: unknown): string | undefined {
	return messagesIn(error)[0];
}
