/**
 * A signal that aborts a request after `timeoutMs`, or as soon as the caller's own signal does.
 * Written out rather than `AbortSignal.any([signal, AbortSignal.timeout(ms)])`: browsers from
 * before 2024 lack `AbortSignal.any`, and a plain timer tells a time-out apart from the caller's
 * abort. `stop` must be called once the answer is read.
 */
export function startRequestTimer(
	timeoutMs: number,
	callerSignal?: AbortSignal,
): { signal: AbortSignal; hasTimedOut: () => boolean; stop: () => void } {
	const controller = new AbortController();
	let hasTimedOut = false;
	const abortWithCaller = () => controller.abort(callerSignal?.reason);
	if (callerSignal?.aborted) abortWithCaller();
	else callerSignal?.addEventListener("abort", abortWithCaller, { once: true });
	const timer = setTimeout(() => {
		hasTimedOut = true;
		controller.abort(
			new DOMException("The shop did not answer in time.", "TimeoutError"),
		);
	}, timeoutMs);
	return {
		signal: controller.signal,
		hasTimedOut: () => hasTimedOut,
		stop: () => {
			clearTimeout(timer);
			callerSignal?.removeEventListener("abort", abortWithCaller);
		},
	};
}
