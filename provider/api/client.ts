/**
 * The Rooms API client: one typed method per endpoint of the contract's section 4 (plus
 * DELETE /rooms/{room}), over a keep-alive undici pool, paced by the process-wide limiter,
 * retried by the rules in retry.ts, answers checked by the schemas in records.ts.
 * It speaks the API's snake_case; the resource layer maps names (names.ts).
 */
import { Pool } from "undici";
import type { z } from "zod";
import type { ContentKind } from "../model/content";
import type { ClientConfig } from "./config";
import { ApiError, NetworkError, RateLimitedError, ResponseSchemaError, ServerError, TimeoutError, ValidationError, errorFromResponse } from "./errors";
import { sharedLimiter, type RequestBudget } from "./limiter";
import {
    chatMessageSchema,
    defaultsRecordSchema,
    joinTokenSchema,
    listOf,
    roleSchema,
    roleWithPermissionsSchema,
    roomListItemSchema,
    roomRecordSchema,
    roomStatisticsSchema,
    teamStatisticsSchema,
    transcriptEntrySchema,
    type ChatMessage,
    type DefaultsRecord,
    type JoinToken,
    type RoleRecord,
    type RoleWithPermissions,
    type RoomListItem,
    type RoomRecord,
    type RoomStatistics,
    type TeamStatistics,
    type TranscriptEntry,
} from "./records";
import { redact, secretsOf, withoutSecretFields } from "./redact";
import { backoffDelay, shouldRetry } from "./retry";

export type Body = Record<string, unknown>;
export type Order = "asc" | "desc";

export interface PageQuery {
    limit?: number;
    offset?: number;
    order?: Order;
    /** An id (or, for rooms, a friendly URL): records after that one. */
    after?: string;
}
export interface RoomQuery extends PageQuery {
    /** Rooms carrying any of these tags. */
    tag?: string | string[];
}
export interface SessionQuery extends PageQuery {
    sessionId?: string;
}
export interface StatisticsQuery {
    dateStart?: string;
    dateEnd?: string;
    metrics?: readonly string[];
}
export interface Page<T> {
    data: T[];
    totalCount: number;
}

/** Connection errors where the request never reached the server: it cannot have acted. */
const NOT_SENT_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH", "UND_ERR_CONNECT_TIMEOUT"]);

const pools = new Map<string, Pool>();

function poolFor(origin: string, connections: number): Pool {
    let pool = pools.get(origin);
    if (!pool || pool.closed || pool.destroyed) {
        pool = new Pool(origin, { connections, pipelining: 1, keepAliveTimeout: 10_000 });
        pools.set(origin, pool);
    }
    return pool;
}

function sleep(ms: number): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, ms));
}

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

export class RoomsClient {
    private readonly origin: string;
    private readonly basePath: string;
    private readonly authorization: string;
    private readonly limiter: RequestBudget;

    constructor(readonly config: ClientConfig) {
        const url = new URL(config.apiUrl);
        this.origin = url.origin;
        this.basePath = url.pathname.replace(/\/+$/, "");
        this.authorization =
            config.auth === "basic"
                ? `Basic ${Buffer.from(`${config.teamId}:${config.developerKey}`).toString("base64")}`
                : `Bearer ${config.developerKey}`;
        this.limiter = sharedLimiter(`${this.origin}${this.basePath}#${config.teamId ?? ""}`, {
            requestsPerMinute: config.requestsPerMinute,
            maxInFlight: config.maxInFlight,
        });
        // The key must not be reachable by a careless JSON.stringify or util.inspect of the client.
        Object.defineProperty(this, "authorization", { enumerable: false });
        Object.defineProperty(this, "config", { enumerable: false });
    }

    // ---- 1, 2: team default settings ------------------------------------------------------------

    getDefaults(): Promise<DefaultsRecord> {
        return this.call("GET", "/", { schema: defaultsRecordSchema() });
    }

    updateDefaults(body: Body): Promise<DefaultsRecord> {
        return this.call("PATCH", "/", { body, schema: defaultsRecordSchema() });
    }

    // ---- 3 to 6 and DELETE: rooms --------------------------------------------------------------

    async listRooms(query: RoomQuery = {}): Promise<Page<RoomListItem>> {
        const tags = query.tag === undefined ? undefined : Array.isArray(query.tag) ? query.tag : [query.tag as string];
        const answer = await this.call("GET", "/rooms", { query: { ...pageParams(query), "tag[]": tags }, schema: listOf(roomListItemSchema()) });
        return { data: answer.data, totalCount: answer.total_count };
    }

    iterateRooms(query: Omit<RoomQuery, "offset"> = {}): AsyncIterable<RoomListItem> {
        return paginate((offset) => this.listRooms({ ...query, offset }), query.limit);
    }

    createRoom(body: Body, reconcile?: CreateReconciliation<RoomRecord>): Promise<RoomRecord> {
        return this.call("POST", "/rooms", { body, schema: roomRecordSchema(), reconcile });
    }

    getRoom(room: string): Promise<RoomRecord> {
        return this.call("GET", roomPath(room), { schema: roomRecordSchema() });
    }

    updateRoom(room: string, body: Body): Promise<RoomRecord> {
        return this.call("PATCH", roomPath(room), { body, schema: roomRecordSchema() });
    }

    async deleteRoom(room: string, options: { deleteResources?: boolean } = {}): Promise<void> {
        await this.call("DELETE", roomPath(room), { body: options.deleteResources ? { delete_resources: true } : undefined });
    }

    // ---- 7 to 16: room content ---------------------------------------------------------------------

    async deleteRoomContent(room: string, kind: ContentKind): Promise<void> {
        await this.call("DELETE", `${roomPath(room)}/${kind}`, {});
    }

    async listChat(room: string, query: SessionQuery = {}): Promise<Page<ChatMessage>> {
        const answer = await this.call("GET", `${roomPath(room)}/chat`, { query: { ...pageParams(query), session_id: query.sessionId }, schema: listOf(chatMessageSchema()) });
        return { data: answer.data, totalCount: answer.total_count };
    }

    iterateChat(room: string, query: Omit<SessionQuery, "offset"> = {}): AsyncIterable<ChatMessage> {
        return paginate((offset) => this.listChat(room, { ...query, offset }), query.limit);
    }

    async listTranscripts(room: string, query: SessionQuery = {}): Promise<Page<TranscriptEntry>> {
        const answer = await this.call("GET", `${roomPath(room)}/transcripts`, { query: { ...pageParams(query), session_id: query.sessionId }, schema: listOf(transcriptEntrySchema()) });
        return { data: answer.data, totalCount: answer.total_count };
    }

    iterateTranscripts(room: string, query: Omit<SessionQuery, "offset"> = {}): AsyncIterable<TranscriptEntry> {
        return paginate((offset) => this.listTranscripts(room, { ...query, offset }), query.limit);
    }

    /** The transcripts as a file: text, or JSON text with format "json". */
    exportTranscripts(room: string, options: { format?: "txt" | "json"; locale?: string; lang?: string; sessionId?: string } = {}): Promise<string> {
        const body: Body = {};
        if (options.locale) body.locale = options.locale;
        if (options.lang) body.lang = options.lang;
        return this.call<undefined>("GET", `${roomPath(room)}/transcripts/export`, {
            // GET bodies are dropped by some proxies: the values go in the query as well.
            query: { format: options.format, locale: options.locale, lang: options.lang, session_id: options.sessionId },
            body: Object.keys(body).length > 0 ? body : undefined,
            text: true,
        });
    }

    // ---- 17: join tokens ---------------------------------------------------------------------------

    createJoinToken(room: string, body: Body = {}): Promise<JoinToken> {
        return this.call("POST", `${roomPath(room)}/token`, { body, schema: joinTokenSchema() });
    }

    // ---- 18, 19: roles -------------------------------------------------------------------------------

    async listRoles(query: PageQuery = {}): Promise<Page<RoleRecord>> {
        const answer = await this.call("GET", "/roles", { query: pageParams(query), schema: listOf(roleSchema()) });
        return { data: answer.data, totalCount: answer.total_count };
    }

    iterateRoles(query: Omit<PageQuery, "offset"> = {}): AsyncIterable<RoleRecord> {
        return paginate((offset) => this.listRoles({ ...query, offset }), query.limit);
    }

    getRole(idOrName: string): Promise<RoleWithPermissions> {
        return this.call("GET", `/roles/${encodeURIComponent(idOrName)}`, { schema: roleWithPermissionsSchema() });
    }

    // ---- 20, 21: statistics ----------------------------------------------------------------------------

    getRoomStatistics(room: string, query: StatisticsQuery = {}): Promise<RoomStatistics> {
        return this.call("GET", `${roomPath(room)}/statistics`, { query: statisticsParams(query), schema: roomStatisticsSchema() });
    }

    getTeamStatistics(query: StatisticsQuery = {}): Promise<TeamStatistics> {
        return this.call("GET", "/statistics", { query: statisticsParams(query), schema: teamStatisticsSchema() });
    }

    // ---- the API's clock ------------------------------------------------------------------------------

    /**
     * The API's current time, from the `Date` header of a small authenticated read (one role). Join tokens
     * expire by the API's clock, so rotation asks the API instead of trusting this machine's. Undefined
     * when the answer carries no valid `Date` (the caller then falls back to its own clock).
     */
    serverTime(): Promise<Date | undefined> {
        return this.call<undefined>("GET", "/roles", { query: { limit: 1 }, date: true }) as unknown as Promise<Date | undefined>;
    }

    /** 429 answers this process's limiter has seen (shared by every client of the same team). */
    get rateLimitedCount(): number {
        return this.limiter.rateLimitedCount;
    }

    // ---- the one request path ------------------------------------------------------------------------

    private async call<S extends z.ZodType | undefined>(method: string, path: string, options: CallOptions<S>): Promise<S extends z.ZodType ? z.output<S> : string> {
        const started = performance.now();
        const deadline = started + this.config.retryDeadlineMs;
        // Set once an attempt may have acted without an answer: from then on the API may refuse a replay because
        // of that attempt's own effect (the friendly URL it took), and only a lookup tells.
        let ambiguous = false;
        for (let attempt = 1; ; attempt++) {
            let error: ApiError;
            const release = await this.limiter.acquire();
            try {
                const answer = await this.attempt(method, path, options);
                this.limiter.onSuccess();
                return answer as never;
            } catch (e) {
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
                const existing = await this.settle(options.reconcile, error, attempt, started);
                if (existing !== undefined) return existing as never;
                retry = !replayRefused && shouldRetry({ method, error, attempt, maxAttempts: this.config.maxAttempts, notActedOn: true });
            }
            if (!retry) throw this.final(error, attempt, started);
            const delay = backoffDelay(attempt, retryAfter);
            if (performance.now() + delay > deadline) throw this.final(error, attempt, started);
            this.config.logger?.(`vcrooms: ${method} ${path} ${error.status ?? error.name}; retry ${attempt + 1} of ${this.config.maxAttempts} in ${delay} ms`);
            await sleep(delay);
        }
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

    private async attempt(method: string, path: string, options: CallOptions<z.ZodType | undefined>): Promise<unknown> {
        const fullPath = `${this.basePath}${path === "/" ? "/" : path}${queryString(options.query)}`;
        const headers: Record<string, string> = { authorization: this.authorization, accept: options.text ? "text/plain, application/json" : "application/json" };
        let payload: string | undefined;
        if (options.body !== undefined) {
            headers["content-type"] = "application/json";
            payload = JSON.stringify(options.body);
        }
        let response;
        try {
            response = await poolFor(this.origin, this.config.connections).request({
                method: method as "GET",
                path: fullPath,
                headers,
                body: payload,
                // undici's own timers tick about once a second: fine for the 30 s default, too coarse
                // for short timeouts, which get an exact (and costlier, about 20 us) abort signal.
                signal: this.config.timeoutMs < 5_000 ? AbortSignal.timeout(this.config.timeoutMs) : undefined,
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

/** A failure after which the API may have carried the request out: no answer, or a 5xx. */
function mayHaveActed(error: ApiError): boolean {
    return error.mayHaveActed || error instanceof ServerError;
}

function roomPath(room: string): string {
    if (typeof room !== "string" || room.length === 0) throw new TypeError("room must be a room id or friendly URL");
    return `/rooms/${encodeURIComponent(room)}`;
}

function pageParams(q: PageQuery): Record<string, string | number | undefined> {
    return { limit: q.limit, offset: q.offset, order: q.order, after: q.after };
}

function statisticsParams(q: StatisticsQuery): Record<string, string | undefined> {
    return { date_start: q.dateStart, date_end: q.dateEnd, metrics: q.metrics && q.metrics.length > 0 ? q.metrics.join(",") : undefined };
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

/** Closes every pooled connection (tests, and the end of a bench). */
export async function closeAllPools(): Promise<void> {
    await Promise.all([...pools.values()].map((p) => p.close()));
    pools.clear();
}
