/**
 * The test-control interface of docs/emulator.md: faults of each kind, the request log, the clock,
 * reset, state, config, seeding, and the rate limit's shape.
 */
import { describe, expect, it } from "vitest";
import { startEmulator } from "../../emulator";
import { LOG_ENTRIES_KEPT, LOG_QUERY_KEPT, RequestLog } from "../../emulator/traffic";
import { apiCaller, control } from "../support/http";
import { useEmulator } from "../support/emulator";

const env = useEmulator({ rateLimit: 0 }, { resetEach: true });
const { api } = env;

async function controlStatus(method: string, path: string, body?: unknown): Promise<number> {
    const res = await fetch(`${env.emulator.controlUrl}${path}`, { method, headers: body === undefined ? {} : { "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
    await res.text();
    return res.status;
}

describe("faults", () => {
    it("answers an injected status with the default body, without acting on the request", async () => {
        const added = await fetch(`${env.emulator.controlUrl}/faults`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ method: "POST", path: "/api/v1/rooms", status: 500 }) });
        expect(added.status).toBe(201);
        expect(await added.json()).toEqual({ id: expect.any(Number) });
        const answer = await api("POST", "/rooms", { friendly_url: "not-made" });
        expect(answer.status).toBe(500);
        expect(answer.body).toEqual({ message: "Injected fault", error: "injected" });
        expect((await api("GET", "/rooms/not-made")).status).toBe(404);
        expect((await api("POST", "/rooms", { friendly_url: "not-made" })).status).toBe(200);
    });

    it("answers a custom body and headers, matches the method, and counts down", async () => {
        await control(env.emulator, "POST", "/faults", { method: "GET", path: "/api/v1/", status: 429, count: 2, body: { message: "slow down", error: "rate-limit" }, headers: { "retry-after": "3" } });
        expect((await api("PATCH", "/", { palette_mode: "dark" })).status).toBe(200);
        for (let i = 0; i < 2; i++) {
            const answer = await api("GET", "/");
            expect(answer.status).toBe(429);
            expect(answer.headers.get("retry-after")).toBe("3");
            expect(answer.body).toEqual({ message: "slow down", error: "rate-limit" });
        }
        expect((await api("GET", "/")).status).toBe(200);
    });

    it("is checked before auth: an unauthenticated request still gets the fault", async () => {
        await control(env.emulator, "POST", "/faults", { path: "/api/v1/rooms", status: 503 });
        expect((await api("GET", "/rooms", undefined, null)).status).toBe(503);
        expect((await api("GET", "/rooms", undefined, null)).status).toBe(401);
    });

    it("delays a request by latencyMs, then lets it proceed", async () => {
        await control(env.emulator, "POST", "/faults", { method: "GET", path: "/api/v1/rooms/*", latencyMs: 150 });
        await api("POST", "/rooms", { friendly_url: "slow" });
        const started = Date.now();
        const answer = await api("GET", "/rooms/slow");
        // A lower bound only: the delay must have happened (no upper bound, which would be a timed assertion).
        expect(Date.now() - started).toBeGreaterThanOrEqual(140);
        expect(answer.status).toBe(200);
    });

    it("delays and then answers a status when both are given", async () => {
        await control(env.emulator, "POST", "/faults", { path: "/api/v1/roles", latencyMs: 50, status: 502 });
        expect((await api("GET", "/roles")).status).toBe(502);
    });

    it("drops the connection before acting, or after acting, and logs both with status 0", async () => {
        await control(env.emulator, "POST", "/faults", { method: "POST", path: "/api/v1/rooms", drop: "before" });
        await expect(api("POST", "/rooms", { friendly_url: "before" })).rejects.toThrow();
        expect((await api("GET", "/rooms/before")).status).toBe(404);
        await control(env.emulator, "POST", "/faults", { method: "PATCH", path: "/api/v1/rooms/*", drop: "after" });
        await api("POST", "/rooms", { friendly_url: "after" });
        await expect(api("PATCH", "/rooms/after", { description: "changed" })).rejects.toThrow();
        expect((await api("GET", "/rooms/after")).body.description).toBe("changed");
        const log = await control(env.emulator, "GET", "/requests");
        expect(log.entries.filter((e: { status: number }) => e.status === 0).map((e: { method: string }) => e.method)).toEqual(["POST", "PATCH"]);
    });

    it("clears pending faults, and refuses a fault without a path", async () => {
        await control(env.emulator, "POST", "/faults", { path: "/api/v1/*", status: 500, count: 10 });
        expect(await controlStatus("DELETE", "/faults")).toBe(204);
        expect((await api("GET", "/")).status).toBe(200);
        expect(await controlStatus("POST", "/faults", { status: 500 })).toBe(400);
        expect(await controlStatus("POST", "/faults", { path: "/api/v1/", drop: "sideways" })).toBe(400);
        expect(await controlStatus("POST", "/faults", { path: "/api/v1/", change: { deleteRooms: "board" } })).toBe(400);
        expect(await controlStatus("POST", "/faults", { path: "/api/v1/", change: { renameRooms: [] } })).toBe(400);
    });

    it("refuses, when added, a fault whose answer HTTP cannot carry, naming the field and the value; the matching request then proceeds", async () => {
        const refusals: Array<[Record<string, unknown>, RegExp]> = [
            [{ status: "abc" }, /status must be a whole number from 200 to 599; got "abc"/],
            [{ status: 99 }, /status must be a whole number from 200 to 599; got 99/],
            [{ status: 500, headers: { "bad header": "x" } }, /"bad header" is not a valid header name/],
            [{ status: 500, headers: { "x-ok": "line\nbreak" } }, /the value of "x-ok" must be a string without control characters/],
            [{ status: 500, headers: { "x-ok": 3 } }, /the value of "x-ok" must be a string/],
            [{ status: 500, headers: ["x"] }, /headers must be an object/],
            [{ status: 500, count: 0 }, /count must be a whole number of 1 or more; got 0/],
            [{ latencyMs: -5 }, /latencyMs must be a number of 0 or more; got -5/],
            [{ status: 500, method: "GET /" }, /method must be an HTTP method name/],
        ];
        for (const [spec, message] of refusals) {
            const res = await fetch(`${env.emulator.controlUrl}/faults`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ path: "/api/v1/", ...spec }) });
            expect(res.status, JSON.stringify(spec)).toBe(400);
            expect(await res.json()).toEqual({ message: expect.stringMatching(message), error: "bad-request" });
        }
        // Nothing refused was kept: the request they would have matched is answered as usual.
        expect((await api("GET", "/")).status).toBe(200);
    });

    it("changes the team once a matching request's answer is made: between two pages of a listing, as another client would", async () => {
        for (const name of ["p-1", "p-2", "p-3", "p-4"]) expect((await api("POST", "/rooms", { friendly_url: name })).status).toBe(200);
        await control(env.emulator, "POST", "/faults", {
            method: "GET",
            path: "/api/v1/rooms",
            change: { deleteRooms: ["p-1", "gone-already"], createRooms: [{ friendly_url: "p-5" }, { friendly_url: "p-2" }] },
        });
        // The answer is the listing before the change; the next request sees it (p-2 again is refused, so skipped).
        const first = await api("GET", "/rooms?order=asc&limit=2");
        expect(first.body.data.map((r: { friendly_url: string }) => r.friendly_url)).toEqual(["p-1", "p-2"]);
        const rest = await api("GET", "/rooms?order=asc");
        expect(rest.body.data.map((r: { friendly_url: string }) => r.friendly_url)).toEqual(["p-2", "p-3", "p-4", "p-5"]);
    });
});

describe("crash point", () => {
    it("acts on the Nth write and holds its answer, holds every later request unacted, and lets them go unanswered when cleared", async () => {
        expect(await controlStatus("POST", "/crash-point", { afterWrites: 0 })).toBe(400);
        expect(await control(env.emulator, "POST", "/crash-point", { afterWrites: 2 })).toEqual({ afterWrites: 2, writes: 0, reached: false, held: 0 });
        // Reads pass and are not counted; the first write is answered.
        expect((await api("GET", "/rooms")).status).toBe(200);
        expect((await api("POST", "/rooms", { friendly_url: "first" })).status).toBe(200);
        expect(await control(env.emulator, "GET", "/crash-point")).toEqual({ afterWrites: 2, writes: 1, reached: false, held: 0 });
        // The second write is acted on, but not answered; what comes after it is neither.
        const held = (path: string, call: Promise<{ status: number }>) => call.then((a) => `${path} answered ${a.status}`, () => `${path} dropped`);
        const second = held("second", api("POST", "/rooms", { friendly_url: "second" }));
        const third = held("third", api("PATCH", "/", { palette_mode: "dark" }));
        // Whichever write arrives first is the second one; the read is sent once it has come.
        while (!(await control(env.emulator, "GET", "/crash-point")).reached);
        const read = held("read", api("GET", "/rooms/second"));
        while ((await control(env.emulator, "GET", "/crash-point")).held < 3);
        expect(await control(env.emulator, "DELETE", "/crash-point")).toEqual({ afterWrites: 2, writes: 2, reached: true, held: 3 });
        expect([await second, await third, await read]).toEqual(["second dropped", "third dropped", "read dropped"]);
        // Cleared: answered again; the held write was acted on, the one after it was not.
        const state = await control(env.emulator, "GET", "/state");
        const writes = [state.rooms.map((r: { friendly_url: string }) => r.friendly_url).sort(), state.defaults.palette_mode === "dark"];
        // The PATCH came after the POST here only when the POST was the second write; either way exactly one acted.
        expect([JSON.stringify([["first", "second"], false]), JSON.stringify([["first"], true])]).toContain(JSON.stringify(writes));
        const dropped = (await control(env.emulator, "GET", "/requests")).entries.filter((e: { status: number }) => e.status === 0);
        expect(dropped.map((e: { method: string; path: string }) => `${e.method} ${e.path}`).sort()).toEqual(["GET /api/v1/rooms/second", "PATCH /api/v1/", "POST /api/v1/rooms"]);
    });
});

describe("request log", () => {
    it("counts every /api/v1 request by path and route, including 401s, 404s and 429s, but not control calls", async () => {
        await api("POST", "/rooms", { friendly_url: "logged" });
        const created = await api("GET", "/rooms/logged");
        await api("GET", `/rooms/${created.body.id}`);
        await api("PATCH", "/rooms/logged", { description: "Logged room" });
        await api("GET", "/rooms?limit=5&order=asc");
        await api("GET", "/", undefined, null);
        await api("GET", "/rooms/missing");
        // A window of one request: the second is refused.
        await control(env.emulator, "PATCH", "/config", { rateLimit: 1 });
        try {
            await api("GET", "/");
            await api("GET", "/");
        } finally {
            await control(env.emulator, "PATCH", "/config", { rateLimit: 0 });
        }
        const log = await control(env.emulator, "GET", "/requests");
        expect(log.total).toBe(9);
        expect(log.counts).toMatchObject({ "POST /api/v1/rooms": 1, "GET /api/v1/rooms/logged": 1, [`GET /api/v1/rooms/${created.body.id}`]: 1, "GET /api/v1/": 3 });
        expect(log.routes).toMatchObject({ "GET /api/v1/rooms/:room": 3, "PATCH /api/v1/rooms/:room": 1, "GET /api/v1/rooms": 1, "GET /api/v1/": 3 });
        const list = log.entries.find((e: { path: string; method: string }) => e.path === "/api/v1/rooms" && e.method === "GET");
        expect(list).toMatchObject({ query: "limit=5&order=asc", status: 200, at: expect.stringMatching(/Z$/) });
        expect(log.entries.map((e: { status: number }) => e.status)).toEqual(expect.arrayContaining([401, 404, 429]));
        expect(JSON.stringify(log)).not.toContain(env.emulator.developerKey);
        expect(await controlStatus("DELETE", "/requests")).toBe(204);
        expect((await control(env.emulator, "GET", "/requests")).total).toBe(0);
    });

    it("keeps the latest entries only, each query cut to a bounded length, while total counts every request since the log was cleared", () => {
        // The emulator's log itself, fed as its request hook feeds it: 12,000 requests over HTTP would take seconds.
        const log = new RequestLog();
        const sent = LOG_ENTRIES_KEPT + LOG_ENTRIES_KEPT / 5;
        const query = `tag=${"x".repeat(LOG_QUERY_KEPT * 3)}`;
        for (let i = 0; i < sent; i++) log.add({ method: "GET", path: `/api/v1/rooms/r${i}`, route: "/api/v1/rooms/:room", query, status: 200, at: new Date(0).toISOString() });
        const summary = log.summary();
        expect(summary.total).toBe(sent);
        expect(summary.entries).toHaveLength(LOG_ENTRIES_KEPT);
        expect(summary.dropped).toBe(sent - LOG_ENTRIES_KEPT);
        // The newest are kept, the oldest gone.
        expect(summary.entries.at(-1)!.path).toBe(`/api/v1/rooms/r${sent - 1}`);
        expect(summary.entries[0]!.path).toBe(`/api/v1/rooms/r${sent - LOG_ENTRIES_KEPT}`);
        expect(summary.routes).toEqual({ "GET /api/v1/rooms/:room": LOG_ENTRIES_KEPT });
        expect(Math.max(...summary.entries.map((e) => e.query.length))).toBe(LOG_QUERY_KEPT);
        log.clear();
        expect(log.summary()).toMatchObject({ total: 0, dropped: 0, entries: [] });
    });
});

describe("error bodies", () => {
    it("answers the API's error shape, {message, error: <code>}, for a path that does not decode and a body of an unsupported type", async () => {
        const badPath = await fetch(`${env.emulator.baseUrl}/rooms/%E0%A4%A`, { headers: { authorization: `Bearer ${env.emulator.developerKey}` } });
        expect(badPath.status).toBe(400);
        expect(await badPath.json()).toEqual({ message: "Malformed request path.", error: "bad-request" });
        const unsupported = await fetch(`${env.emulator.baseUrl}/rooms`, { method: "POST", headers: { authorization: `Bearer ${env.emulator.developerKey}`, "content-type": "application/xml" }, body: "<room/>" });
        expect(unsupported.status).toBe(415);
        expect(await unsupported.json()).toEqual({ message: expect.any(String), error: "unsupported-media-type" });
    });
});

describe("rate limit", () => {
    it("as the bucket model, is a token bucket of one second's worth: past it 429, retry-after in whole seconds, the vendor's body", async () => {
        await control(env.emulator, "PATCH", "/config", { rateLimit: 120, rateLimitModel: "bucket" });
        try {
            // 120 per minute is 2 per second: a burst of 2, then refused.
            const statuses: number[] = [];
            let limited: Awaited<ReturnType<typeof api>> | undefined;
            for (let i = 0; i < 4; i++) {
                const answer = await api("GET", "/roles");
                statuses.push(answer.status);
                if (answer.status === 429) limited ??= answer;
            }
            expect(statuses.slice(0, 2)).toEqual([200, 200]);
            expect(limited).toBeDefined();
            const seconds = Number(limited!.headers.get("retry-after"));
            expect(Number.isInteger(seconds) && seconds >= 1).toBe(true);
            expect(limited!.body).toEqual({ message: `Too Many Attempts. You may try again in ${seconds} seconds.`, error: "rate-limit" });
            // Control calls are not rate limited, and reset refills the bucket.
            expect(await controlStatus("GET", "/state")).toBe(200);
            await control(env.emulator, "POST", "/reset");
            expect((await api("GET", "/roles")).status).toBe(200);
        } finally {
            await control(env.emulator, "PATCH", "/config", { rateLimit: 0, rateLimitModel: "window" });
        }
    });

    it("reports the current config", async () => {
        expect(await control(env.emulator, "PATCH", "/config", {})).toEqual({ rateLimit: 0, rateLimitModel: "window", latencyMs: 0, maxParticipantsPlan: 2000 });
    });
});

describe("clock", () => {
    it("reads and moves the clock; room timestamps and expiry follow it", async () => {
        const set = await control(env.emulator, "POST", "/clock", { now: "2030-06-01T12:00:00.000Z" });
        expect(set.now).toMatch(/^2030-06-01T12:00:0/);
        const room = (await api("POST", "/rooms", { friendly_url: "timed", expires_at: "2030-06-01 13:00:00" })).body;
        expect(room.created_at).toMatch(/^2030-06-01T12:00:0\dZ$/);
        expect(room.expires_at).toBe("2030-06-01 13:00:00");
        expect((await api("POST", "/rooms", { expires_at: "2030-06-01 11:59:00" })).status).toBe(422);
        const moved = await control(env.emulator, "POST", "/clock", { advanceSeconds: 1800 });
        expect(moved.now).toMatch(/^2030-06-01T12:30:0/);
        expect((await api("GET", "/rooms/timed")).status).toBe(200);
        await control(env.emulator, "POST", "/clock", { advanceSeconds: 1801 });
        expect((await api("GET", "/rooms/timed")).status).toBe(404);
        expect((await api("GET", "/rooms")).body.total_count).toBe(0);
        expect((await control(env.emulator, "GET", "/clock")).now).toMatch(/^2030-06-01T13:00:0/);
        expect(await controlStatus("POST", "/clock", { now: "not a date" })).toBe(400);
        await control(env.emulator, "POST", "/clock", { now: new Date().toISOString() });
    });

    it("uses an injected clock when one is given, and refuses to move it over HTTP", async () => {
        let now = new Date("2031-01-01T00:00:00Z");
        const injected = await startEmulator({ now: () => now, rateLimit: 0 });
        try {
            const call = apiCaller(injected);
            await call("POST", "/rooms", { friendly_url: "soon-gone", expires_at: "2031-01-01 00:10:00" });
            expect((await call("GET", "/rooms/soon-gone")).body.created_at).toBe("2031-01-01T00:00:00Z");
            now = new Date("2031-01-01T00:10:00Z");
            expect((await call("GET", "/rooms/soon-gone")).status).toBe(404);
            const res = await fetch(`${injected.controlUrl}/clock`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ advanceSeconds: 1 }) });
            expect(res.status).toBe(409);
        } finally {
            await injected.close();
        }
    });

    it("refuses advanceSeconds: 1e20 with 400, and later requests keep working", async () => {
        const res = await fetch(`${env.emulator.controlUrl}/clock`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ advanceSeconds: 1e20 }) });
        expect(res.status).toBe(400);
        await res.text();
        expect((await api("GET", "/")).status).toBe(200);
        expect((await api("POST", "/rooms", { friendly_url: "after-clock" })).status).toBe(200);
    });
});

describe("reset, state and seeding", () => {
    it("state shows the defaults and every room in full; reset returns to the initial state", async () => {
        const initial = await control(env.emulator, "GET", "/state");
        expect(initial.rooms).toEqual([]);
        await api("PATCH", "/", { palette_mode: "dark", domain: "other" });
        await api("POST", "/rooms", { friendly_url: "kept", topic: "ignored" });
        const room = (await api("GET", "/rooms/kept")).body;
        const state = await control(env.emulator, "GET", "/state");
        expect(state.rooms).toEqual([room]);
        expect(state.defaults).toEqual((await api("GET", "/")).body);
        await control(env.emulator, "POST", "/faults", { path: "/api/v1/*", status: 500 });
        expect(await controlStatus("POST", "/reset")).toBe(204);
        const after = await control(env.emulator, "GET", "/state");
        expect(after.rooms).toEqual([]);
        expect(after.defaults).toMatchObject({ palette_mode: initial.defaults.palette_mode, domain: "acme" });
        expect((await api("GET", "/")).status).toBe(200); // the fault went with the reset
    });

    it("seeds content with generated values, counts it, and refuses an unknown room", async () => {
        await api("POST", "/rooms", { friendly_url: "seeded" });
        const counts = await fetch(`${env.emulator.controlUrl}/rooms/seeded/content`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ chat: [{}, { message: "hi", participant_name: "Bob" }], transcripts: [{}], questions: 4, recordings: 2 }),
        });
        expect(counts.status).toBe(201);
        expect(await counts.json()).toEqual({ chat: 2, questions: 4, summaries: 0, transcripts: 1, polls: 0, quizzes: 0, recordings: 2 });
        const chat = (await api("GET", "/rooms/seeded/chat?order=asc")).body.data;
        expect(chat[0]).toMatchObject({ id: expect.any(String), message: expect.any(String), participant_id: expect.any(String), participant_name: expect.any(String), created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/) });
        expect(chat[1]).toMatchObject({ message: "hi", participant_name: "Bob" });
        const transcript = (await api("GET", "/rooms/seeded/transcripts")).body.data[0];
        expect(Object.keys(transcript).sort()).toEqual(["end_time", "participant_id", "participant_name", "start_time", "transcript"]);
        expect(transcript.start_time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
        expect(await controlStatus("POST", "/rooms/nowhere/content", { questions: 1 })).toBe(404);
    });

    it("records usage that adds up, and refuses a malformed date", async () => {
        expect(await controlStatus("POST", "/usage", { date: "2026-01-05", metrics: { sessions: 2 } })).toBe(201);
        expect(await controlStatus("POST", "/usage", { date: "2026-01-06", metrics: { sessions: 3 } })).toBe(201);
        expect(await controlStatus("POST", "/usage", { date: "5 Jan", metrics: { sessions: 3 } })).toBe(400);
        expect((await api("GET", "/statistics?date_start=2026-01-01&date_end=2026-01-31&metrics=sessions")).body.sessions).toBe(5);
    });

    it("shows participation minutes of the current subscription period in the defaults record", async () => {
        const defaults = (await api("GET", "/")).body;
        expect(defaults.used_participation_minutes).toBe(0);
        const inPeriod = defaults.subscription_start.slice(0, 10);
        await control(env.emulator, "POST", "/usage", { date: inPeriod, metrics: { participation_minutes: 25 } });
        await control(env.emulator, "POST", "/usage", { date: "1999-01-01", metrics: { participation_minutes: 1000 } });
        expect((await api("GET", "/")).body.used_participation_minutes).toBe(25);
    });

    it("keeps the defaults record's id and owner across a reset", async () => {
        const before = (await api("GET", "/")).body;
        await control(env.emulator, "POST", "/reset");
        const after = (await api("GET", "/")).body;
        expect([after.id, after.owner_id]).toEqual([before.id, before.owner_id]);
    });
});
