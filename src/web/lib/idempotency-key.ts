import { useMutation } from "@tanstack/react-query";
import { useCallback, useRef } from "react";
import {
	IDEMPOTENCY_KEY_HEADER,
	type Order,
	OrderSchema,
} from "../../shared/orders.schemas.ts";
import { ApiError, apiSend, isAnswerLost } from "./api-client.ts";

/**
 * A new Idempotency-Key, one per intended order: sent again with every retry of the same order,
 * so the shop answers with the order it already placed instead of placing a second.
 * `crypto.randomUUID` needs a secure context; random bytes do not.
 */
export function newIdempotencyKey(): string {
	if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
	return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
		byte.toString(16).padStart(2, "0"),
	).join("");
}

/** Worth sending again with the same key: no answer came, or the shop failed on its side. */
const isWorthRetrying = (error: unknown) =>
	isAnswerLost(error) || (error instanceof ApiError && error.status >= 500);

/**
 * Places orders through `path` with one Idempotency-Key per intended order (the same input): the
 * key is kept until that order is placed or a different one is asked for. A lost answer is retried
 * twice by itself, and the customer's own retry reuses the key too, so the shop answers with the
 * order it already placed instead of placing a second. When the answer stays lost, the error says
 * so (`isAnswerLost`): the order may exist. `onSettled` runs after every answer, refusals too.
 */
export function useIdempotentOrder<Input extends object>(
	path: string,
	onSettled: () => unknown,
) {
	const intended = useRef<{ input: string; key: string }>(undefined);
	const { mutateAsync, isPending } = useMutation({
		mutationFn: ({
			input,
			idempotencyKey,
		}: {
			input: Input;
			idempotencyKey: string;
		}) =>
			apiSend("POST", path, input, OrderSchema, {
				[IDEMPOTENCY_KEY_HEADER]: idempotencyKey,
			}),
		retry: (failureCount, error) => failureCount < 2 && isWorthRetrying(error),
		retryDelay: (attempt) => 1000 * 2 ** attempt,
		onSettled,
	});
	const send = useCallback(
		async (input: Input): Promise<Order> => {
			const fingerprint = JSON.stringify(input);
			if (intended.current?.input !== fingerprint)
				intended.current = { input: fingerprint, key: newIdempotencyKey() };
			const order = await mutateAsync({
				input,
				idempotencyKey: intended.current.key,
			});
			intended.current = undefined;
			return order;
		},
		[mutateAsync],
	);
	return { send, isPending };
}
