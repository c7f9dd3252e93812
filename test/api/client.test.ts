/**
 * The client against the emulator over loopback: every method, every error class, retries with
 * exact request counts from the emulator's log, and the developer key kept out of every message.
 */
import { describe, expect, it } from "vitest";
import {
    AuthenticationError,
    ConfigurationError,
    NetworkError,
    NotFoundError,
    RateLimitedError,
    RequestError,
    ResponseSchemaError,
    RoomsClient,
    TimeoutError,
    ServerError,
    ValidationError,
    resolveClientConfig,
    type ClientOptions,
} from "../../provider/api";
import { control } from "../support/http";
import { useEmulator } from "../support/emulator";

const env = useEmulator({ rateLimit: 0 }, { resetEach: true, sharedClients: true });
const logged: string[] = [];
const errors: unknown[] = [];

function client(overrides: Partial<ClientOptions> = {}): RoomsClient {
    return new RoomsClient(
        resolveClientConfig({ apiUrl: env.emulator.baseUrl, developerKey: env.emulator.developerKey, teamId: env.emulator.teamId, requestsPerMinute: 100_000, logger: (l) => logged.push(l), ...overrides }, {}),
        env.transport,
    );
}

async function caught<T>(p: Promise<T>): Promise<unknown> {
    try {
        await p;
    } catch (e) {
        errors.push(e);
        return e;
    }
    throw new Error("expected a failure");
}

const requests = async () => (await control(env.emulator, "GET", "/requests")) as { total: number; counts: Record<string, number>; routes: Record<string, number>; entries: Array<{ status: number }> };


describe("configuration", () => {
    it("reads the environment, and names the setting when something is wrong", () => {
        const config = resolveClientConfig({}, { VCROOMS_API_URL: `${env.emulator.baseUrl}/`, VCROOMS_DEVELOPER_KEY: "k", VCROOMS_TEAM_ID: "t" });
        expect(config).toMatchObject({ apiUrl: env.emulator.baseUrl, developerKey: "k", teamId: "t", auth: "bearer" });
        expect(() => resolveClientConfig({}, {})).toThrow(ConfigurationError);
        expect(() => resolveClientConfig({ apiUrl: "https://x.example.com/api/v2", developerKey: "k" }, {})).toThrow(/must end in \/api\/v1/);
        expect(() => resolveClientConfig({ apiUrl: "not a url", developerKey: "k" }, {})).toThrow(/not a URL/);
        expect(() => resolveClientConfig({ apiUrl: env.emulator.baseUrl }, {})).toThrow(/VCROOMS_DEVELOPER_KEY/);
        expect(() => resolveClientConfig({ apiUrl: env.emulator.baseUrl, developerKey: "k", auth: "basic" }, {})).toThrow(/team id/);
    });
});

describe("every endpoint", () => {
    it("defaults, rooms, content, tokens, roles and statistics", async () => {
        const c = client();
        expect((await c.getDefaults()).domain).toBe("acme");
        expect((await c.updateDefaults({ palette_mode: "dark" })).palette_mode).toBe("dark");
        const room = await c.createRoom({ friendly_url: "board", tags: ["t"] });
        expect((await c.getRoom("board")).id).toBe(room.id);
        expect((await c.updateRoom(room.id, { description: "Board" })).description).toBe("Board");
        expect((await c.listRooms({ tag: "t" })).totalCount).toBe(1);
        await control(env.emulator, "POST", "/rooms/board/content", { chat: [{}, {}, {}], transcripts: [{ transcript: "Hi." }] });
        expect((await c.listChat("board", { limit: 2 })).data).toHaveLength(2);
        const chat = [];
        for await (const m of c.iterateChat("board", { limit: 2 })) chat.push(m);
        expect(chat).toHaveLength(3);
        expect((await c.listTranscripts("board")).data[0]!.transcript).toBe("Hi.");
        expect(await c.exportTranscripts("board", { format: "txt", lang: "it" })).toContain("Trascrizione");
        for (const kind of ["chat", "questions", "summaries", "transcripts", "polls", "quizzes", "recordings"] as const) await c.deleteRoomContent("board", kind);
        const token = await c.createJoinToken("board", { u: "Ada", role: "moderator" });
        expect(token.link).toContain(token.token);
        const roles = [];
        for await (const r of c.iterateRoles()) roles.push(r.name);
        expect(roles).toContain("moderator");
        expect((await c.listRoles({ limit: 1 })).data).toHaveLength(1);
        expect((await c.getRole("moderator")).permissions).toHaveProperty("remote_muting");
        expect(await c.getRoomStatistics("board", { metrics: ["sessions"] })).toMatchObject({ sessions: 0 });
        expect(await c.getTeamStatistics({ dateStart: "2026-01-01", dateEnd: "2026-01-31" })).toMatchObject({ date_start: "2026-01-01" });
        await c.deleteRoom("board", { deleteResources: true });
        await expect(c.getRoom("board")).rejects.toBeInstanceOf(NotFoundError);
    });

    it("iterates 250 rooms across pages, honouring order and after", async () => {
        const c = client();
        for (let i = 0; i < 250; i++) await c.createRoom({ friendly_url: `r-${String(i).padStart(3, "0")}` });
        await control(env.emulator, "DELETE", "/requests");
        const all = [];
        for await (const r of c.iterateRooms({ order: "asc" })) all.push(r.friendly_url);
        expect(all).toHaveLength(250);
        expect(new Set(all).size).toBe(250);
        expect(all[0]).toBe("r-000");
        expect((await requests()).routes["GET /api/v1/rooms"]).toBe(3);
        const page = await c.listRooms({ order: "asc", after: "r-100", limit: 5 });
        expect(page.totalCount).toBe(250);
        expect(page.data.map((r) => r.friendly_url)).toEqual(["r-101", "r-102", "r-103", "r-104", "r-105"]);
    });

    it("iterates rooms by after: a room deleted or created between pages, the cursor's own room deleted, and every room present throughout is seen once", async () => {
        const c = client();
        const names = Array.from({ length: 250 }, (_, i) => `r-${String(i).padStart(3, "0")}`);
        for (const friendly_url of names) await c.createRoom({ friendly_url });
        // Once the first page is answered: r-050 (read) and r-099 (the next page's cursor) go, r-new comes.
        const change = { deleteRooms: ["r-050", "r-099"], createRooms: [{ friendly_url: "r-new" }] };
        await control(env.emulator, "POST", "/faults", { method: "GET", path: "/api/v1/rooms", change });
        await control(env.emulator, "DELETE", "/requests");
        const all: string[] = [];
        for await (const r of c.iterateRooms({ order: "asc" })) all.push(r.friendly_url);
        expect(new Set(all).size).toBe(all.length);
        expect(all).toEqual([...names, "r-new"]);
        // The second page's cursor was gone (422): the page after the room seen before it was asked instead.
        const asked = (await control(env.emulator, "GET", "/requests")).entries.map((e: { status: number }) => e.status);
        expect(asked).toEqual([200, 422, 200, 200]);
    });

    it("iterating by after stops with an error, not an endless loop, when the API answers the same page whatever the cursor", async () => {
        const page = { total_count: 300, data: Array.from({ length: 100 }, (_, i) => ({ id: `id-${i}`, friendly_url: `same-${i}` })) };
        await control(env.emulator, "POST", "/faults", { method: "GET", path: "/api/v1/rooms", status: 200, body: page, count: 10 });
        const seen: string[] = [];
        const e = await caught((async () => {
            for await (const r of client().iterateRooms()) seen.push(r.id);
        })());
        expect(e).toBeInstanceOf(ResponseSchemaError);
        expect((e as Error).message).toBe("GET /rooms with after=id-99 answered the same 100 records again: the API does not page by after");
        expect(seen).toHaveLength(100);
        await control(env.emulator, "DELETE", "/faults");
    });

    it("authenticates with Basic as well as Bearer, and a wrong key is an AuthenticationError", async () => {
        expect((await client({ auth: "basic" }).getDefaults()).domain).toBe("acme");
        const e = await caught(client({ developerKey: "wrong-key-0123456789" }).getDefaults());
        expect(e).toBeInstanceOf(AuthenticationError);
        expect((e as AuthenticationError).status).toBe(401);
    });

    it("raises a ValidationError with the API's per-field reasons", async () => {
        const e = (await caught(client().createRoom({ description: "ab", max_participants: 1 }))) as ValidationError;
        expect(e).toBeInstanceOf(ValidationError);
        expect(Object.keys(e.fieldErrors).sort()).toEqual(["description", "max_participants"]);
        expect(e.message).toMatch(/^POST \/rooms failed: 422 /);
    });
});

describe("retries, counted in the emulator's request log", () => {
    it("a 503 then success is exactly one retry", async () => {
        await control(env.emulator, "POST", "/faults", { method: "GET", path: "/api/v1/", status: 503 });
        await client().getDefaults();
        expect((await requests()).routes["GET /api/v1/"]).toBe(2);
    });

    it("a 500 is not retried; a 503 that persists ends in a ServerError", async () => {
        await control(env.emulator, "POST", "/faults", { path: "/api/v1/", status: 500 });
        expect(await caught(client().getDefaults())).toBeInstanceOf(ServerError);
        expect((await requests()).total).toBe(1);
        await control(env.emulator, "DELETE", "/requests");
        await control(env.emulator, "POST", "/faults", { path: "/api/v1/", status: 503, count: 10 });
        expect(await caught(client({ maxAttempts: 3 }).getDefaults())).toBeInstanceOf(ServerError);
        expect((await requests()).total).toBe(3);
        await control(env.emulator, "DELETE", "/faults");
    });

    it("a 429 with retry-after: 1 waits about a second before the one retry", async () => {
        await control(env.emulator, "POST", "/faults", { path: "/api/v1/", status: 429, headers: { "retry-after": "1" }, body: { message: "Too Many Attempts.", error: "rate-limit" } });
        const started = performance.now();
        await client().getDefaults();
        expect(performance.now() - started).toBeGreaterThanOrEqual(900);
        expect((await requests()).total).toBe(2);
    });

    it("a POST whose connection dropped after the API acted is not replayed", async () => {
        await control(env.emulator, "POST", "/faults", { method: "POST", path: "/api/v1/rooms", drop: "after" });
        const e = (await caught(client().createRoom({ friendly_url: "once" }))) as NetworkError;
        expect(e).toBeInstanceOf(NetworkError);
        expect(e.mayHaveActed).toBe(true);
        expect((await requests()).routes["POST /api/v1/rooms"]).toBe(1);
        expect((await client().getRoom("once")).friendly_url).toBe("once");
    });

    it("a GET whose connection dropped is retried", async () => {
        await control(env.emulator, "POST", "/faults", { method: "GET", path: "/api/v1/", drop: "before" });
        await client().getDefaults();
        expect((await requests()).total).toBe(2);
    });

    it("a flood of 429s ends in a RateLimitedError at the deadline, not a hang", async () => {
        await control(env.emulator, "POST", "/faults", { path: "/api/v1/*", status: 429, count: 1000, headers: { "retry-after": "1" } });
        const e = (await caught(client({ retryDeadlineMs: 2500, maxAttempts: 100 }).getDefaults())) as RateLimitedError;
        expect(e).toBeInstanceOf(RateLimitedError);
        expect(e.message).toMatch(/after \d+ attempts/);
        const count = (await requests()).total;
        expect(count).toBeGreaterThanOrEqual(2);
        expect(count).toBeLessThanOrEqual(4);
        await control(env.emulator, "DELETE", "/faults");
    });
});

describe("the other error classes", () => {
    it("a slow answer is a TimeoutError after the per-request timeout; retried once it comes in time", async () => {
        await control(env.emulator, "POST", "/faults", { path: "/api/v1/", latencyMs: 400, count: 1 });
        await client({ timeoutMs: 150 }).getDefaults();
        expect((await requests()).total).toBe(2);
        await control(env.emulator, "POST", "/faults", { path: "/api/v1/", latencyMs: 400, count: 1 });
        expect(await caught(client({ timeoutMs: 150, maxAttempts: 1 }).getDefaults())).toBeInstanceOf(TimeoutError);
    });

    it("a 400 is a RequestError, not retried; a 200 of the wrong shape is a ResponseSchemaError naming the field", async () => {
        await control(env.emulator, "POST", "/faults", { path: "/api/v1/", status: 400, body: { message: "Bad request", error: "bad-request" } });
        const bad = (await caught(client().getDefaults())) as RequestError;
        expect(bad).toBeInstanceOf(RequestError);
        expect(bad.message).toBe("GET / failed: 400 Bad request");
        await control(env.emulator, "POST", "/faults", { path: "/api/v1/rooms/x", status: 200, body: { id: 42, friendly_url: "x", room_url: "u" } });
        const wrong = (await caught(client().getRoom("x"))) as ResponseSchemaError;
        expect(wrong).toBeInstanceOf(ResponseSchemaError);
        expect(wrong.message).toMatch(/GET \/rooms\/x answered a record the client does not understand: id: /);
        // A field the client needs and the answer lacks is named as such, with the endpoint.
        await control(env.emulator, "POST", "/faults", { path: "/api/v1/rooms/y", status: 200, body: { id: "y-id", friendly_url: "y" } });
        const lacking = (await caught(client().getRoom("y"))) as ResponseSchemaError;
        expect(lacking.message).toBe("GET /rooms/y answered a record the client does not understand: it lacks the field room_url, which the provider needs");
    });
});

describe("the limiter a runtime's clients share", () => {
    it("keeps a burst of 40 concurrent calls under the API's limit: no 429", async () => {
        await control(env.emulator, "PATCH", "/config", { rateLimit: 1200 });
        try {
            const c = client({ requestsPerMinute: 1200 });
            await Promise.all([...Array(40)].map(() => c.getDefaults()));
            const log = await requests();
            expect(log.entries.filter((e) => e.status === 429)).toHaveLength(0);
            expect(log.total).toBe(40);
        } finally {
            await control(env.emulator, "PATCH", "/config", { rateLimit: 0 });
        }
    });
});

describe("secrets", () => {
    it("never puts the developer key in a log line or an error", () => {
        expect(logged.length).toBeGreaterThan(0);
        expect(errors.length).toBeGreaterThan(5);
        const everything = [...logged, ...errors.map((e) => `${(e as Error).message}\n${(e as Error).stack}\n${JSON.stringify(e)}`)].join("\n");
        expect(everything).not.toContain(env.emulator.developerKey);
        expect(JSON.stringify(client())).not.toContain(env.emulator.developerKey);
    });
});
