/**
 * The emulator against the contract, over real HTTP on loopback: every endpoint, and every write
 * rule on both sides of its boundary.
 */
import { Readable } from "node:stream";
import { request } from "undici";
import { describe, expect, it } from "vitest";
import { control, type Answer } from "../support/http";
import { useEmulator } from "../support/emulator";
import { DEFAULTS_ROWS, ROOM_ROWS, SHARED_ROWS } from "./boundaries";

const env = useEmulator({ rateLimit: 0, domain: "acme" }, { resetEach: true });
const { api } = env;


describe("authentication (contract 5)", () => {
    it("accepts Bearer and Basic, refuses anything else with 401 and never echoes the key", async () => {
        expect((await api("GET", "/")).status).toBe(200);
        const basic = `Basic ${Buffer.from(`${env.emulator.teamId}:${env.emulator.developerKey}`).toString("base64")}`;
        expect((await api("GET", "/", undefined, basic)).status).toBe(200);
        for (const auth of [null, "Bearer wrong", `Basic ${Buffer.from(`other:${env.emulator.developerKey}`).toString("base64")}`, "Token abc"]) {
            const answer = await api("GET", "/rooms", undefined, auth);
            expect(answer.status).toBe(401);
            expect(answer.body).toEqual({ message: "Unauthenticated.", error: "unauthenticated" });
        }
        const state = await api("GET", "/");
        expect(state.text).not.toContain(env.emulator.developerKey);
    });
});

describe("room write rules (2.3, 2.4, 8), both sides of each boundary", () => {
    it.each([...SHARED_ROWS, ...ROOM_ROWS])("%s", async (_name, body, badField) => {
        const answer = await api("POST", "/rooms", body);
        if (badField === null) {
            expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        } else {
            expect(answer.status).toBe(422);
            expect(Object.keys(answer.body.errors)).toContain(badField);
            expect(typeof answer.body.message).toBe("string");
        }
    });

    it("names every bad field at once", async () => {
        const answer = await api("POST", "/rooms", { description: "ab", toolbar_color: "red", max_participants: 1 });
        expect(answer.status).toBe(422);
        expect(Object.keys(answer.body.errors).sort()).toEqual(["description", "max_participants", "toolbar_color"]);
        expect(answer.body.message).toContain("(and 2 more errors)");
    });

    it("refuses a taken friendly URL, malformed JSON with 400", async () => {
        expect((await api("POST", "/rooms", { friendly_url: "board" })).status).toBe(200);
        const again = await api("POST", "/rooms", { friendly_url: "board" });
        expect(again.status).toBe(422);
        expect(again.body.errors.friendly_url).toEqual(["The friendly url has already been taken."]);
        expect((await api("POST", "/rooms", "{not json")).status).toBe(400);
    });

    it("honours a lower plan maximum", async () => {
        await control(env.emulator, "PATCH", "/config", { maxParticipantsPlan: 100 });
        try {
            expect((await api("POST", "/rooms", { max_participants: 100 })).status).toBe(200);
            expect((await api("POST", "/rooms", { max_participants: 101 })).status).toBe(422);
        } finally {
            await control(env.emulator, "PATCH", "/config", { maxParticipantsPlan: 2000 });
        }
    });
});

describe("rooms (2.1, endpoints 3 to 6 and DELETE)", () => {
    it("creates (200 with the record), reads by id or friendly URL, updates only what is sent, deletes", async () => {
        const created = await api("POST", "/rooms", { friendly_url: "board", description: "Board", roles: ["moderator"], default_role: "moderator", tags: ["a"] });
        expect(created.status).toBe(200);
        const room = created.body;
        expect(room.room_url).toBe("https://acme.digitalsamba.com/board");
        expect(room.default_role).toMatchObject({ name: "moderator", display_name: "Moderator" });
        expect(room.roles.map((r: { name: string }) => r.name)).toEqual(["moderator"]);
        expect(room.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
        expect((await api("GET", `/rooms/${room.id}`)).body.friendly_url).toBe("board");
        const patched = await api("PATCH", "/rooms/board", { description: "Board room", tags: ["ignored"] });
        expect(patched.status).toBe(200);
        expect(patched.body).toMatchObject({ description: "Board room", tags: ["a"], default_role: { name: "moderator" } });
        expect((await api("DELETE", "/rooms/board", { delete_resources: true })).status).toBe(204);
        const gone = await api("GET", "/rooms/board");
        expect(gone.status).toBe(404);
        expect(gone.body).toEqual({ message: "Not Found", error: "not-found" });
        expect((await api("DELETE", "/rooms/board")).status).toBe(404);
    });

    it("inherits team defaults live unless overridden; domain changes room URLs", async () => {
        await api("POST", "/rooms", { friendly_url: "inherits" });
        await api("POST", "/rooms", { friendly_url: "overrides", palette_mode: "light" });
        const d = await api("PATCH", "/", { palette_mode: "dark", domain: "globex" });
        expect(d.status).toBe(200);
        expect((await api("GET", "/rooms/inherits")).body).toMatchObject({ palette_mode: "dark", room_url: "https://globex.digitalsamba.com/inherits" });
        expect((await api("GET", "/rooms/overrides")).body.palette_mode).toBe("light");
    });

    it("lowers max_broadcasters with max_participants when only participants are sent", async () => {
        await api("POST", "/rooms", { friendly_url: "cap", max_participants: 50, max_broadcasters: 40 });
        expect((await api("PATCH", "/rooms/cap", { max_participants: 10 })).body).toMatchObject({ max_participants: 10, max_broadcasters: 10 });
    });

    it("reads a base64 image back as a stable URL", async () => {
        const image = "data:image/png;base64,iVBORw0KGgo=";
        const a = await api("POST", "/rooms", { custom_logo: image });
        const b = await api("POST", "/rooms", { custom_logo: image });
        expect(a.body.custom_logo).toMatch(/^https:\/\/cdn\./);
        expect(a.body.custom_logo).toBe(b.body.custom_logo);
    });

    it("deletes a room when the clock passes expires_at", async () => {
        const at = new Date(Date.now() + 3_600_000).toISOString().slice(0, 19).replace("T", " ");
        await api("POST", "/rooms", { friendly_url: "short-lived", expires_at: at });
        expect((await api("GET", "/rooms/short-lived")).status).toBe(200);
        await control(env.emulator, "POST", "/clock", { advanceSeconds: 3601 });
        try {
            expect((await api("GET", "/rooms/short-lived")).status).toBe(404);
        } finally {
            await control(env.emulator, "POST", "/clock", { now: new Date().toISOString() });
        }
    });

    it("pages 250 rooms with limit, offset, order, after and tag filters; total_count counts all", async () => {
        for (let i = 0; i < 250; i++) await api("POST", "/rooms", { friendly_url: `room-${String(i).padStart(3, "0")}`, tags: [i % 2 ? "odd" : "even"] });
        const first = await api("GET", "/rooms");
        expect(first.body.total_count).toBe(250);
        expect(first.body.data).toHaveLength(100);
        expect(first.body.data[0].friendly_url).toBe("room-249");
        const asc = await api("GET", "/rooms?order=asc&limit=10&offset=5");
        expect(asc.body.data.map((r: { friendly_url: string }) => r.friendly_url)[0]).toBe("room-005");
        const after = await api("GET", "/rooms?order=asc&limit=2&after=room-010");
        expect(after.body.data.map((r: { friendly_url: string }) => r.friendly_url)).toEqual(["room-011", "room-012"]);
        expect((await api("GET", "/rooms?tag=odd")).body.total_count).toBe(125);
        expect((await api("GET", "/rooms?tag[]=odd&tag[]=even")).body.total_count).toBe(250);
        expect((await api("GET", "/rooms?tag=odd,even&limit=1")).body.total_count).toBe(250);
        expect((await api("GET", "/rooms?limit=100")).status).toBe(200);
        expect((await api("GET", "/rooms?limit=101")).status).toBe(422);
        expect((await api("GET", "/rooms?order=sideways")).status).toBe(422);
    });
});

describe("team defaults (2.2, endpoints 1 and 2)", () => {
    it("has a value for every setting and applies only the fields sent", async () => {
        const before = (await api("GET", "/")).body;
        expect(before).toMatchObject({ domain: "acme", session_length: null, toolbar_position: "bottom" });
        const after = (await api("PATCH", "/", { toolbar_position: "left" })).body;
        expect(after.toolbar_position).toBe("left");
        expect({ ...after, toolbar_position: "bottom" }).toEqual(before);
    });

    it.each(DEFAULTS_ROWS)("%s", async (_name, body, badField) => {
        const answer: Answer = await api("PATCH", "/", body);
        if (badField === null) expect(answer.status).toBe(200);
        else expect(Object.keys(answer.body.errors)).toEqual([badField]);
    });
});

describe("roles (2.5, endpoints 18 and 19)", () => {
    it("lists built-in roles and reads one by id or name with permissions", async () => {
        const list = (await api("GET", "/roles")).body;
        expect(list.total_count).toBe(list.data.length);
        const names = list.data.map((r: { name: string }) => r.name);
        expect(names).toEqual(expect.arrayContaining(["moderator", "speaker", "attendee"]));
        const byName = (await api("GET", "/roles/moderator")).body;
        expect((await api("GET", `/roles/${byName.id}`)).body).toEqual(byName);
        expect(Object.keys(byName.permissions).sort()).toEqual([
            "ask_remote_unmute", "broadcast", "end_session", "general_chat", "manage_broadcast", "manage_roles", "manage_screenshare",
            "raise_hand", "recording", "remote_muting", "remove_participant", "screenshare", "start_session",
        ]);
        expect((await api("GET", "/roles/ghost")).status).toBe(404);
    });
});

describe("room content (endpoints 7 to 16)", () => {
    it("lists chat and transcripts with pagination and session filter; each DELETE empties one kind", async () => {
        const room = (await api("POST", "/rooms", { friendly_url: "content" })).body;
        const session = "11111111-2222-4333-8444-555555555555";
        await control(env.emulator, "POST", "/rooms/content/content", {
            chat: [...Array(120)].map((_, i) => (i < 20 ? { session_id: session } : {})),
            transcripts: [{ transcript: "Hello there." }, { transcript: "Hi." }],
            questions: 2, summaries: 1, polls: 1, quizzes: 1, recordings: 3,
        });
        const chat = (await api("GET", "/rooms/content/chat?limit=50")).body;
        expect(chat.total_count).toBe(120);
        expect(chat.data).toHaveLength(50);
        expect(chat.data[0]).toHaveProperty("participant_name");
        expect(chat.data[0].created_at).toMatch(/\.\d{6}Z$/);
        expect((await api("GET", `/rooms/content/chat?session_id=${session}`)).body.total_count).toBe(20);
        expect((await api("GET", `/rooms/${room.id}/transcripts?order=asc`)).body.data[0]).toMatchObject({ transcript: "Hello there." });
        const txt = await api("GET", "/rooms/content/transcripts/export?format=txt&lang=de");
        expect(txt.status).toBe(200);
        expect(txt.text).toContain("Transkript");
        expect(txt.text).toContain("Hello there.");
        const json = await api("GET", "/rooms/content/transcripts/export?format=json");
        expect(json.body.transcripts).toHaveLength(2);
        expect((await api("GET", "/rooms/content/transcripts/export?format=pdf")).status).toBe(422);
        expect((await api("DELETE", "/rooms/content/chat")).status).toBe(204);
        expect(await control(env.emulator, "GET", "/rooms/content/content")).toEqual({ chat: 0, questions: 2, summaries: 1, transcripts: 2, polls: 1, quizzes: 1, recordings: 3 });
        for (const kind of ["questions", "summaries", "transcripts", "polls", "quizzes", "recordings"]) expect((await api("DELETE", `/rooms/content/${kind}`)).status).toBe(204);
        expect(Object.values(await control(env.emulator, "GET", "/rooms/content/content")).every((n) => n === 0)).toBe(true);
        expect((await api("DELETE", "/rooms/nowhere/chat")).status).toBe(404);
    });

    it("limits the transcript export's request body like every other route (413 past 20 MB)", async () => {
        await api("POST", "/rooms", { friendly_url: "export" });
        // 21 MB of a JSON string: over the limit; sent as a stream so the test itself stays small.
        const chunk = Buffer.alloc(1024 * 1024, 0x61);
        async function* big() {
            yield Buffer.from('{"locale":"');
            for (let i = 0; i < 21; i++) yield chunk;
            yield Buffer.from('"}');
        }
        const res = await request(`${env.emulator.baseUrl}/rooms/export/transcripts/export`, {
            method: "GET",
            headers: { authorization: `Bearer ${env.emulator.developerKey}`, "content-type": "application/json" },
            body: Readable.from(big()),
        }).catch((e: unknown) => e as Error);
        // The server may close the connection as it refuses: either way it did not read it all.
        if (res instanceof Error) expect(res.message).toMatch(/socket|closed|reset|EPIPE/i);
        else {
            expect(res.statusCode).toBe(413);
            await res.body.text();
        }
        expect((await api("GET", "/rooms/export/transcripts/export")).status).toBe(200);
    });
});

describe("join tokens (endpoint 17, contract 5.3)", () => {
    it("signs an HS256 JWT with the developer key, with the claims given", async () => {
        const { jwtVerify } = await import("jose");
        const room = (await api("POST", "/rooms", { friendly_url: "private-room", privacy: "private" })).body;
        const answer = await api("POST", "/rooms/private-room/token", { u: "Ada", ud: "user-1", role: "speaker", exp: 60 });
        expect(answer.status).toBe(200);
        const { payload, protectedHeader } = await jwtVerify(answer.body.token, new TextEncoder().encode(env.emulator.developerKey));
        expect(protectedHeader.alg).toBe("HS256");
        expect(payload).toMatchObject({ td: env.emulator.teamId, rd: room.id, u: "Ada", ud: "user-1", role: "speaker" });
        expect(payload.exp! - payload.iat!).toBe(3600);
        expect(answer.body.link).toBe(`https://acme.digitalsamba.com/private-room?token=${answer.body.token}`);
        const absolute = await api("POST", "/rooms/private-room/token", { exp: 4102444800, nbf: "2030-01-01 00:00:00" });
        const decoded = JSON.parse(Buffer.from(absolute.body.token.split(".")[1], "base64url").toString());
        expect(decoded).toMatchObject({ exp: 4102444800, nbf: 1893456000 });
        expect((await api("POST", "/rooms/private-room/token", { role: "ghost" })).status).toBe(422);
        expect((await api("POST", "/rooms/private-room/token", { exp: "soon" })).status).toBe(422);
    });
});

describe("statistics (2.8, endpoints 20 and 21)", () => {
    it("sums recorded usage over a period, with a metric selection", async () => {
        const room = (await api("POST", "/rooms", { friendly_url: "stats" })).body;
        await control(env.emulator, "POST", "/usage", { room: "stats", date: "2026-03-01", metrics: { participation_minutes: 30, sessions: 1 } });
        await control(env.emulator, "POST", "/usage", { room: room.id, date: "2026-03-15", metrics: { participation_minutes: 12 } });
        await control(env.emulator, "POST", "/usage", { date: "2026-03-02", metrics: { rooms: 4, captions_minutes: 5 } });
        const stats = (await api("GET", "/rooms/stats/statistics?date_start=2026-03-01&date_end=2026-03-10")).body;
        expect(stats).toMatchObject({ room_id: room.id, room_friendly_url: "stats", participation_minutes: 30, sessions: 1, date_start: "2026-03-01", date_end: "2026-03-10" });
        // 8 descriptors, the contract's 27 room metrics and the 4 the hosted service documents besides, the period.
        expect(Object.keys(stats)).toHaveLength(8 + 27 + 4 + 2);
        const some = (await api("GET", "/rooms/stats/statistics?date_start=2026-03-01&date_end=2026-03-31&metrics=participation_minutes")).body;
        expect(some.participation_minutes).toBe(42);
        expect(some).not.toHaveProperty("sessions");
        const team = (await api("GET", "/statistics?date_start=2026-03-01&date_end=2026-03-31")).body;
        expect(team).toMatchObject({ team_id: env.emulator.teamId, participation_minutes: 42, rooms: 4, captions_minutes: 5 });
        expect((await api("GET", "/statistics")).body.date_start).toMatch(/^\d{4}-\d{2}-01$/);
        expect((await api("GET", "/statistics?date_start=2026-03-10&date_end=2026-03-01")).status).toBe(422);
        expect((await api("GET", "/statistics?metrics=bogus")).status).toBe(422);
        expect((await api("GET", "/statistics?date_start=2026-3-1")).status).toBe(422);
    });
});

describe("rate limit, faults and the request log", () => {
    it("answers 429 with retry-after and the vendor's body past the limit", async () => {
        await control(env.emulator, "PATCH", "/config", { rateLimit: 60 });
        try {
            // The window model: the whole minute's budget at once, then refused until the window ends.
            const answers = [];
            for (let i = 0; i < 62; i++) answers.push(await api("GET", "/"));
            expect(answers.slice(0, 60).every((a) => a.status === 200)).toBe(true);
            expect(answers.slice(60).every((a) => a.status === 429)).toBe(true);
            expect(Number(answers[60]!.headers.get("retry-after"))).toBeLessThanOrEqual(60);
            const limited = answers.find((a) => a.status === 429)!;
            expect(limited.body).toEqual({ message: expect.stringMatching(/^Too Many Attempts\. You may try again in \d+ seconds\.$/), error: "rate-limit" });
            expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
        } finally {
            await control(env.emulator, "PATCH", "/config", { rateLimit: 0 });
        }
    });

    it("injects statuses, latency and dropped connections, and logs every request", async () => {
        await control(env.emulator, "POST", "/faults", { method: "GET", path: "/api/v1/rooms*", status: 503, count: 2 });
        expect((await api("GET", "/rooms")).status).toBe(503);
        expect((await api("GET", "/rooms/x")).status).toBe(503);
        expect((await api("GET", "/rooms")).status).toBe(200);
        await control(env.emulator, "POST", "/faults", { method: "POST", path: "/api/v1/rooms", drop: "after" });
        await expect(api("POST", "/rooms", { friendly_url: "dropped" })).rejects.toThrow();
        expect((await api("GET", "/rooms/dropped")).status).toBe(200);
        await control(env.emulator, "POST", "/faults", { method: "POST", path: "/api/v1/rooms", drop: "before" });
        await expect(api("POST", "/rooms", { friendly_url: "never" })).rejects.toThrow();
        expect((await api("GET", "/rooms/never")).status).toBe(404);
        const log = await control(env.emulator, "GET", "/requests");
        expect(log.routes["GET /api/v1/rooms"]).toBe(2);
        expect(log.routes["POST /api/v1/rooms"]).toBe(2);
        expect(log.counts["GET /api/v1/rooms/dropped"]).toBe(1);
        expect(log.entries.filter((e: { status: number }) => e.status === 0)).toHaveLength(2);
        expect(log.entries.filter((e: { status: number }) => e.status === 503)).toHaveLength(2);
    });
});
