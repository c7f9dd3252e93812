/**
 * When to try a request again, and how long to wait first: two small pure functions, each rule
 * with its reason, so they can be tested without a network.
 */
import { ApiError, NetworkError, RateLimitedError, ServerError, TimeoutError } from "./errors";

/** Statuses worth another attempt: overload and gateway trouble are passing; anything else is not. */
const TRANSIENT_STATUSES = new Set([429, 502, 503, 504]);

export interface RetryDecisionInput {
    method: string;
    error: unknown;
    /** Attempts made so far, including the one that failed (1 after the first). */
    attempt: number;
    maxAttempts: number;
    /**
     * The caller has made sure the failed request left nothing behind (the create reconciliation
     * looked for the room and found none): it may be sent again like an idempotent one.
     */
    notActedOn?: boolean;
}

/**
 * GET, PATCH and DELETE are idempotent here (PATCH sets values; DELETE of a gone room is a 404
 * the caller treats as success), so they are retried on any transient failure. A POST creates a
 * room: it is retried only when the server cannot have acted on it (the connection was refused,
 * or the API answered 429 "try again later"); any other failure may have created the room, and is
 * left to the caller to reconcile.
 */
export function shouldRetry({ method, error, attempt, maxAttempts, notActedOn = false }: RetryDecisionInput): boolean {
    if (attempt >= maxAttempts) return false;
    if (!(error instanceof ApiError)) return false;
    const idempotent = method !== "POST" || notActedOn;
    if (error instanceof RateLimitedError) return true; // the API refused before acting: safe for every method
    if (error instanceof NetworkError || error instanceof TimeoutError) return idempotent || !error.mayHaveActed;
    if (error instanceof ServerError) return idempotent && error.status !== undefined && TRANSIENT_STATUSES.has(error.status);
    return false;
}

export interface BackoffPolicy {
    baseMs: number;
    capMs: number;
    /** The longest `retry-after` honoured; beyond it the deadline decides. */
    maxRetryAfterMs: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 200, capMs: 10_000, maxRetryAfterMs: 60_000 };

/**
 * Exponential backoff with full jitter (a random wait between 0 and base * 2^(attempt-1), capped):
 * spreads retrying callers apart instead of having them return together. A `retry-after` from the
 * API is a floor: the API said when it will accept again, so waiting less only earns another 429.
 */
export function backoffDelay(attempt: number, retryAfterSeconds: number | undefined, random: () => number = Math.random, policy = DEFAULT_BACKOFF): number {
    const ceiling = Math.min(policy.capMs, policy.baseMs * 2 ** Math.max(0, attempt - 1));
    const jittered = Math.floor(random() * ceiling);
    if (retryAfterSeconds !== undefined && retryAfterSeconds > 0) {
        const floor = Math.min(policy.maxRetryAfterMs, retryAfterSeconds * 1000);
        return floor + Math.floor(random() * Math.min(policy.baseMs, floor / 4));
    }
    return jittered;
}
