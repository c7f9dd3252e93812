/**
 * Every write rule of sections 2.3, 2.4 and 8, on both sides of each boundary, for room create,
 * room update and the team defaults. Table-driven: each row is a body and the one field the
 * emulator must name (or null when the body is valid).
 */
import { describe, expect, it } from "vitest";
import { control } from "../support/http";
import { useEmulator } from "../support/emulator";
import { DEFAULTS_ROWS, ROOM_ROWS, SHARED_ROWS, UUID } from "./boundaries";

const env = useEmulator({ rateLimit: 0 }, { resetEach: true });
const { api } = env;

function expectVerdict(answer: { status: number; body: any }, badField: string | null): void {
    if (badField === null) {
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        return;
    }
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body.errors)).toEqual([badField]);
    expect(answer.body.errors[badField][0]).toEqual(expect.any(String));
    expect(answer.body.message).toBe(answer.body.errors[badField][0]);
}

describe("room create (POST /rooms)", () => {
    it.each([...SHARED_ROWS, ...ROOM_ROWS])("%s", async (_name, body, badField) => {
        expectVerdict(await api("POST", "/rooms", body), badField);
    });

    it("caps max_broadcasters on create by the room's own max_participants, not the plan maximum", async () => {
        // A new room's max_participants is 100 unless given: 500 broadcasters cannot fit.
        const over = await api("POST", "/rooms", { friendly_url: "caster", max_broadcasters: 500 });
        expect(over.status).toBe(422);
        expect(over.body.errors.max_broadcasters[0]).toContain("(100)");
        expect((await api("POST", "/rooms", { friendly_url: "caster", max_broadcasters: 100 })).status).toBe(200);
        expect((await api("POST", "/rooms", { friendly_url: "wide", max_participants: 600, max_broadcasters: 500 })).status).toBe(200);
    });

    it("answers a JSON null body on create with 422, as documented, and creates nothing", async () => {
        const answer = await api("POST", "/rooms", null);
        expect(answer.status).toBe(422);
        expect(answer.body.errors).toHaveProperty("body");
        expect((await control(env.emulator, "GET", "/state")).rooms).toEqual([]);
    });
});

describe("room update (PATCH /rooms/{room})", () => {
    // The same rules on update; the row's body is applied to a fresh room with all-default settings.
    it.each([...SHARED_ROWS, ...ROOM_ROWS])("%s", async (_name, body, badField) => {
        await api("POST", "/rooms", { friendly_url: "target" });
        expectVerdict(await api("PATCH", "/rooms/target", body), badField);
    });
});

describe("team defaults (PATCH /)", () => {
    it.each([...SHARED_ROWS, ...DEFAULTS_ROWS])("%s", async (_name, body, badField) => {
        expectVerdict(await api("PATCH", "/", body), badField);
    });

    it("leaves read-only fields alone", async () => {
        const before = (await api("GET", "/")).body;
        const after = (await api("PATCH", "/", { max_participants: 5, id: UUID, custom_cname: "x.example" })).body;
        expect(after).toEqual(before);
    });
});

describe("cross-field rules use the room's effective values (after merging defaults and overrides)", () => {
    it("refuses E2EE on a room when the team default turns the whiteboard on, and the reverse", async () => {
        await api("PATCH", "/", { whiteboard_enabled: true });
        const refused = await api("POST", "/rooms", { e2ee_enabled: true });
        expect(refused.status).toBe(422);
        expect(Object.keys(refused.body.errors)).toEqual(["e2ee_enabled"]);
        expect((await api("POST", "/rooms", { e2ee_enabled: true, whiteboard_enabled: false })).status).toBe(200);
        await api("POST", "/rooms", { friendly_url: "encrypted", e2ee_enabled: true, whiteboard_enabled: false });
        const update = await api("PATCH", "/rooms/encrypted", { transcription_enabled: true });
        expect(update.status).toBe(422);
        expect(Object.keys(update.body.errors)).toEqual(["transcription_enabled"]);
    });

    it("refuses to cut a locked room down to a single role, naming the field the request touched", async () => {
        expect((await api("POST", "/rooms", { friendly_url: "locked", is_locked: true, roles: ["moderator", "speaker"] })).status).toBe(200);
        const cut = await api("PATCH", "/rooms/locked", { roles: ["moderator"] });
        expect(cut.status).toBe(422);
        expect(Object.keys(cut.body.errors)).toEqual(["roles"]);
        expect((await api("PATCH", "/rooms/locked", { roles: ["moderator"], is_locked: false })).status).toBe(200);
    });

    it("checks max_broadcasters against the stored max_participants on update", async () => {
        await api("POST", "/rooms", { friendly_url: "caps", max_participants: 20, max_broadcasters: 5 });
        expect((await api("PATCH", "/rooms/caps", { max_broadcasters: 20 })).status).toBe(200);
        expect((await api("PATCH", "/rooms/caps", { max_broadcasters: 21 })).status).toBe(422);
    });

    it("names every bad field at once, with a Laravel-style message", async () => {
        const answer = await api("POST", "/rooms", { description: "ab", toolbar_color: "red", max_participants: 1, chat_enabled: "no" });
        expect(answer.status).toBe(422);
        expect(Object.keys(answer.body.errors).sort()).toEqual(["chat_enabled", "description", "max_participants", "toolbar_color"]);
        expect(answer.body.message).toMatch(/ \(and 3 more errors\)$/);
        const two = await api("POST", "/rooms", { description: "ab", toolbar_color: "red" });
        expect(two.body.message).toMatch(/ \(and 1 more error\)$/);
    });

    it("refuses a body that is not a JSON object with 422, and malformed JSON with 400", async () => {
        const array = await api("POST", "/rooms", [1, 2]);
        expect(array.status).toBe(422);
        expect(array.body.errors).toHaveProperty("body");
        const malformed = await api("PATCH", "/", "{ nope");
        expect(malformed.status).toBe(400);
        expect(malformed.body).toEqual({ message: expect.any(String), error: "bad-request" });
    });

    it("follows a lower plan maximum set through the control API", async () => {
        await control(env.emulator, "PATCH", "/config", { maxParticipantsPlan: 100 });
        try {
            expect((await api("POST", "/rooms", { max_participants: 100 })).status).toBe(200);
            expect((await api("POST", "/rooms", { max_participants: 101 })).status).toBe(422);
            expect((await api("GET", "/")).body.max_participants).toBe(100);
        } finally {
            await control(env.emulator, "PATCH", "/config", { maxParticipantsPlan: 2000 });
        }
    });
});

describe("rules the emulator keeps where a request could slip past them", () => {
    it("refuses a defaults change that leaves a locked room inheriting a single role", async () => {
        await api("PATCH", "/", { roles: ["moderator", "speaker"] });
        expect((await api("POST", "/rooms", { friendly_url: "locked-inherits", is_locked: true })).status).toBe(200);
        const narrowed = await api("PATCH", "/", { roles: ["moderator"] });
        expect(narrowed.status).toBe(422);
        expect(Object.keys(narrowed.body.errors)).toEqual(["roles"]);
        // A room with roles of its own is not touched by the defaults' roles.
        await api("PATCH", "/rooms/locked-inherits", { roles: ["moderator", "attendee"] });
        expect((await api("PATCH", "/", { roles: ["moderator"] })).status).toBe(200);
        await api("POST", "/rooms", { friendly_url: "open-inherits" });
        const locked = await api("PATCH", "/", { is_locked: true });
        expect(locked.status).toBe(422);
        expect(Object.keys(locked.body.errors)).toEqual(["is_locked"]);
    });

    it("refuses a metrics list with an empty name", async () => {
        await api("POST", "/rooms", { friendly_url: "stats" });
        for (const path of ["/rooms/stats/statistics?metrics=,,,", "/statistics?metrics=,,,", "/statistics?metrics=rooms,,sessions"]) {
            const answer = await api("GET", path);
            expect(answer.status, path).toBe(422);
            expect(Object.keys(answer.body.errors)).toEqual(["metrics"]);
        }
        expect((await api("GET", "/statistics?metrics=rooms,sessions")).status).toBe(200);
    });

    it("refuses a join token expiry of -1 (or 0) minutes, and a negative nbf", async () => {
        await api("POST", "/rooms", { friendly_url: "tokens" });
        for (const body of [{ exp: -1 }, { exp: 0 }, { exp: "-1" }, { nbf: -5 }]) {
            const answer = await api("POST", "/rooms/tokens/token", body);
            expect(answer.status, JSON.stringify(body)).toBe(422);
        }
        expect((await api("POST", "/rooms/tokens/token", { exp: 60 })).status).toBe(200);
    });
});
