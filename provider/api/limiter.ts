/**
 * The request budget of one API team, shared by every client of a runtime (sharedTransport.ts), so by every
 * resource and data function the provider host runs: a `pulumi up` of 500 rooms stays within the team's budget
 * however the engine parallelises.
 *
 * The hosted API counts requests in a fixed window of 60 s (its 429 is Laravel's throttle: "You
 * may try again in 38 seconds"), so pacing at a smooth rate would waste most of a minute's budget.
 * Three rules, each a reason to wait, none a reason to retry:
 * 1. our own budget: never more than `requestsPerMinute` requests in any 60 s (a sliding window
 *    over send times), bursting while the budget is there. A sliding window is stricter than the
 *    API's fixed one, so it holds whatever phase the API's window has;
 * 2. the API's own count: when answers carry `X-RateLimit-Remaining`, the budget other users of
 *    the key have left is known, and when it runs out we wait for the API's window to end instead
 *    of earning a 429. The share above `requestsPerMinute` (limit minus ours) is kept for them,
 *    in proportion to the time left in the window;
 * 3. `retry-after` (on a 429 or a 503) pauses every caller until then: one pause for everyone
 *    instead of every caller retrying into the same refusal.
 */

export interface LimiterOptions {
    requestsPerMinute: number;
    maxInFlight: number;
    /** The window length; 60 s, shorter only in tests. */
    windowMs?: number;
    /** Milliseconds on a monotonic clock; performance.now() unless a test injects one. */
    now?: () => number;
}

/** The rate-limit headers of one answer, as strings or absent. */
export interface RateLimitHeaders {
    limit?: string | string[];
    remaining?: string | string[];
}

/** A runtime's share of the API's rate limit for one team (the emulator's `RateLimiter` is the API's own limit). */
export class RequestBudget {
    private perMinute: number;
    private maxInFlight: number;
    private readonly windowMs: number;
    private readonly now: () => number;
    /** Send times of the requests inside the last window, oldest first. */
    private sent: number[] = [];
    private inFlight = 0;
    private readonly queue: Array<(release: () => void) => void> = [];
    private timer?: NodeJS.Timeout;
    private timerAt = Number.POSITIVE_INFINITY;
    /** No request before this time: a retry-after said so. */
    private pausedUntil = 0;
    /** What the API reported: its limit, what it will still accept (minus ours in flight), until when. */
    private apiLimit?: number;
    private apiBudget?: number;
    private apiWindowEnd = 0;
    private lastRemaining?: number;
    /** 429 answers seen: for figures and tests. */
    rateLimitedCount = 0;

    constructor(options: LimiterOptions) {
        this.perMinute = options.requestsPerMinute;
        this.maxInFlight = options.maxInFlight;
        this.windowMs = options.windowMs ?? 60_000;
        this.now = options.now ?? (() => performance.now());
    }

    /** Applies new settings (a later configure with another vcrooms:requestsPerMinute). */
    reconfigure(options: LimiterOptions): void {
        this.perMinute = options.requestsPerMinute;
        this.maxInFlight = options.maxInFlight;
        this.pump();
    }

    /** Waits until a request may go out under every rule; returns the release, to call once answered. */
    acquire(): Promise<() => void> {
        return new Promise((resolve) => {
            this.queue.push(resolve);
            this.pump();
        });
    }

    /** Reads the API's count from an answer's headers (any status). */
    onResponse(headers: RateLimitHeaders): void {
        const remaining = headerNumber(headers.remaining);
        if (remaining === undefined) return;
        const limit = headerNumber(headers.limit);
        if (limit !== undefined) this.apiLimit = limit;
        const now = this.now();
        // Ours still in flight may not be counted yet: assume they all will be (the caller's own is not among them).
        const others = Math.max(0, this.inFlight - 1);
        // A new window began when the old one must have ended, or when the count went up by more
        // than reordering among ours in flight explains. It began at the latest now: its end is at
        // the latest a window from now, an estimate on the safe side.
        const fresh = now >= this.apiWindowEnd || this.lastRemaining === undefined || remaining > this.lastRemaining + others;
        if (fresh) {
            this.apiWindowEnd = now + this.windowMs;
            this.apiBudget = remaining - others;
        } else {
            this.apiBudget = Math.min(this.apiBudget ?? Number.POSITIVE_INFINITY, remaining - others);
        }
        this.lastRemaining = remaining;
        this.pump();
    }

    /** The API said 429: count it, and hold everyone back until it accepts again. */
    onRateLimited(retryAfterSeconds: number | undefined): void {
        this.rateLimitedCount += 1;
        const seconds = retryAfterSeconds ?? 1;
        this.holdFor(seconds);
        // Its window is spent until then, whatever our estimate said.
        this.apiBudget = 0;
        this.apiWindowEnd = this.now() + seconds * 1000;
    }

    /** A `retry-after` (429 or 503): no request from any client sharing this budget before it has passed. */
    holdFor(retryAfterSeconds: number): void {
        if (!(retryAfterSeconds > 0)) return;
        this.pausedUntil = Math.max(this.pausedUntil, this.now() + retryAfterSeconds * 1000);
        this.pump();
    }

    /** Milliseconds until the next request may go out (0: now). */
    private waitMs(now: number): number {
        let until = this.pausedUntil;
        while (this.sent.length > 0 && this.sent[0]! <= now - this.windowMs) this.sent.shift();
        if (this.sent.length >= this.perMinute) until = Math.max(until, this.sent[this.sent.length - this.perMinute]! + this.windowMs);
        if (this.apiBudget !== undefined && now < this.apiWindowEnd) {
            const headroom = this.apiLimit !== undefined ? Math.max(0, this.apiLimit - this.perMinute) : 0;
            if (this.apiBudget <= 0) until = Math.max(until, this.apiWindowEnd);
            else if (headroom > 0 && this.apiBudget <= (headroom * (this.apiWindowEnd - now)) / this.windowMs) {
                // The others' share of the time left in this window: wait until it no longer needs our part.
                until = Math.max(until, this.apiWindowEnd - (this.apiBudget * this.windowMs) / headroom + 1);
            }
        }
        return Math.max(0, until - now);
    }

    /** Lets waiting callers go, in order, while every rule allows; else wakes up when one will. */
    private pump(): void {
        while (this.queue.length > 0 && this.inFlight < this.maxInFlight) {
            const now = this.now();
            const wait = this.waitMs(now);
            if (wait > 0) {
                const at = now + wait;
                // One timer, moved earlier when needed; a late wake-up just re-checks.
                if (this.timer && this.timerAt <= at) return;
                if (this.timer) clearTimeout(this.timer);
                this.timerAt = at;
                this.timer = setTimeout(() => {
                    this.timer = undefined;
                    this.timerAt = Number.POSITIVE_INFINITY;
                    this.pump();
                }, Math.ceil(wait));
                return;
            }
            this.sent.push(now);
            if (this.apiBudget !== undefined) this.apiBudget -= 1;
            this.inFlight += 1;
            this.queue.shift()!(this.releaser());
        }
    }

    private releaser(): () => void {
        let released = false;
        return () => {
            if (released) return;
            released = true;
            this.inFlight -= 1;
            this.pump();
        };
    }
}

function headerNumber(value: string | string[] | undefined): number | undefined {
    const text = Array.isArray(value) ? value[0] : value;
    if (text === undefined || text.trim() === "") return undefined;
    const n = Number(text);
    return Number.isFinite(n) && n >= 0 ? n : undefined;
}
