/**
 * What every route module of the emulator shares: the context it is given, the contract's
 * pagination, and reading bodies and queries in the API's way.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { ValidationFailure, type Json } from "../model";
import type { Team } from "../team";
import type { CrashPoint, Faults, RequestLog, TeamRateLimit } from "../traffic";

export const API = "/api/v1";

/** The emulator's parts, handed to each route module. */
export interface RouteContext {
    app: FastifyInstance;
    team: Team;
    teamId: string;
    /** Mutable: the control API can rotate the key (POST /_emulator/developer-key), as a team admin would. */
    credentials: { developerKey: string };
    now: () => Date;
    log: RequestLog;
    faults: Faults;
    limiter: TeamRateLimit;
    /** Plan values the control API may change. */
    config: { maxParticipantsPlan: number; latencyMs: number };
    /** The clock, when the caller did not inject its own: moved by the control API. */
    clock?: { offsetMs: number };
    /** Where the API stops answering, as it sees a crashed client (POST /_emulator/crash-point). */
    crash: CrashPoint;
}

/** The largest request body any route reads (fastify's limit, and the transcript export's own). */
export const BODY_LIMIT = 20 * 1024 * 1024;

export class Unprocessable extends ValidationFailure {}

export function fail(field: string, reason: string): never {
    throw new Unprocessable({ [field]: [reason] });
}

export interface Page {
    limit: number;
    offset: number;
    order: "asc" | "desc";
    after?: string;
}

/** Pagination of 4.1: limit (max and default 100), offset, order (default desc), after. */
export function pageOf(query: Json): Page {
    const errors: Record<string, string[]> = {};
    const int = (name: string, min: number, max?: number): number | undefined => {
        const raw = query[name];
        if (raw === undefined || raw === "") return undefined;
        const n = Number(raw);
        if (!Number.isInteger(n) || n < min || (max !== undefined && n > max)) {
            (errors[name] ??= []).push(max === undefined ? `The ${name} field must be an integer of at least ${min}.` : `The ${name} field must be an integer between ${min} and ${max}.`);
            return undefined;
        }
        return n;
    };
    const limit = int("limit", 1, 100) ?? 100;
    const offset = int("offset", 0) ?? 0;
    const order = query.order ?? "desc";
    if (order !== "asc" && order !== "desc") (errors.order ??= []).push("The selected order is invalid. Allowed: asc, desc.");
    if (Object.keys(errors).length > 0) throw new Unprocessable(errors);
    return { limit, offset, order: order as "asc" | "desc", after: typeof query.after === "string" && query.after !== "" ? query.after : undefined };
}

/** Orders, skips past `after`, then applies offset and limit; `total_count` counts every match. */
export function paginate<T>(items: T[], page: Page, matchesAfter: (item: T, after: string) => boolean): { total_count: number; data: T[] } {
    const ordered = page.order === "desc" ? [...items].reverse() : items;
    let start = 0;
    if (page.after !== undefined) {
        const index = ordered.findIndex((item) => matchesAfter(item, page.after!));
        if (index < 0) fail("after", "The selected after is invalid.");
        start = index + 1;
    }
    return { total_count: items.length, data: ordered.slice(start + page.offset, start + page.offset + page.limit) };
}

export const isDate = (v: unknown): v is string => typeof v === "string" && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v)) && new Date(v).toISOString().startsWith(v);

/** The JSON object body of a request; none is `{}`. */
export function bodyOf(req: FastifyRequest): Json {
    const b = req.body;
    if (b === undefined || b === null) return {};
    if (typeof b !== "object" || Array.isArray(b)) fail("body", "The request body must be a JSON object.");
    return b as Json;
}

export const queryOf = (req: FastifyRequest) => (req.query ?? {}) as Json;

/** The `:room` of the path, as a room id or friendly URL. */
export const roomRef = (req: FastifyRequest) => (req.params as { room: string }).room;
