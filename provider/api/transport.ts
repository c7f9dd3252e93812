/**
 * The transport under the Rooms API client (client.ts): HTTP over a keep-alive undici pool per origin, the
 * developer key's authorization, the request budget of its API and team (limiter.ts; both shared by the clients of
 * one runtime, sharedTransport.ts), retries by the rules in retry.ts
 * (honouring `retry-after`), typed errors for refused answers (errors.ts), answers checked by a zod schema, and
 * pagination by offset or by `after`. It knows no endpoint: client.ts names them.
 */
import type { z } from "zod";
import type { ClientConfig } from "./config";
import { deadlineSignal } from "./deadline";
import { ApiError, CancelledError, NetworkError, NotFoundError, RateLimitedError, ResponseSchemaError, ServerError, TimeoutError, ValidationError, errorFromResponse } from "./errors";
import type { RequestBudget } from "./limiter";
import { redact, secretsOf, withoutSecretFields } from "./redact";
import { backoffDelay, shouldRetry } from "./retry";
import { SharedTransport } from "./sharedTransport";

export type Body = Record<string, unknown>;
export interface Page<T> {
    data: T[];
    totalCount: number;
}

/** Connection errors where the request never reached the server: it cannot have acted. */
const NOT_SENT_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH", "UND_ERR_CONNECT_TIMEOUT"]);

/** Waits `ms`, or less when one of `signals` aborts first (the caller then checks which). */
function sleep(ms: number, ...signals: Array<AbortSignal | undefined>): Promise<void> {
    const given = signals.filter((s): s is AbortSignal => s !== undefined);
    return new Promise((resolve) => {
        const done = () => {
            clearTimeout(timer);
            for (const signal of given) signal.removeEventListener("abort", done);
            resolve();
        };
        const timer = setTimeout(done, ms);
        if (given.some((signal) => signal.aborted)) done();
        else for (const signal of given) signal.addEventListener("abort", done, { once: true });
    });
}

/** @internal zod's types stay out of the package's public declarations (test/package/install.test.ts). */
interface CallOptions<S extends z.ZodType | undefined> {
    query?: Record<string, string | number | readonly string[] | undefined>;
    body?: Body;
    schema?: S;
    /** Answer the text as is (the transcript export). */
    text?: boolean;
    /** Answer the time of the response's `Date` header (the API's clock), or undefined without one. */
    date?: boolean;
    /** Settles a failure that may have acted (see CreateReconciliation). */
    reconcile?: CreateReconciliation<unknown>;
}

/**
 * For a create whose failure may have reached the API (no answer, a timeout, a 5xx): looks for
 * what the create would have made, by a key unique in the team. Found, it is the answer; not
 * found, the create left nothing behind and may be sent again. Without it a create is never
 * replayed after such a failure, since it could make a second record.
 */
export type CreateReconciliation<T> = () => Promise<T | undefined>;

/**
 * A client of one API and team: requests go through `call`; the endpoints are the subclass's (client.ts). `shared`:
 * the budgets and pools of the runtime it belongs to; a client built on its own has its own.
 */
export class RoomsTransport {
    private readonly origin: string;
    private readonly basePath: string;
    private readonly authorization: string;
    private readonly limiter: RequestBudget;

    constructor(
        readonly config: ClientConfig,
        private readonly shared: SharedTransport = new SharedTransport(),
    ) {
        const url = new URL(config.apiUrl);
        this.origin = url.origin;
        this.basePath = url.pathname.replace(/\/+$/, "");
        this.authorization =
            config.auth === "basic"
                ? `Basic ${Buffer.from(`${config.teamId}:${config.developerKey}`).toString("base64")}`
                : `Bearer ${config.developerKey}`;
        this.limiter = shared.budget(`${this.origin}${this.basePath}`, config.teamId, {
            requestsPerMinute: config.requestsPerMinute,
            maxInFlight: config.maxInFlight,
        });
        // The key must not be reachable by a careless JSON.stringify or util.inspect of the client.
        Object.defineProperty(this, "authorization", { enumerable: false });
        Object.defineProperty(this, "config", { enumerable: false });
        Object.defineProperty(this, "shared", { enumerable: false });
    }

    /** 429 answers its budget has seen (shared by every client of the same runtime, API and team). */
    get rateLimitedCount(): number {
        return this.limiter.rateLimitedCount;
    }

    // ---- the one request path ------------------------------------------------------------------------

    /** @internal zod's types stay out of the package's public declarations (test/package/install.test.ts). */
    protected async call<S extends z.ZodType | undefined>(method: string, path: string, options: CallOptions<S>): Promise<S extends z.ZodType ? z.output<S> : string> {
        const started = performance.now();
        const deadline = started + this.config.retryDeadlineMs;
        // The operation's own deadline (customTimeouts), when it has one: past it, nothing more is sent or waited for.
        const operationDeadline = deadlineSignal();
        // Set once an attempt may have acted without an answer: from then on the API may refuse a replay because
        // of that attempt's own effect (the friendly URL it took), and only a lookup tells.
        let ambiguous = false;
        for (let attempt = 1; ; attempt++) {
            let error: ApiError;
            const release = await this.acquire(method, path);
            try {
                operationDeadline?.throwIfAborted();
                const answer = await this.attempt(method, path, options, operationDeadline);
                return answer as never;
            } catch (e) {
                // Past the operation's deadline: no retry, no lookup; its error is the answer.
                if (operationDeadline?.aborted) throw operationDeadline.reason;
                error = e instanceof ApiError ? e : new NetworkError(`${method} ${path} failed: ${(e as Error).message}`, { method, path, mayHaveActed: true, cause: e });
            } finally {
                release();
            }
            // A retry-after is the API's word for everyone: the limiter holds back every caller until then.
            const retryAfter = error instanceof RateLimitedError || error instanceof ServerError ? error.retryAfterSeconds : undefined;
            if (error instanceof RateLimitedError) this.limiter.onRateLimited(retryAfter);
            else if (retryAfter !== undefined) this.limiter.holdFor(retryAfter);
            let retry = shouldRetry({ method, error, attempt, maxAttempts: this.config.maxAttempts });
            const replayRefused = ambiguous && error instanceof ValidationError;
            if (!retry && options.reconcile && ((mayHaveActed(error) && attempt < this.config.maxAttempts) || replayRefused)) {
                ambiguous ||= mayHaveActed(error);
                operationDeadline?.throwIfAborted();
                const existing = await this.settle(options.reconcile, error, attempt, started);
                if (existing !== undefined) return existing as never;
                retry = !replayRefused && shouldRetry({ method, error, attempt, maxAttempts: this.config.maxAttempts, notActedOn: true });
            }
            if (!retry) throw this.final(error, attempt, started);
            const delay = backoffDelay(attempt, retryAfter);
            if (performance.now() + delay > deadline) throw this.final(error, attempt, started);
            this.config.logger?.(`vcrooms: ${method} ${path} ${error.status ?? error.name}; retry ${attempt + 1} of ${this.config.maxAttempts} in ${delay} ms`);
            await sleep(delay, this.shared.cancelled, operationDeadline);
            // Past the operation's deadline (customTimeouts): its error is the answer.
            operationDeadline?.throwIfAborted();
            if (this.shared.cancelled.aborted) {
                error.message += `; not tried again: the operation was cancelled`;
                throw this.final(error, attempt, started);
            }
        }
    }

    /**
     * The limiter's turn for a request (which may wait for a retry-after), or a CancelledError once the runtime is
     * cancelled, before or while waiting: a cancelled operation sends nothing new.
     */
    private acquire(method: string, path: string): Promise<() => void> {
        const signal = this.shared.cancelled;
        const refused = () => new CancelledError(`${method} ${path} not sent: the operation was cancelled`, { method, path });
        if (signal.aborted) return Promise.reject(refused());
        return new Promise((resolve, reject) => {
            const onAbort = () => reject(refused());
            signal.addEventListener("abort", onAbort, { once: true });
            this.limiter.acquire().then((release) => {
                signal.removeEventListener("abort", onAbort);
                // Cancelled while waiting: the turn goes back unused.
                if (signal.aborted) {
                    release();
                    reject(refused());
                } else resolve(release);
            });
        });
    }

    /**
     * Runs a reconciliation lookup. When the lookup fails too, the error is still the request's own (a create
     * reported as a failed GET misleads), saying that whether it took effect is unknown and what to do.
     */
    private async settle(reconcile: CreateReconciliation<unknown>, error: ApiError, attempt: number, started: number): Promise<unknown> {
        try {
            return await reconcile();
        } catch (lookup) {
            error.message += `; whether it took effect is unknown, as the lookup that would tell failed too (${(lookup as Error).message}). Run it again once the API answers`;
            throw this.final(error, attempt, started);
        }
    }

    /** Adds how long and how often it was tried, so a user can tell a hang from a flood. */
    private final(error: ApiError, attempts: number, started: number): ApiError {
        if (attempts > 1) error.message += ` (after ${attempts} attempts in ${((performance.now() - started) / 1000).toFixed(1)} s)`;
        this.config.logger?.(`vcrooms: ${error.message}`);
        return error;
    }

    private async attempt(method: string, path: string, options: CallOptions<z.ZodType | undefined>, operationDeadline?: AbortSignal): Promise<unknown> {
        const fullPath = `${this.basePath}${path === "/" ? "/" : path}${queryString(options.query)}`;
        const headers: Record<string, string> = { authorization: this.authorization, accept: options.text ? "text/plain, application/json" : "application/json" };
        let payload: string | undefined;
        if (options.body !== undefined) {
            headers["content-type"] = "application/json";
            payload = JSON.stringify(options.body);
        }
        let response;
        try {
            response = await this.shared.pool(this.origin, this.config.connections).request({
                method: method as "GET",
                path: fullPath,
                headers,
                body: payload,
                // undici's own timers tick about once a second: fine for the 30 s default, too coarse
                // for short timeouts, which get an exact (and costlier, about 20 us) abort signal.
                // The operation's deadline abandons the request in flight.
                signal: requestSignal(this.config.timeoutMs < 5_000 ? AbortSignal.timeout(this.config.timeoutMs) : undefined, operationDeadline),
                headersTimeout: this.config.timeoutMs,
                bodyTimeout: this.config.timeoutMs,
            });
        } catch (e) {
            throw this.transportError(method, path, e);
        }
        // Every answer, refusals included, tells the limiter what the API has left.
        this.limiter.onResponse({ limit: response.headers["x-ratelimit-limit"], remaining: response.headers["x-ratelimit-remaining"] });
        let text: string;
        try {
            text = await response.body.text();
        } catch (e) {
            throw this.transportError(method, path, e);
        }
        const status = response.statusCode;
        const parsed = parseJson(text);
        if (status < 200 || status >= 300) {
            const retryAfter = Number(response.headers["retry-after"]);
            // Built from the API's words, which may echo a secret the request carried.
            const said = redact(parsed ?? text, secretsOf(this.config.developerKey, options.body, this.config.teamId));
            throw errorFromResponse(method, path, status, said, Number.isFinite(retryAfter) ? retryAfter : undefined, this.config.auth);
        }
        if (options.date) {
            const at = Date.parse(String(response.headers.date ?? ""));
            return Number.isNaN(at) ? undefined : new Date(at);
        }
        if (options.text) return text;
        if (!options.schema) return undefined;
        if (parsed === undefined) {
            // Cut short on the way, or not JSON at all: said as such (not as a record lacking its fields). The body
            // itself stays out, and so does the parser's message, which quotes it: it may hold the record's secrets.
            const type = response.headers["content-type"];
            const said = text.length === 0 ? "an empty body" : `a body that is not valid JSON (${Buffer.byteLength(text)} bytes${/^\s*[[{]/.test(text) ? ", cut short?" : ""})`;
            throw new ResponseSchemaError(`${method} ${path} answered ${status} with ${said}, content type ${type === undefined ? "none" : JSON.stringify(String(type))}`, { method, path, status });
        }
        const result = options.schema.safeParse(parsed);
        if (!result.success) {
            const issue = result.error.issues[0]!;
            const field = issue.path.join(".") || "(body)";
            // A field the provider needs and the answer lacks is named as such: the service's answer, not the user, is at fault.
            const said = issue.code === "invalid_type" && / received undefined$/.test(issue.message) ? `it lacks the field ${field}, which the provider needs` : `${field}: ${issue.message}`;
            // The record's own secrets (a restream key, a PIN) stay out of the error: it names the field and the endpoint.
            const body = withoutSecretFields(redact(parsed, secretsOf(this.config.developerKey, options.body, this.config.teamId)));
            throw new ResponseSchemaError(`${method} ${path} answered a record the client does not understand: ${said}`, { method, path, status, body });
        }
        return result.data;
    }

    private transportError(method: string, path: string, e: unknown): ApiError {
        const err = e as { code?: string; name?: string; message?: string };
        if (err.code === "UND_ERR_HEADERS_TIMEOUT" || err.code === "UND_ERR_BODY_TIMEOUT" || err.name === "TimeoutError") {
            return new TimeoutError(`${method} ${path} timed out after ${this.config.timeoutMs} ms`, { method, path, mayHaveActed: true, cause: e });
        }
        const notSent = err.code !== undefined && NOT_SENT_CODES.has(err.code);
        return new NetworkError(`${method} ${path} failed: ${err.code ?? err.name ?? "network error"}${err.message ? ` (${err.message})` : ""}`, {
            method,
            path,
            mayHaveActed: !notSent,
            cause: e,
        });
    }
}
/** The abort signal of one request: its own short timeout, the operation's deadline, both, or none. */
function requestSignal(timeout: AbortSignal | undefined, deadline: AbortSignal | undefined): AbortSignal | undefined {
    return timeout && deadline ? AbortSignal.any([timeout, deadline]) : (timeout ?? deadline);
}
/** A failure after which the API may have carried the request out: no answer, or a 5xx. */
function mayHaveActed(error: ApiError): boolean {
    return error.mayHaveActed || error instanceof ServerError;
}
function queryString(query: CallOptions<undefined>["query"]): string {
    if (!query) return "";
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) {
        if (v === undefined) continue;
        if (Array.isArray(v)) for (const item of v) params.append(k, String(item));
        else params.append(k, String(v));
    }
    const s = params.toString();
    return s ? `?${s}` : "";
}

function parseJson(text: string): unknown {
    if (text.length === 0) return undefined;
    try {
        return JSON.parse(text);
    } catch {
        return undefined;
    }
}

/**
 * Every record across pages: asks page after page by offset until a short page, an empty page,
 * or `total_count` records have been seen. Each record once, by id: a record created by another
 * client meanwhile shifts the list (newest first), so the next page repeats the last ones seen.
 */
export function paginate<T>(fetchPage: (offset: number) => Promise<Page<T>>, limit = 100): AsyncIterable<T> {
    return {
        async *[Symbol.asyncIterator]() {
            let offset = 0;
            const seen = new Set<unknown>();
            for (;;) {
                const page = await fetchPage(offset);
                for (const item of page.data) {
                    const id = (item as { id?: unknown }).id;
                    if (id !== undefined && seen.has(id)) continue;
                    seen.add(id);
                    yield item;
                }
                offset += page.data.length;
                if (page.data.length === 0 || page.data.length < limit || offset >= page.totalCount) return;
            }
        },
    };
}

/**
 * Every record across pages by `after`: each page asks for the records after the last one seen, so a record deleted
 * or created meanwhile shifts nothing, and every record present from the first page to the last is seen (by offset,
 * a deletion on a page already read moved an unread record onto it). Each record once, by id. When the record named
 * by `after` is itself gone (the API refuses it: 422 naming `after`, or 404), it goes on after the one seen before
 * it, and from the start once none is left; records seen are not given again. A full page that brings nothing new
 * after a cursor already used means the API does not page by `after`: an error, not an endless loop.
 */
export function paginateAfter<T extends { id: string }>(path: string, fetchPage: (after: string | undefined) => Promise<Page<T>>, limit = 100): AsyncIterable<T> {
    return {
        async *[Symbol.asyncIterator]() {
            const seen: string[] = [];
            const known = new Set<string>();
            const cursors = new Set<string>();
            let after: string | undefined;
            for (;;) {
                let page: Page<T>;
                try {
                    page = await fetchPage(after);
                } catch (error) {
                    if (after === undefined || !(error instanceof NotFoundError || (error instanceof ValidationError && "after" in error.fieldErrors))) throw error;
                    const at = seen.lastIndexOf(after);
                    after = at > 0 ? seen[at - 1] : undefined;
                    continue;
                }
                let fresh = 0;
                for (const item of page.data) {
                    if (known.has(item.id)) continue;
                    known.add(item.id);
                    seen.push(item.id);
                    fresh++;
                    yield item;
                }
                if (page.data.length === 0 || page.data.length < limit) return;
                const next = page.data[page.data.length - 1]!.id;
                if (fresh === 0 && cursors.has(next)) {
                    throw new ResponseSchemaError(`GET ${path} with after=${next} answered the same ${page.data.length} records again: the API does not page by after`, { method: "GET", path });
                }
                cursors.add(next);
                after = next;
            }
        },
    };
}
