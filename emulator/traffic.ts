/**
 * What happens to a request before the API sees it: the request log tests count calls with,
 * injected faults, and the per-team rate limit.
 */

export interface LogEntry {
    method: string;
    path: string;
    route: string;
    query: string;
    status: number;
    at: string;
}

/** Every /api/v1 request, with counts per concrete path and per route template. */
export class RequestLog {
    private entries: LogEntry[] = [];

    add(entry: LogEntry): void {
        // Bounded: a long bench must not grow memory without end; counts come from the kept entries.
        if (this.entries.length >= 200_000) this.entries.splice(0, 100_000);
        this.entries.push(entry);
    }

    clear(): void {
        this.entries = [];
    }

    summary(): { total: number; counts: Record<string, number>; routes: Record<string, number>; entries: LogEntry[] } {
        const counts: Record<string, number> = {};
        const routes: Record<string, number> = {};
        for (const e of this.entries) {
            counts[`${e.method} ${e.path}`] = (counts[`${e.method} ${e.path}`] ?? 0) + 1;
            routes[`${e.method} ${e.route}`] = (routes[`${e.method} ${e.route}`] ?? 0) + 1;
        }
        return { total: this.entries.length, counts, routes, entries: this.entries };
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
}

/** Faults injected by tests: the next `count` matching requests get them, in the order added. */
export class Faults {
    private faults: Fault[] = [];
    private nextId = 1;

    add(spec: FaultSpec): number {
        if (typeof spec.path !== "string" || spec.path.length === 0) throw new Error("path is required");
        if (spec.drop !== undefined && spec.drop !== "before" && spec.drop !== "after") throw new Error('drop must be "before" or "after"');
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
 * The per-minute limit as a smooth token bucket: refilled at limit/60 tokens per second, with a
 * burst of one second's worth (at least 1). The contract states only "1000 per minute"; a smooth
 * rate is the strictest reading, so a client polite here is polite to any window shape.
 */
export class RateLimiter {
    private tokens: number;
    private last: number;

    constructor(private perMinute: number) {
        this.tokens = this.capacity();
        this.last = performance.now();
    }

    private capacity(): number {
        return Math.max(1, this.perMinute / 60);
    }

    setLimit(perMinute: number): void {
        this.perMinute = perMinute;
        this.reset();
    }

    get limit(): number {
        return this.perMinute;
    }

    reset(): void {
        this.tokens = this.capacity();
        this.last = performance.now();
    }

    /** Takes a token; answers the whole seconds to wait when none is left. 0 as a limit means unlimited. */
    take(): { allowed: true } | { allowed: false; retryAfterSeconds: number } {
        if (this.perMinute <= 0) return { allowed: true };
        const now = performance.now();
        const rate = this.perMinute / 60_000;
        this.tokens = Math.min(this.capacity(), this.tokens + (now - this.last) * rate);
        this.last = now;
        if (this.tokens >= 1) {
            this.tokens -= 1;
            return { allowed: true };
        }
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - this.tokens) / rate / 1000)) };
    }
}
