/**
 * The emulator's HTTP face: every endpoint of the contract's section 4 plus DELETE /rooms/{room}
 * under /api/v1, and the test-control endpoints under /_emulator (no auth, not rate limited,
 * not logged). Built on fastify: routing, JSON parsing and errors are its job, not ours. This
 * module wires the parts together and holds what every request goes through (faults, the rate
 * limit, authentication, the request log); the routes live in routes/, one module per area.
 */
import { timingSafeEqual } from "node:crypto";
import { STATUS_CODES } from "node:http";
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import { documentedAnswers, type AnswerProfile } from "./documented";
import { NotFound, ValidationFailure, type Json } from "./model";
import { Team } from "./team";
import { applyRateLimit, CrashPoint, Faults, RequestLog, TeamRateLimit, type RateLimitModel, type TeamChange } from "./traffic";
import { contentRoutes } from "./routes/content";
import { controlRoutes } from "./routes/control";
import { roomRoutes } from "./routes/rooms";
import { API, BODY_LIMIT, type RouteContext } from "./routes/shared";
import { tokenAndStatisticsRoutes } from "./routes/tokens";

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
    /** "contract" (default): answers as the contract shows them; "documented": in the shape of the vendor's document. */
    profile?: AnswerProfile;
}

const NOT_FOUND = { message: "Not Found", error: "not-found" };

declare module "fastify" {
    interface FastifyRequest {
        dropAfter?: boolean;
        /** The crash point's Nth write: acted on, its answer held until the crash point is cleared, then dropped. */
        holdAnswer?: boolean;
        logged?: boolean;
        teamChange?: TeamChange;
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

/** An empty body with a JSON content type is "no body" (a DELETE without options), not an error. */
function parseJsonBodies(app: FastifyInstance): void {
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
}

/** What every /api/v1 request goes through: faults, the rate limit, authentication, the request log. */
/** A fault's `change`: each change made on its own, skipped when the team model refuses it (a room already gone). */
function changeTeam(team: Team, change: TeamChange): void {
    const attempt = (act: () => void) => {
        try {
            act();
        } catch (error) {
            if (!(error instanceof NotFound || error instanceof ValidationFailure)) throw error;
        }
    };
    for (const ref of change.deleteRooms ?? []) attempt(() => team.deleteRoom(ref));
    for (const body of change.createRooms ?? []) attempt(() => team.createRoom(body as Json));
}

function guardApi({ app, log, faults, limiter, teamId, credentials, config, team, crash }: RouteContext): void {
    const isApi = (req: FastifyRequest) => req.url.startsWith(`${API}/`) || req.url === API || req.url.startsWith(`${API}?`);
    const pathOf = (req: FastifyRequest) => req.url.split("?")[0]!;
    const record = (req: FastifyRequest, status: number) => {
        if (!isApi(req) || req.logged) return;
        req.logged = true;
        const q = req.url.indexOf("?");
        log.add({ method: req.method, path: pathOf(req), route: req.routeOptions.url ?? pathOf(req), query: q >= 0 ? req.url.slice(q + 1) : "", status, at: new Date().toISOString() });
    };

    app.addHook("onRequest", async (req, reply) => {
        if (!isApi(req)) return;
        // A crashed client's service stops answering: checked first, as nothing else reaches a request past it.
        const admitted = crash.admit(req.method);
        if (admitted === "hold") {
            await crash.whenCleared();
            record(req, 0);
            reply.hijack();
            req.raw.socket.destroy();
            return reply;
        }
        if (admitted === "act-then-hold") req.holdAnswer = true;
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
        if (fault?.change) req.teamChange = fault.change;
        if (fault?.status !== undefined) {
            return reply.code(fault.status).headers(fault.headers ?? {}).send(fault.body ?? { message: "Injected fault", error: "injected" });
        }
        if (applyRateLimit(reply, limiter.take())) return reply;
        if (!authenticated(req.headers.authorization, teamId, credentials.developerKey)) {
            return reply.code(401).send({ message: "Unauthenticated.", error: "unauthenticated" });
        }
        return undefined;
    });
    app.addHook("onSend", async (req, _reply, payload) => {
        // The answer is made (payload serialized), not yet sent: the change falls between this request and the next.
        if (req.teamChange) changeTeam(team, req.teamChange);
        req.teamChange = undefined;
        if (req.holdAnswer) await crash.whenCleared();
        if (req.dropAfter || req.holdAnswer) {
            // The request was acted on; the answer is lost on the way back.
            record(req, 0);
            req.raw.socket.destroy();
        }
        return payload;
    });
    app.addHook("onResponse", async (req, reply) => record(req, reply.statusCode));
    // The client gave up (its timeout) before the answer: logged with status 0, like a dropped connection.
    app.addHook("onRequestAbort", async (req) => record(req, 0));
}

/**
 * The API's error shape for a status the team model does not produce (a 415, a 413, a malformed path):
 * `{message, error}`, the code the status's name in kebab case ("unsupported-media-type"), as "bad-request" and
 * "not-found" are; a 500 hides its cause.
 */
export function errorBody(status: number, message: string): { message: string; error: string } {
    const name = (STATUS_CODES[status] ?? "error").toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
    return { message: status === 500 ? "Server Error" : message, error: name };
}

/** The contract's error bodies: 404 and 422 from the team model, 400 for malformed requests, 500 otherwise. */
function answerErrors(app: FastifyInstance): void {
    app.setErrorHandler((error: Error & { statusCode?: number }, _req, reply) => {
        if (error instanceof NotFound) return reply.code(404).send(NOT_FOUND);
        if (error instanceof ValidationFailure) return reply.code(422).send({ message: error.message, errors: error.errors });
        const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
        return reply.code(status).send(errorBody(status, error.message));
    });
    app.setNotFoundHandler((_req, reply) => reply.code(404).send(NOT_FOUND));
}

export function buildServer(options: ServerOptions): { app: FastifyInstance; team: Team; log: RequestLog; faults: Faults; limiter: TeamRateLimit; config: { maxParticipantsPlan: number; latencyMs: number } } {
    const clock = options.now ? undefined : { offsetMs: 0 };
    const now = options.now ?? (() => new Date(Date.now() + clock!.offsetMs));
    const config = { maxParticipantsPlan: options.maxParticipantsPlan, latencyMs: options.latencyMs ?? 0 };
    const app = Fastify({
        logger: options.logger
            ? { level: "info", redact: { paths: ["req.headers.authorization"], censor: "[redacted]" }, serializers: { req: (r) => ({ method: r.method, url: r.url }) } }
            : false,
        bodyLimit: BODY_LIMIT,
        // Errors fastify raises before routing (a path that does not decode, a parameter too long) answer the
        // API's error shape too, not fastify's own body.
        frameworkErrors: (error: FastifyError, _req: FastifyRequest, reply: FastifyReply) => {
            const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
            return reply.code(status).send(errorBody(status, status === 400 ? "Malformed request path." : error.message));
        },
    });
    const context: RouteContext = {
        app,
        team: new Team(options.teamId, options.domain, now, () => config.maxParticipantsPlan),
        teamId: options.teamId,
        credentials: { developerKey: options.developerKey },
        now,
        log: new RequestLog(),
        faults: new Faults(),
        limiter: new TeamRateLimit(options.rateLimit, options.rateLimitModel ?? "window", () => now().getTime()),
        config,
        clock,
        crash: new CrashPoint(),
    };
    parseJsonBodies(app);
    // Every answer is dated by the emulator's clock, as a real server dates its answers by its own: clients
    // that must know the API's time (join-token rotation) read it from this header.
    app.addHook("onSend", async (_req, reply) => {
        reply.header("date", now().toUTCString());
    });
    guardApi(context);
    // Held requests would keep the server from closing: they are let go (closed unanswered) first.
    app.addHook("preClose", async () => context.crash.clear());
    if (options.profile === "documented") documentedAnswers(app);
    answerErrors(app);
    roomRoutes(context);
    contentRoutes(context);
    tokenAndStatisticsRoutes(context);
    controlRoutes(context);
    const { team, log, faults, limiter } = context;
    return { app, team, log, faults, limiter, config };
}
