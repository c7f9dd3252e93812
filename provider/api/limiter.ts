/**
 * One rate limiter per API team per process, shared by every resource and data function the
 * provider host runs, so that a `pulumi up` of 500 rooms stays under the API's rate however the
 * engine parallelises.
 *
 * Pacing is GCRA (the generic cell rate algorithm): each request is given the next slot on a
 * virtual schedule spaced 60/rpm seconds apart, with a small burst allowance. Unlike retrying on
 * 429, it never sends a request the API would refuse while the limits agree. When the API still
 * answers 429 (another client shares the team, or its window differs), the limiter pauses every
 * caller until `retry-after` and halves its rate, then recovers gradually on success: one
 * slowdown for everyone instead of every caller retrying at once.
 */

export interface LimiterOptions {
    requestsPerMinute: number;
    maxInFlight: number;
}

export class RateLimiter {
    private baseIntervalMs: number;
    private intervalMs: number;
    /** Theoretical arrival time of the next request (performance.now() ms). */
    private tat = 0;
    private inFlight = 0;
    private readonly waiting: Array<() => void> = [];
    private maxInFlight: number;
    /** 429 answers seen: for figures and tests. */
    rateLimitedCount = 0;

    constructor(options: LimiterOptions) {
        this.baseIntervalMs = 60_000 / options.requestsPerMinute;
        this.intervalMs = this.baseIntervalMs;
        this.maxInFlight = options.maxInFlight;
    }

    /** Applies new settings (a later configure with another vcrooms:requestsPerMinute). */
    reconfigure(options: LimiterOptions): void {
        this.baseIntervalMs = 60_000 / options.requestsPerMinute;
        this.intervalMs = Math.max(this.intervalMs, this.baseIntervalMs);
        this.maxInFlight = options.maxInFlight;
    }

    /** Burst allowance: half a second's worth of requests, at least one. */
    private toleranceMs(): number {
        return Math.max(this.intervalMs, 500);
    }

    /** Waits for a slot on the schedule and a place among the requests in flight; returns the release. */
    async acquire(): Promise<() => void> {
        const now = performance.now();
        const start = Math.max(now, this.tat - this.toleranceMs() + this.intervalMs);
        this.tat = Math.max(this.tat, now) + this.intervalMs;
        if (start > now) await sleep(start - now);
        if (this.inFlight >= this.maxInFlight) await new Promise<void>((resolve) => this.waiting.push(resolve));
        this.inFlight += 1;
        let released = false;
        return () => {
            if (released) return;
            released = true;
            this.inFlight -= 1;
            this.waiting.shift()?.();
        };
    }

    /** The API said 429: hold everyone back until it accepts again, and go slower for a while. */
    onRateLimited(retryAfterSeconds: number | undefined): void {
        this.rateLimitedCount += 1;
        this.intervalMs = Math.min(this.intervalMs * 2, this.baseIntervalMs * 16);
        const resumeAt = performance.now() + (retryAfterSeconds ?? 1) * 1000;
        this.tat = Math.max(this.tat, resumeAt);
    }

    /** A success: creep back toward the configured rate. */
    onSuccess(): void {
        if (this.intervalMs > this.baseIntervalMs) this.intervalMs = Math.max(this.baseIntervalMs, this.intervalMs * 0.97);
    }
}

function sleep(ms: number): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, ms));
}

const limiters = new Map<string, RateLimiter>();

/** The process-wide limiter for an API origin and team. */
export function sharedLimiter(key: string, options: LimiterOptions): RateLimiter {
    let limiter = limiters.get(key);
    if (!limiter) {
        limiter = new RateLimiter(options);
        limiters.set(key, limiter);
    } else {
        limiter.reconfigure(options);
    }
    return limiter;
}

/** Forgets every shared limiter: for tests that need a fresh schedule. */
export function resetSharedLimiters(): void {
    limiters.clear();
}
