/**
 * The test-control endpoints under /_emulator (no auth, not rate limited, not logged): the request
 * log, faults, the clock, seeded content and usage, plan and rate settings, reset and state.
 */
import { developerKeyProblem } from "../identity";
import type { Json } from "../model";
import { validClockMs, type FaultSpec } from "../traffic";
import { bodyOf, isDate, roomRef, type RouteContext } from "./shared";

export function controlRoutes({ app, team, log, faults, limiter, config, clock, now, credentials, crash }: RouteContext): void {
    // Rotates the developer key: the old one is refused from then on. The key is never echoed.
    app.post("/_emulator/developer-key", async (req, reply) => {
        const { developerKey } = bodyOf(req);
        const problem = developerKeyProblem(developerKey);
        if (problem) return reply.code(400).send({ message: problem, error: "bad-request" });
        credentials.developerKey = developerKey as string;
        return reply.code(204).send();
    });
    app.get("/_emulator/requests", async () => log.summary());
    app.delete("/_emulator/requests", async (_req, reply) => {
        log.clear();
        return reply.code(204).send();
    });
    app.post("/_emulator/faults", async (req, reply) => {
        try {
            return reply.code(201).send({ id: faults.add(bodyOf(req) as unknown as FaultSpec) });
        } catch (e) {
            return reply.code(400).send({ message: (e as Error).message, error: "bad-request" });
        }
    });
    app.delete("/_emulator/faults", async (_req, reply) => {
        faults.clear();
        return reply.code(204).send();
    });
    // The API stops answering after the Nth write from now (a crashed client's last write reached it): traffic.ts.
    app.post("/_emulator/crash-point", async (req, reply) => {
        try {
            crash.arm(bodyOf(req).afterWrites as number);
        } catch (e) {
            return reply.code(400).send({ message: (e as Error).message, error: "bad-request" });
        }
        return reply.code(201).send(crash.status());
    });
    app.get("/_emulator/crash-point", async () => crash.status());
    app.delete("/_emulator/crash-point", async () => {
        const status = crash.status();
        crash.clear();
        return status;
    });
    app.get("/_emulator/clock", async () => ({ now: now().toISOString() }));
    app.post("/_emulator/clock", async (req, reply) => {
        if (!clock) return reply.code(409).send({ message: "The clock was injected by the caller; move it there.", error: "conflict" });
        const b = bodyOf(req);
        if (b.advanceSeconds !== undefined && (typeof b.advanceSeconds !== "number" || !Number.isFinite(b.advanceSeconds))) {
            return reply.code(400).send({ message: "advanceSeconds must be a number.", error: "bad-request" });
        }
        if (b.now !== undefined && (typeof b.now !== "string" || Number.isNaN(Date.parse(b.now)))) {
            return reply.code(400).send({ message: "now must be an ISO 8601 date-time.", error: "bad-request" });
        }
        let offset = clock.offsetMs;
        if (typeof b.now === "string") offset = Date.parse(b.now) - Date.now();
        if (typeof b.advanceSeconds === "number") offset += b.advanceSeconds * 1000;
        // Checked before it is kept: a time a Date cannot hold would break every later request.
        if (!validClockMs(Date.now() + offset)) return reply.code(400).send({ message: "The clock would move past the range of a date.", error: "bad-request" });
        clock.offsetMs = offset;
        return { now: now().toISOString() };
    });
    app.post("/_emulator/rooms/:room/content", async (req, reply) => {
        const room = team.findRoom(roomRef(req));
        const b = bodyOf(req);
        team.seedContent(room, { chat: b.chat as Json[] | undefined, transcripts: b.transcripts as Json[] | undefined, counts: b });
        return reply.code(201).send(team.contentCounts(room));
    });
    app.get("/_emulator/rooms/:room/content", async (req) => team.contentCounts(team.findRoom(roomRef(req))));
    app.post("/_emulator/usage", async (req, reply) => {
        const b = bodyOf(req);
        if (!isDate(b.date)) return reply.code(400).send({ message: "date must be YYYY-MM-DD", error: "bad-request" });
        const roomId = typeof b.room === "string" ? team.findRoom(b.room).id : undefined;
        team.recordUsage({ roomId, date: b.date, metrics: (b.metrics ?? {}) as Record<string, number> });
        return reply.code(201).send({ recorded: true });
    });
    app.patch("/_emulator/config", async (req) => {
        const b = bodyOf(req);
        if (typeof b.rateLimit === "number") limiter.setLimit(b.rateLimit);
        if (b.rateLimitModel === "window" || b.rateLimitModel === "bucket") limiter.setModel(b.rateLimitModel);
        if (typeof b.latencyMs === "number" && b.latencyMs >= 0) config.latencyMs = b.latencyMs;
        if (typeof b.maxParticipantsPlan === "number") config.maxParticipantsPlan = b.maxParticipantsPlan;
        team.applyPlanMaximum();
        return { rateLimit: limiter.limit, rateLimitModel: limiter.model, latencyMs: config.latencyMs, maxParticipantsPlan: config.maxParticipantsPlan };
    });
    app.post("/_emulator/reset", async (_req, reply) => {
        team.reset();
        log.clear();
        faults.clear();
        crash.clear();
        limiter.reset();
        return reply.code(204).send();
    });
    app.get("/_emulator/state", async () => ({ defaults: team.defaultsRecord(), rooms: team.listRooms([]).map((r) => team.roomRecord(r)) }));
}
