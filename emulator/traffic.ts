/**
 * What happens to a request before the API sees it: the request log tests count calls with,
 * injected faults, and the per-team rate limit.
 */
import { validateHeaderName, validateHeaderValue } from "node:http";

export interface LogEntry {
    method: string;
    path: string;
    route: string;
    query: string;
    status: number;
    at: string;
}

/** How many entries the log keeps, and how much of a query string each keeps (docs/emulator.md). */
export const LOG_ENTRIES_KEPT = 10_000;
export const LOG_QUERY_KEPT = 1_000;

/**
 * The latest /api/v1 requests, with counts per concrete path and per route template. Bounded, so a long run (a
 * bench, a hostile client with long query strings) cannot grow the emulator's memory or the /requests answer
 * without end: the oldest entries go first, and a query string is cut at LOG_QUERY_KEPT characters. `total`
 * still counts every request since the log was cleared; `dropped` says how many entries are no longer kept.
 */
export class RequestLog {
    private entries: LogEntry[] = [];
    private total = 0;

    add(entry: LogEntry): void {
        this.total += 1;
        // Trimmed in chunks of a tenth: shifting one entry out of a full array at every request would copy it each time.
        if (this.entries.length >= LOG_ENTRIES_KEPT + LOG_ENTRIES_KEPT / 10) this.entries.splice(0, this.entries.length - LOG_ENTRIES_KEPT);
        this.entries.push(entry.query.length > LOG_QUERY_KEPT ? { ...entry, query: entry.query.slice(0, LOG_QUERY_KEPT) } : entry);
    }

    clear(): void {
        this.entries = [];
        this.total = 0;
    }

    summary(): { total: number; dropped: number; counts: Record<string, number>; routes: Record<string, number>; entries: LogEntry[] } {
        const kept = this.entries.slice(-LOG_ENTRIES_KEPT);
        const counts: Record<string, number> = {};
        const routes: Record<string, number> = {};
        for (const e of kept) {
            counts[`${e.method} ${e.path}`] = (counts[`${e.method} ${e.path}`] ?? 0) + 1;
            routes[`${e.method} ${e.route}`] = (routes[`${e.method} ${e.route}`] ?? 0) + 1;
        }
        return { total: this.total, dropped: this.total - kept.length, counts, routes, entries: kept };
    }
}

export interface Fault {
    id: number;
    method: string;
    pattern: RegExp;
    remaining: number;
    status?: number;
    body?: unknown;
    headers?: Record<string, string>;
    latencyMs?: number;
    drop?: "before" | "after";
    change?: TeamChange;
}

/**
 * A change to the team made once the matching request's answer is ready and before it is sent: another client
 * acting between two requests of a test's subject (rooms deleted or created between two pages of a listing).
 */
export interface TeamChange {
    /** Room ids or friendly URLs; one already gone is skipped. */
    deleteRooms?: string[];
    /** Create bodies, as POST /rooms takes them; one the API would refuse is skipped. */
    createRooms?: Array<Record<string, unknown>>;
}

export interface FaultSpec {
    method?: string;
    path: string;
    count?: number;
    status?: number;
    body?: unknown;
    headers?: Record<string, string>;
    latencyMs?: number;
    drop?: "before" | "after";
    change?: TeamChange;
}

/**
 * What a fault answers with must be an answer HTTP can carry, refused when the fault is added (400) rather than
 * turned into a 500 on the request it matches: a status an integer 200 to 599, headers names and values Node's HTTP
 * accepts, a positive whole count, a latency of 0 ms or more, a method name.
 */
function checkAnswerParts(spec: FaultSpec): void {
    if (spec.method !== undefined && (typeof spec.method !== "string" || !/^(\*|[A-Za-z]+)$/.test(spec.method))) throw new Error(`method must be an HTTP method name or "*"; got ${JSON.stringify(spec.method)}`);
    if (spec.count !== undefined && (typeof spec.count !== "number" || !Number.isInteger(spec.count) || spec.count < 1)) throw new Error(`count must be a whole number of 1 or more; got ${JSON.stringify(spec.count)}`);
    if (spec.latencyMs !== undefined && (typeof spec.latencyMs !== "number" || !Number.isFinite(spec.latencyMs) || spec.latencyMs < 0)) throw new Error(`latencyMs must be a number of 0 or more; got ${JSON.stringify(spec.latencyMs)}`);
    if (spec.status !== undefined && (typeof spec.status !== "number" || !Number.isInteger(spec.status) || spec.status < 200 || spec.status > 599)) throw new Error(`status must be a whole number from 200 to 599; got ${JSON.stringify(spec.status)}`);
    if (spec.headers === undefined) return;
    if (typeof spec.headers !== "object" || spec.headers === null || Array.isArray(spec.headers)) throw new Error("headers must be an object of header names to string values");
    for (const [name, value] of Object.entries(spec.headers)) {
        try {
            validateHeaderName(name);
        } catch {
            throw new Error(`headers: ${JSON.stringify(name)} is not a valid header name`);
        }
        try {
            if (typeof value !== "string") throw new Error();
            validateHeaderValue(name, value);
        } catch {
            throw new Error(`headers: the value of ${JSON.stringify(name)} must be a string without control characters; got ${JSON.stringify(value)}`);
        }
    }
}

/** Faults injected by tests: the next `count` matching requests get them, in the order added. */
export class Faults {
    private faults: Fault[] = [];
    private nextId = 1;

    add(spec: FaultSpec): number {
        if (typeof spec.path !== "string" || spec.path.length === 0) throw new Error("path is required");
        if (spec.drop !== undefined && spec.drop !== "before" && spec.drop !== "after") throw new Error('drop must be "before" or "after"');
        checkAnswerParts(spec);
        if (spec.change !== undefined) {
            const { deleteRooms, createRooms, ...rest } = spec.change ?? {};
            const strings = (v: unknown) => v === undefined || (Array.isArray(v) && v.every((x) => typeof x === "string"));
            const objects = (v: unknown) => v === undefined || (Array.isArray(v) && v.every((x) => x !== null && typeof x === "object" && !Array.isArray(x)));
            if (typeof spec.change !== "object" || spec.change === null || Object.keys(rest).length > 0 || !strings(deleteRooms) || !objects(createRooms)) {
                throw new Error("change must be {deleteRooms?: [room id or friendly URL], createRooms?: [create body]}");
            }
        }
        const escaped = spec.path.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*");
        const fault: Fault = {
            id: this.nextId++,
            method: (spec.method ?? "*").toUpperCase(),
            pattern: new RegExp(`^${escaped}$`),
            remaining: spec.count ?? 1,
            status: spec.status,
            body: spec.body,
            headers: spec.headers,
            latencyMs: spec.latencyMs,
            drop: spec.drop,
            change: spec.change,
        };
        this.faults.push(fault);
        return fault.id;
    }

    clear(): void {
        this.faults = [];
    }

    /** Takes the first pending fault matching a request, counting it down. */
    take(method: string, path: string): Fault | undefined {
        const fault = this.faults.find((f) => f.remaining > 0 && (f.method === "*" || f.method === method) && f.pattern.test(path));
        if (!fault) return undefined;
        fault.remaining -= 1;
        if (fault.remaining === 0) this.faults = this.faults.filter((f) => f !== fault);
        return fault;
    }
}

/**
 * A crash of the service's client, as the API sees it: once armed with `afterWrites: N`, the Nth write (any /api/v1
 * request but GET and HEAD) is acted on and its answer held, and every request after it is held without being acted
 * on, until the crash point is cleared. A test kills its client (the Pulumi CLI) once `reached`, then clears it:
 * the held connections are then closed unanswered (logged with status 0), and the API answers again.
 */
export class CrashPoint {
    private afterWrites: number | undefined;
    private writes = 0;
    private held = 0;
    private release: (() => void) | undefined;
    private released: Promise<void> = Promise.resolve();

    arm(afterWrites: number): void {
        if (!Number.isInteger(afterWrites) || afterWrites < 1) throw new Error("afterWrites must be a whole number of at least 1");
        this.clear();
        this.afterWrites = afterWrites;
        this.writes = 0;
        this.released = new Promise((resolve) => (this.release = resolve));
    }

    /** Lets every held request go (closed unanswered) and answers normally from then on. */
    clear(): void {
        this.release?.();
        this.release = undefined;
        this.afterWrites = undefined;
    }

    /**
     * `writes` counted since it was armed; `reached`: the Nth write came, and from then on nothing is answered;
     * `held`: the requests waiting now.
     */
    status(): { afterWrites: number | null; writes: number; reached: boolean; held: number } {
        return { afterWrites: this.afterWrites ?? null, writes: this.writes, reached: this.afterWrites !== undefined && this.writes >= this.afterWrites, held: this.held };
    }

    /**
     * What to do with a request: "pass" (answer it), "act-then-hold" (the Nth write: act, hold the answer), or
     * "hold" (past the crash point: neither act nor answer). Held requests wait for `whenCleared`.
     */
    admit(method: string): "pass" | "act-then-hold" | "hold" {
        if (this.afterWrites === undefined) return "pass";
        if (this.writes >= this.afterWrites) return "hold";
        if (method === "GET" || method === "HEAD") return "pass";
        this.writes += 1;
        return this.writes === this.afterWrites ? "act-then-hold" : "pass";
    }

    /** Waits, as a held request, until the crash point is cleared (at once when none is armed). */
    async whenCleared(): Promise<void> {
        this.held += 1;
        try {
            await this.released;
        } finally {
            this.held -= 1;
        }
    }
}

/** One request's standing against the team's limit, and what to tell the caller. */
export interface RateDecision {
    allowed: boolean;
    /** Requests per minute; 0 means unlimited. */
    limit: number;
    /** Requests left in the current window (or whole tokens left in the bucket). */
    remaining: number;
    /** When refused: whole seconds until a request would be accepted, at least 1. */
    retryAfterSeconds?: number;
}

export type RateLimitModel = "window" | "bucket";

/** A per-minute limit under some model: the limit can change at run time, which starts the model afresh. */
abstract class PerMinuteLimiter {
    constructor(protected perMinute: number) {}

    setLimit(perMinute: number): void {
        this.perMinute = perMinute;
        this.reset();
    }

    get limit(): number {
        return this.perMinute;
    }

    abstract reset(): void;

    /** Counts one request; 0 as a limit means unlimited. */
    abstract take(): RateDecision;
}

/**
 * The per-minute limit as a smooth token bucket: refilled at limit/60 tokens per second, with a
 * burst of one second's worth (at least 1). Kept as an option (`rateLimitModel: "bucket"`): the
 * strictest reading of "1000 per minute", for tests of a client that must survive it.
 */
export class BucketRateLimiter extends PerMinuteLimiter {
    private tokens: number;
    private last: number;

    constructor(perMinute: number) {
        super(perMinute);
        this.tokens = this.capacity();
        this.last = performance.now();
    }

    private capacity(): number {
        return Math.max(1, this.perMinute / 60);
    }

    reset(): void {
        this.tokens = this.capacity();
        this.last = performance.now();
    }

    /** Takes a token; answers the whole seconds to wait when none is left. */
    take(): RateDecision {
        if (this.perMinute <= 0) return { allowed: true, limit: 0, remaining: 0 };
        const now = performance.now();
        const rate = this.perMinute / 60_000;
        this.tokens = Math.min(this.capacity(), this.tokens + (now - this.last) * rate);
        this.last = now;
        if (this.tokens >= 1) {
            this.tokens -= 1;
            return { allowed: true, limit: this.perMinute, remaining: Math.floor(this.tokens) };
        }
        return { allowed: false, limit: this.perMinute, remaining: 0, retryAfterSeconds: Math.max(1, Math.ceil((1 - this.tokens) / rate / 1000)) };
    }
}

/**
 * The per-minute limit as the hosted service applies it: its 429 body is Laravel's throttle
 * ("Too Many Attempts. You may try again in 38 seconds."), a fixed-window counter. The first
 * request after a window has ended opens a new one of 60 s; every accepted request counts,
 * whatever its route or method; past `limit`, 429 until the window ends.
 * A smooth bucket would never ask for 38 seconds, so the window is the default model.
 *
 * Time comes from the emulator's clock (injected or moved through /_emulator/clock), so tests
 * end a window by moving the clock instead of sleeping a minute.
 */
export class WindowRateLimiter extends PerMinuteLimiter {
    private windowStart = Number.NEGATIVE_INFINITY;
    private count = 0;

    constructor(
        perMinute: number,
        private readonly clock: () => number,
        private readonly windowMs = 60_000,
    ) {
        super(perMinute);
    }

    reset(): void {
        this.windowStart = Number.NEGATIVE_INFINITY;
        this.count = 0;
    }

    take(): RateDecision {
        if (this.perMinute <= 0) return { allowed: true, limit: 0, remaining: 0 };
        const now = this.clock();
        // A clock moved backwards (a test setting an earlier time) also starts a new window.
        if (now >= this.windowStart + this.windowMs || now < this.windowStart) {
            this.windowStart = now;
            this.count = 0;
        }
        // Laravel counts only accepted hits (tooManyAttempts is checked before hit), so a client
        // hammering through its 429s does not push its own window further out.
        if (this.count >= this.perMinute) {
            const left = this.windowStart + this.windowMs - now;
            return { allowed: false, limit: this.perMinute, remaining: 0, retryAfterSeconds: Math.max(1, Math.ceil(left / 1000)) };
        }
        this.count += 1;
        return { allowed: true, limit: this.perMinute, remaining: this.perMinute - this.count };
    }
}

/** The team's limit under either model, switchable at run time through /_emulator/config. */
export class TeamRateLimit {
    private readonly window: WindowRateLimiter;
    private readonly bucket: BucketRateLimiter;

    constructor(
        perMinute: number,
        public model: RateLimitModel,
        clock: () => number,
    ) {
        this.window = new WindowRateLimiter(perMinute, clock);
        this.bucket = new BucketRateLimiter(perMinute);
    }

    get limit(): number {
        return this.window.limit;
    }

    setLimit(perMinute: number): void {
        this.window.setLimit(perMinute);
        this.bucket.setLimit(perMinute);
    }

    setModel(model: RateLimitModel): void {
        this.model = model;
        this.reset();
    }

    reset(): void {
        this.window.reset();
        this.bucket.reset();
    }

    take(): RateDecision {
        return this.model === "bucket" ? this.bucket.take() : this.window.take();
    }
}

/** What the rate-limit step of the request hook does with a decision: reply headers, or the 429. */
export interface RateLimitReply {
    header(name: string, value: string): unknown;
    code(status: number): { send(body: unknown): unknown };
}

/**
 * Every /api/v1 answer carries Laravel's throttle headers (`X-RateLimit-Limit`,
 * `X-RateLimit-Remaining`): set here, before the route runs, they stay on whatever it answers.
 * Returns true when the request was refused with the vendor's 429.
 */
export function applyRateLimit(reply: RateLimitReply, decision: RateDecision): boolean {
    if (decision.limit > 0) {
        reply.header("x-ratelimit-limit", String(decision.limit));
        reply.header("x-ratelimit-remaining", String(decision.remaining));
    }
    if (decision.allowed) return false;
    const seconds = decision.retryAfterSeconds ?? 1;
    reply.header("retry-after", String(seconds));
    reply.code(429).send({ message: `Too Many Attempts. You may try again in ${seconds} seconds.`, error: "rate-limit" });
    return true;
}

/** Refuses a clock value a Date cannot hold (|ms| above 8.64e15), so later requests keep working. */
export function validClockMs(ms: number): boolean {
    return Number.isFinite(ms) && Math.abs(ms) <= 8.64e15;
}
