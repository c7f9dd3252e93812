/**
 * An operation's deadline (the engine's `customTimeouts` for a create, update or delete, plugin face): every request
 * the operation makes, through whichever client, sees it without being handed it, so the resource kinds need no
 * parameter for it. Held in an AsyncLocalStorage: the value belongs to the async chain of the one operation that set
 * it (two operations at once each see their own, and nothing is left once it ends), so it is no state of the module.
 * The transport stops at the deadline: it abandons the request in flight (its abort signal), sends no retry and no
 * reconciling lookup, and fails with the deadline's error.
 */
import { AsyncLocalStorage } from "node:async_hooks";

/** The error of an operation that ran past its deadline: the message names the timeout. */
export class DeadlineExceededError extends Error {
    constructor(message: string) {
        super(message);
        this.name = "DeadlineExceededError";
    }
}

const current = new AsyncLocalStorage<AbortSignal>();

/** The running operation's deadline, aborted once it has passed; undefined outside one. */
export function deadlineSignal(): AbortSignal | undefined {
    return current.getStore();
}

/**
 * Runs `operation` under a deadline `ms` from now: when it passes, the operation's requests are abandoned and the
 * answer is `error()` at once, whatever the operation is waiting for (a request, a retry's pause, the rate budget).
 * `ms` of 0 or less, or not finite, sets none.
 */
export async function withDeadline<T>(ms: number, error: () => DeadlineExceededError, operation: () => Promise<T>): Promise<T> {
    if (!(ms > 0) || !Number.isFinite(ms)) return operation();
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
            const reason = error();
            controller.abort(reason);
            reject(reason);
        }, ms);
    });
    try {
        const running = current.run(controller.signal, operation);
        // The operation's own failure after the deadline is not the answer (the deadline's is): kept from being unhandled.
        running.catch(() => undefined);
        return await Promise.race([running, expired]);
    } finally {
        clearTimeout(timer);
    }
}
