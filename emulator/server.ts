/**
 * The emulator's HTTP face: every endpoint of the contract's section 4 plus DELETE /rooms/{room}
 * under /api/v1, and the test-control endpoints under /_emulator (no auth, not rate limited,
 * not logged). Built on fastify: routing, JSON parsing and errors are its job, not ours.
 */
import { timingSafeEqual } from "node:crypto";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import { SignJWT } from "jose";
import { CONTENT_KINDS, METRICS, NotFound, ROLES, TEAM_METRICS, Team, ValidationFailure, uuidFrom, type ContentKind, type Json, type Room } from "./team";
import { applyRateLimit, Faults, RequestLog, TeamRateLimit, validClockMs, type FaultSpec, type RateLimitModel } from "./traffic";

export interface ServerOptions {
    teamId: string;
    developerKey: string;
    domain: string;
    rateLimit: number;
    /** "window" (default): the hosted service's fixed 60 s window; "bucket": a smooth token bucket. */
    rateLimitModel?: RateLimitModel;
    /** Added before every /api/v1 request is handled: a hosted API's round trip. Default 0. */
    latencyMs?: number;
    maxParticipantsPlan: number;
    now?: () => Date;
    logger: boolean;
}

const API = "/api/v1";
const NOT_FOUND = { message: "Not Found", error: "not-found" };

declare module "fastify" {
    interface FastifyRequest {
        dropAfter?: boolean;
        logged?: boolean;
    }
}

function sameSecret(given: string, expected: string): boolean {
    const a = Buffer.from(given);
    const b = Buffer.from(expected);
    return a.length === b.length && timingSafeEqual(a, b);
}

/** Contract section 5: Bearer with the developer key, or Basic with team id and key. */
function authenticated(header: string | undefined, teamId: string, key: string): boolean {
    if (!header) return false;
    const [scheme, value = ""] = header.split(" ", 2);
    if (scheme?.toLowerCase() === "bearer") return sameSecret(value.trim(), key);
    if (scheme?.toLowerCase() === "basic") {
        const decoded = Buffer.from(value.trim(), "base64").toString("utf8");
        const colon = decoded.indexOf(":");
        return colon > 0 && decoded.slice(0, colon) === teamId && sameSecret(decoded.slice(colon + 1), key);
    }
    return false;
}

class Unprocessable extends ValidationFailure {}

function fail(field: string, reason: string): never {
    throw new Unprocessable({ [field]: [reason] });
}

interface Page {
    limit: number;
    offset: number;
    order: "asc" | "desc";
    after?: string;
}

/** Pagination of 4.1: limit (max and default 100), offset, order (default desc), after. */
function pageOf(query: Json): Page {
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
function paginate<T>(items: T[], page: Page, matchesAfter: (item: T, after: string) => boolean): { total_count: number; data: T[] } {
    const ordered = page.order === "desc" ? [...items].reverse() : items;
    let start = 0;
    if (page.after !== undefined) {
        const index = ordered.findIndex((item) => matchesAfter(item, page.after!));
        if (index < 0) fail("after", "The selected after is invalid.");
        start = index + 1;
    }
    return { total_count: items.length, data: ordered.slice(start + page.offset, start + page.offset + page.limit) };
}

const isDate = (v: unknown): v is string => typeof v === "string" && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v)) && new Date(v).toISOString().startsWith(v);

/** Dates and metric selection of endpoints 20 and 21. */
function statisticsQuery(query: Json, team: Team, available: readonly string[]): { from: string; to: string; metrics: string[] } {
    const errors: Record<string, string[]> = {};
    let from = String(team.defaults.subscription_start).slice(0, 10);
    let to = String(team.defaults.subscription_end).slice(0, 10);
    if (query.date_start !== undefined) isDate(query.date_start) ? (from = query.date_start) : (errors.date_start = ["The date start field must match the format Y-m-d."]);
    if (query.date_end !== undefined) isDate(query.date_end) ? (to = query.date_end) : (errors.date_end = ["The date end field must match the format Y-m-d."]);
    if (!errors.date_start && !errors.date_end && from > to) errors.date_end = ["The date end field must be a date after or equal to date start."];
    let metrics = [...available];
    if (typeof query.metrics === "string" && query.metrics !== "") {
        metrics = query.metrics.split(",").map((m) => m.trim()).filter(Boolean);
        const unknown = metrics.filter((m) => !available.includes(m));
        if (unknown.length > 0) errors.metrics = [`Unknown metrics: ${unknown.join(", ")}.`];
    }
    if (Object.keys(errors).length > 0) throw new Unprocessable(errors);
    return { from, to, metrics };
}

/** Join token time claims: a Unix timestamp, a date-time string, or for `exp` minutes from now. */
function tokenTime(value: unknown, field: string, now: Date, minutesAllowed: boolean): number {
    if (typeof value === "number" && Number.isFinite(value)) {
        // Below 10^8 a number cannot be a plausible Unix time (1973): it is a count of minutes.
        if (minutesAllowed && value < 100_000_000) return Math.floor(now.getTime() / 1000) + Math.round(value * 60);
        return Math.floor(value);
    }
    if (typeof value === "string" && value.trim() !== "") {
        if (/^\d+$/.test(value)) return tokenTime(Number(value), field, now, minutesAllowed);
        const text = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(value) ? `${value.replace(" ", "T")}Z` : value;
        const ms = Date.parse(text);
        if (!Number.isNaN(ms)) return Math.floor(ms / 1000);
    }
    fail(field, `The ${field} field must be a Unix timestamp${minutesAllowed ? ", a number of minutes" : ""} or a date-time.`);
}

/**
 * The JSON body of a GET (endpoint 16 carries `locale` and `lang` in one). fastify treats GET as
 * bodyless and leaves the stream unread, so this route reads it itself; malformed JSON is a 400
 * like on every other route.
 */
async function getBody(req: FastifyRequest, limit: number, reply: FastifyReply): Promise<Json> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req.raw) {
        size += (chunk as Buffer).length;
        // The same body limit as fastify applies to every other route, checked as it arrives.
        // The rest is not read: the connection closes after the 413 instead of draining it.
        if (size > limit) {
            reply.header("connection", "close");
            throw Object.assign(new Error("Request body is too large"), { statusCode: 413 });
        }
        chunks.push(chunk as Buffer);
    }
    const text = Buffer.concat(chunks).toString("utf8");
    if (text.trim() === "") return {};
    let parsed: unknown;
    try {
        parsed = JSON.parse(text);
    } catch {
        throw Object.assign(new Error("Malformed JSON in the request body."), { statusCode: 400 });
    }
    if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) fail("body", "The request body must be a JSON object.");
    return parsed as Json;
}

const EXPORT_WORDS: Record<string, string> = { en: "Transcript", it: "Trascrizione", de: "Transkript", es: "Transcripción" };

const BODY_LIMIT = 20 * 1024 * 1024;

export function buildServer(options: ServerOptions): { app: FastifyInstance; team: Team; log: RequestLog; faults: Faults; limiter: TeamRateLimit; config: { maxParticipantsPlan: number; latencyMs: number } } {
    let clockOffsetMs = 0;
    const now = options.now ?? (() => new Date(Date.now() + clockOffsetMs));
    const config = { maxParticipantsPlan: options.maxParticipantsPlan, latencyMs: options.latencyMs ?? 0 };
    const team = new Team(options.teamId, options.domain, now, () => config.maxParticipantsPlan);
    const log = new RequestLog();
    const faults = new Faults();
    const limiter = new TeamRateLimit(options.rateLimit, options.rateLimitModel ?? "window", () => now().getTime());
    const app = Fastify({
        logger: options.logger
            ? { level: "info", redact: { paths: ["req.headers.authorization"], censor: "[redacted]" }, serializers: { req: (r) => ({ method: r.method, url: r.url }) } }
            : false,
        bodyLimit: BODY_LIMIT,
    });

    // An empty body with a JSON content type is "no body" (a DELETE without options), not an error.
    app.removeContentTypeParser("application/json");
    app.addContentTypeParser("application/json", { parseAs: "string" }, (_req, body, done) => {
        const text = String(body);
        if (text.trim() === "") return done(null, undefined);
        try {
            done(null, JSON.parse(text));
        } catch {
            const error = new Error("Malformed JSON in the request body.") as Error & { statusCode: number };
            error.statusCode = 400;
            done(error, undefined);
        }
    });

    const isApi = (req: FastifyRequest) => req.url.startsWith(`${API}/`) || req.url === API || req.url.startsWith(`${API}?`);
    const pathOf = (req: FastifyRequest) => req.url.split("?")[0]!;
    const record = (req: FastifyRequest, status: number) => {
        if (!isApi(req) || req.logged) return;
        req.logged = true;
        const url = req.url;
        const q = url.indexOf("?");
        log.add({
            method: req.method,
            path: pathOf(req),
            route: req.routeOptions.url ?? pathOf(req),
            query: q >= 0 ? url.slice(q + 1) : "",
            status,
            at: new Date().toISOString(),
        });
    };

    app.addHook("onRequest", async (req, reply) => {
        if (!isApi(req)) return;
        if (config.latencyMs > 0) await new Promise((r) => setTimeout(r, config.latencyMs));
        const fault = faults.take(req.method, pathOf(req));
        if (fault?.latencyMs) await new Promise((r) => setTimeout(r, fault.latencyMs));
        if (fault?.drop === "before") {
            record(req, 0);
            reply.hijack();
            req.raw.socket.destroy();
            return reply;
        }
        if (fault?.drop === "after") req.dropAfter = true;
        if (fault?.status !== undefined) {
            return reply.code(fault.status).headers(fault.headers ?? {}).send(fault.body ?? { message: "Injected fault", error: "injected" });
        }
        if (applyRateLimit(reply, limiter.take())) return reply;
        if (!authenticated(req.headers.authorization, options.teamId, options.developerKey)) {
            return reply.code(401).send({ message: "Unauthenticated.", error: "unauthenticated" });
        }
        return undefined;
    });

    app.addHook("onSend", async (req, reply, payload) => {
        if (req.dropAfter) {
            // The request was acted on; the answer is lost on the way back.
            record(req, 0);
            req.raw.socket.destroy();
        }
        return payload;
    });
    app.addHook("onResponse", async (req, reply) => record(req, reply.statusCode));
    // The client gave up (its timeout) before the answer: logged with status 0, like a dropped connection.
    app.addHook("onRequestAbort", async (req) => record(req, 0));

    app.setErrorHandler((error: Error & { statusCode?: number }, _req, reply) => {
        if (error instanceof NotFound) return reply.code(404).send(NOT_FOUND);
        if (error instanceof ValidationFailure) return reply.code(422).send({ message: error.message, errors: error.errors });
        const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
        return reply.code(status).send({ message: status === 500 ? "Server Error" : error.message, error: status === 400 ? "bad-request" : "error" });
    });
    app.setNotFoundHandler((_req, reply) => reply.code(404).send(NOT_FOUND));

    const body = (req: FastifyRequest): Json => {
        const b = req.body;
        if (b === undefined || b === null) return {};
        if (typeof b !== "object" || Array.isArray(b)) fail("body", "The request body must be a JSON object.");
        return b as Json;
    };
    const query = (req: FastifyRequest) => (req.query ?? {}) as Json;
    const roomParam = (req: FastifyRequest) => team.findRoom((req.params as { room: string }).room);

    // ---- 1, 2: default settings --------------------------------------------------------------
    app.get(`${API}`, async () => team.defaultsRecord());
    app.get(`${API}/`, async () => team.defaultsRecord());
    app.patch(`${API}`, async (req) => team.updateDefaults(body(req)));
    app.patch(`${API}/`, async (req) => team.updateDefaults(body(req)));

    // ---- 3 to 6, and DELETE: rooms --------------------------------------------------------------
    app.get(`${API}/rooms`, async (req) => {
        const q = query(req);
        const raw = [q.tag, q["tag[]"]].flat().filter((t): t is string => typeof t === "string");
        const tags = raw.flatMap((t) => t.split(",")).map((t) => t.trim()).filter(Boolean);
        const page = pageOf(q);
        const result = paginate(team.listRooms(tags), page, (r: Room, after) => r.id === after || r.friendly_url === after);
        return { data: result.data.map((r) => team.roomListItem(r)), total_count: result.total_count };
    });
    app.post(`${API}/rooms`, async (req) => {
        // JSON null is a body, and not an object: 422 as documented (no body at all is {}).
        if (req.body === null) fail("body", "The request body must be a JSON object.");
        return team.createRoom(body(req));
    });
    app.get(`${API}/rooms/:room`, async (req) => team.roomRecord(roomParam(req)));
    app.patch(`${API}/rooms/:room`, async (req) => team.updateRoom((req.params as { room: string }).room, body(req)));
    app.delete(`${API}/rooms/:room`, async (req, reply) => {
        const b = body(req);
        if (b.delete_resources !== undefined && typeof b.delete_resources !== "boolean") fail("delete_resources", "The delete resources field must be true or false.");
        team.deleteRoom((req.params as { room: string }).room);
        return reply.code(204).send();
    });

    // ---- 7 to 13: room content deletion -------------------------------------------------------
    for (const kind of CONTENT_KINDS) {
        app.delete(`${API}/rooms/:room/${kind}`, async (req, reply) => {
            const room = roomParam(req);
            if (kind === "chat" || kind === "transcripts") room.content[kind] = [];
            else room.content[kind] = 0;
            return reply.code(204).send();
        });
    }

    // ---- 14 to 16: chat and transcripts ----------------------------------------------------------
    const sessionFilter = <T extends { session_id: string }>(items: T[], q: Json): T[] => {
        if (q.session_id === undefined || q.session_id === "") return items;
        if (typeof q.session_id !== "string" || !/^[0-9a-f-]{36}$/i.test(q.session_id)) fail("session_id", "The session id field must be a valid UUID.");
        return items.filter((i) => i.session_id === q.session_id);
    };
    app.get(`${API}/rooms/:room/chat`, async (req) => {
        const room = roomParam(req);
        const q = query(req);
        const page = pageOf(q);
        const result = paginate(sessionFilter(room.content.chat, q), page, (m, after) => m.id === after);
        return { total_count: result.total_count, data: result.data.map(({ session_id: _s, ...m }) => m) };
    });
    app.get(`${API}/rooms/:room/transcripts`, async (req) => {
        const room = roomParam(req);
        const q = query(req);
        // `after` belongs to endpoints 3 and 18 only (4.1); here it is ignored like any unknown parameter.
        const result = paginate(sessionFilter(room.content.transcripts, q), { ...pageOf(q), after: undefined }, () => false);
        return { total_count: result.total_count, data: result.data.map(({ session_id: _s, ...t }) => t) };
    });
    app.get(`${API}/rooms/:room/transcripts/export`, async (req, reply) => {
        const room = roomParam(req);
        const q = query(req);
        const b = await getBody(req, BODY_LIMIT, reply);
        const format = q.format ?? "txt";
        const locale = b.locale ?? q.locale ?? "en";
        const lang = b.lang ?? q.lang ?? "en";
        const errors: Record<string, string[]> = {};
        if (format !== "txt" && format !== "json") errors.format = ["The selected format is invalid. Allowed: txt, json."];
        for (const [name, value] of [["locale", locale], ["lang", lang]] as const) {
            if (typeof value !== "string" || !(value in EXPORT_WORDS)) errors[name] = [`The selected ${name} is invalid. Allowed: en, it, de, es.`];
        }
        if (Object.keys(errors).length > 0) throw new Unprocessable(errors);
        const entries = sessionFilter(room.content.transcripts, q).map(({ session_id: _s, ...t }) => t);
        if (format === "json") return reply.type("application/json").send({ room_id: room.id, lang, locale, transcripts: entries });
        const when = (t: unknown) => new Date(String(t)).toLocaleString(String(locale), { timeZone: "UTC" });
        const lines = entries.map((t) => `[${when(t.start_time)}] ${String(t.participant_name)}: ${String(t.transcript)}`);
        return reply.type("text/plain; charset=utf-8").send(`${EXPORT_WORDS[String(lang)]}: ${room.friendly_url}\n\n${lines.join("\n")}\n`);
    });

    // ---- 17: join tokens -------------------------------------------------------------------------
    app.post(`${API}/rooms/:room/token`, async (req) => {
        const room = roomParam(req);
        const b = body(req);
        const errors: Record<string, string[]> = {};
        for (const f of ["ud", "u", "initials", "role", "breakoutId", "avatar"]) {
            if (b[f] !== undefined && typeof b[f] !== "string") errors[f] = [`The ${f} field must be a string.`];
        }
        if (typeof b.role === "string" && !team.findRole(b.role)) errors.role = ["The selected role is invalid."];
        if (typeof b.avatar === "string" && !/^https?:\/\/\S+$/.test(b.avatar)) errors.avatar = ["The avatar field must be a valid URL."];
        if (typeof b.breakoutId === "string" && !/^[0-9a-f-]{36}$/i.test(b.breakoutId)) errors.breakoutId = ["The breakout id field must be a valid UUID."];
        if (Object.keys(errors).length > 0) throw new Unprocessable(errors);
        const at = now();
        const claims: Json = { td: options.teamId, rd: room.id };
        for (const f of ["ud", "u", "initials", "role", "avatar", "breakoutId"]) if (typeof b[f] === "string") claims[f] = b[f];
        let jwt = new SignJWT(claims).setProtectedHeader({ alg: "HS256", typ: "JWT" }).setIssuedAt(Math.floor(at.getTime() / 1000));
        if (b.exp !== undefined && b.exp !== null) jwt = jwt.setExpirationTime(tokenTime(b.exp, "exp", at, true));
        if (b.nbf !== undefined && b.nbf !== null) jwt = jwt.setNotBefore(tokenTime(b.nbf, "nbf", at, false));
        const token = await jwt.sign(new TextEncoder().encode(options.developerKey));
        const url = String(team.roomRecord(room).room_url);
        return { token, link: `${url}?token=${token}` };
    });

    // ---- 18, 19: roles ---------------------------------------------------------------------------
    const roleItem = ({ permissions: _p, allow_private_group_chat: _a, ...r }: (typeof ROLES)[number]) => ({ ...r, created_at: "2024-01-01T00:00:00Z", updated_at: "2024-01-01T00:00:00Z" });
    app.get(`${API}/roles`, async (req) => {
        const result = paginate([...ROLES], pageOf(query(req)), (r, after) => r.id === after || r.name === after);
        return { total_count: result.total_count, data: result.data.map(roleItem) };
    });
    app.get(`${API}/roles/:role`, async (req) => {
        const r = team.findRole((req.params as { role: string }).role);
        if (!r) throw new NotFound();
        return { ...roleItem(r), permissions: r.permissions };
    });

    // ---- 20, 21: statistics ----------------------------------------------------------------------
    app.get(`${API}/rooms/:room/statistics`, async (req) => {
        const room = roomParam(req);
        const { from, to, metrics } = statisticsQuery(query(req), team, METRICS);
        const r = team.roomRecord(room);
        return {
            room_id: room.id,
            room_external_id: r.external_id ?? null,
            room_description: r.description ?? null,
            room_friendly_url: room.friendly_url,
            room_privacy: r.privacy,
            room_source: "api",
            room_max_participants: r.max_participants,
            room_is_deleted: false,
            ...team.statistics(metrics, from, to, room.id),
            date_start: from,
            date_end: to,
        };
    });
    app.get(`${API}/statistics`, async (req) => {
        const { from, to, metrics } = statisticsQuery(query(req), team, TEAM_METRICS);
        return { team_id: options.teamId, ...team.statistics(metrics, from, to), date_start: from, date_end: to };
    });

    // ---- test control --------------------------------------------------------------------------
    app.get("/_emulator/requests", async () => log.summary());
    app.delete("/_emulator/requests", async (_req, reply) => {
        log.clear();
        return reply.code(204).send();
    });
    app.post("/_emulator/faults", async (req, reply) => {
        try {
            return reply.code(201).send({ id: faults.add(body(req) as unknown as FaultSpec) });
        } catch (e) {
            return reply.code(400).send({ message: (e as Error).message, error: "bad-request" });
        }
    });
    app.delete("/_emulator/faults", async (_req, reply) => {
        faults.clear();
        return reply.code(204).send();
    });
    app.get("/_emulator/clock", async () => ({ now: now().toISOString() }));
    app.post("/_emulator/clock", async (req, reply) => {
        if (options.now) return reply.code(409).send({ message: "The clock was injected by the caller; move it there.", error: "conflict" });
        const b = body(req);
        if (b.advanceSeconds !== undefined && (typeof b.advanceSeconds !== "number" || !Number.isFinite(b.advanceSeconds))) {
            return reply.code(400).send({ message: "advanceSeconds must be a number.", error: "bad-request" });
        }
        if (b.now !== undefined && (typeof b.now !== "string" || Number.isNaN(Date.parse(b.now)))) {
            return reply.code(400).send({ message: "now must be an ISO 8601 date-time.", error: "bad-request" });
        }
        let offset = clockOffsetMs;
        if (typeof b.now === "string") offset = Date.parse(b.now) - Date.now();
        if (typeof b.advanceSeconds === "number") offset += b.advanceSeconds * 1000;
        // Checked before it is kept: a time a Date cannot hold would break every later request.
        if (!validClockMs(Date.now() + offset)) return reply.code(400).send({ message: "The clock would move past the range of a date.", error: "bad-request" });
        clockOffsetMs = offset;
        return { now: now().toISOString() };
    });
    app.post("/_emulator/rooms/:room/content", async (req, reply) => {
        const room = roomParam(req);
        const b = body(req);
        const at = now();
        const session = uuidFrom(`${room.id}/session/default`);
        for (const [i, seed] of ((b.chat as Json[] | undefined) ?? []).entries()) {
            const n = room.content.chat.length + i;
            room.content.chat.push({
                id: uuidFrom(`${room.id}/chat/${n}/${at.getTime()}`),
                message: `Message ${n + 1}`,
                participant_id: uuidFrom(`${room.id}/participant/${n % 3}`),
                external_participant_id: null,
                participant_name: ["Ada", "Grace", "Linus"][n % 3],
                created_at: new Date(at.getTime() + n * 1000).toISOString().replace(/\.(\d{3})Z$/, ".$1000Z"),
                ...seed,
                session_id: typeof seed.session_id === "string" ? seed.session_id : session,
            } as never);
        }
        for (const [i, seed] of ((b.transcripts as Json[] | undefined) ?? []).entries()) {
            const n = room.content.transcripts.length + i;
            const start = new Date(at.getTime() + n * 5000);
            room.content.transcripts.push({
                participant_id: uuidFrom(`${room.id}/participant/${n % 3}`),
                participant_name: ["Ada", "Grace", "Linus"][n % 3],
                transcript: `Sentence number ${n + 1}.`,
                start_time: start.toISOString().slice(0, 19) + "Z",
                end_time: new Date(start.getTime() + 4000).toISOString().slice(0, 19) + "Z",
                ...seed,
                session_id: typeof seed.session_id === "string" ? seed.session_id : session,
            } as never);
        }
        for (const kind of ["questions", "summaries", "polls", "quizzes", "recordings"] as const) {
            if (typeof b[kind] === "number") room.content[kind] += b[kind] as number;
        }
        return reply.code(201).send(contentCounts(room));
    });
    app.get("/_emulator/rooms/:room/content", async (req) => contentCounts(roomParam(req)));
    app.post("/_emulator/usage", async (req, reply) => {
        const b = body(req);
        if (!isDate(b.date)) return reply.code(400).send({ message: "date must be YYYY-MM-DD", error: "bad-request" });
        const roomId = typeof b.room === "string" ? team.findRoom(b.room).id : undefined;
        team.usage.push({ roomId, date: b.date, metrics: (b.metrics ?? {}) as Record<string, number> });
        return reply.code(201).send({ recorded: true });
    });
    app.patch("/_emulator/config", async (req) => {
        const b = body(req);
        if (typeof b.rateLimit === "number") limiter.setLimit(b.rateLimit);
        if (b.rateLimitModel === "window" || b.rateLimitModel === "bucket") limiter.setModel(b.rateLimitModel);
        if (typeof b.latencyMs === "number" && b.latencyMs >= 0) config.latencyMs = b.latencyMs;
        if (typeof b.maxParticipantsPlan === "number") config.maxParticipantsPlan = b.maxParticipantsPlan;
        team.defaults.max_participants = config.maxParticipantsPlan;
        return { rateLimit: limiter.limit, rateLimitModel: limiter.model, latencyMs: config.latencyMs, maxParticipantsPlan: config.maxParticipantsPlan };
    });
    app.post("/_emulator/reset", async (_req, reply) => {
        team.reset();
        log.clear();
        faults.clear();
        limiter.reset();
        return reply.code(204).send();
    });
    app.get("/_emulator/state", async () => ({ defaults: team.defaultsRecord(), rooms: team.listRooms([]).map((r) => team.roomRecord(r)) }));

    return { app, team, log, faults, limiter, config };
}

function contentCounts(room: Room): Record<ContentKind, number> {
    const c = room.content;
    return { chat: c.chat.length, questions: c.questions, summaries: c.summaries, transcripts: c.transcripts.length, polls: c.polls, quizzes: c.quizzes, recordings: c.recordings };
}

export type { FastifyReply };
