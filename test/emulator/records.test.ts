/**
 * The shapes the emulator answers with: the full room record and list items (2.1), the defaults
 * record (2.2), roles (2.5), the export file, join token claims and authentication variants.
 */
import { jwtVerify } from "jose";
import { request } from "undici";
import { describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../emulator";
import { useEmulator } from "../support/emulator";
import { control } from "../support/http";

let emulator: RunningEmulator;

const { api } = useEmulator({ rateLimit: 0, teamId: "5f0c1d2e-3a4b-4c5d-8e9f-a0b1c2d3e4f5", developerKey: "records-key:with-colon" }, { resetEach: true, started: (started) => (emulator = started) });

const SHARED_SETTINGS = [
    "is_locked", "default_role", "roles", "session_length", "toolbar_position", "toolbar_color", "primary_color", "background_color",
    "palette_mode", "language", "languages", "hd_video_quality", "audio_quality", "private_group_chat_name", "private_group_chat_roles",
    "custom_logo", "application_logo", "qa_default_filter", "watermark_text", "consent_message_type", "consent_message", "checkbox_message",
    "recordings_layout_mode", "layout_mode_on_join", "html_title", "lobby_message", "default_content_library", "library_id", "captions_language",
    "topbar_enabled", "pip_enabled", "auto_pip_enabled", "toolbar_enabled", "language_selection_enabled", "room_reactions_enabled",
    "chat_reactions_enabled", "chat_reactions_extended_enabled", "audio_on_join_enabled", "video_on_join_enabled", "hd_video_on_join_enabled",
    "audio_autogain_enabled", "audio_noise_suppression_enabled", "audio_echo_cancellation_enabled", "mute_sound_enabled",
    "participants_list_enabled", "pin_enabled", "full_screen_enabled", "minimize_own_tile_enabled", "minimize_own_tile_on_join_enabled",
    "end_session_enabled", "leave_session_enabled", "rejoin_session_enabled", "connection_message_enabled", "chat_enabled",
    "private_chat_enabled", "private_group_chat_enabled", "chat_persistence_enabled", "e2ee_enabled", "e2ee_badge_enabled",
    "layout_mode_switch_enabled", "simple_notifications_enabled", "join_screen_enabled", "screenshare_enabled", "recordings_enabled",
    "hide_tiles_in_recordings_enabled", "recording_logo_enabled", "participant_names_in_recordings_enabled", "recording_autostart_enabled",
    "recording_bookmarks_enabled", "recording_breakout_autostart_enabled", "recording_consent_message_enabled",
    "captions_in_recordings_enabled", "logo_enabled", "virtual_backgrounds_enabled", "virtual_backgrounds_v2_enabled", "raise_hand_enabled",
    "invite_participants_enabled", "invite_participants_advanced_enabled", "whiteboard_enabled", "qa_enabled", "upvote_qa_enabled",
    "shared_notes_enabled", "polls_enabled", "watermark_enabled", "consent_message_enabled", "lobby_sound_enabled", "content_library_enabled",
    "transcription_enabled", "transcription_auto_start_enabled", "captions_enabled",
];
const ROOM_ONLY = [
    "description", "friendly_url", "privacy", "external_id", "webhooks", "is_audio_only", "broadcaster_tile_visibility", "breakout_rooms_enabled",
    "breakouts", "breakout_free_movement_enabled", "breakout_return_to_main_room_enabled", "breakout_timer_enabled", "breakout_timer_duration",
    "breakout_end_on_timer", "restream_enabled", "restream_type", "restream_key", "restream_url", "restream_layout_mode",
    "hide_tiles_in_restream_enabled", "restream_logo_enabled", "restream_autostart_enabled", "participant_names_in_restream_enabled",
    "restream_consent_message_enabled", "max_participants", "max_broadcasters", "whip_enabled", "telephony_enabled", "telephony_phone_number",
    "telephony_pin_dtmf", "expires_at",
];
const RECORD_ONLY = ["id", "topic", "room_url", "files", "created_at", "updated_at", "files_panel_enabled", "tags"];

describe("team defaults record (2.2)", () => {
    it("has every 2.2 field and a value (possibly null) for every setting of 2.3", async () => {
        const d = (await api("GET", "/")).body;
        for (const f of [...SHARED_SETTINGS, "id", "owner_id", "domain", "custom_cname", "max_participants", "max_sessions", "subscription_start", "subscription_end", "used_participation_minutes", "favicon"]) {
            expect(d, f).toHaveProperty(f);
        }
        for (const f of ["toolbar_position", "language", "hd_video_quality", "audio_quality", "primary_color", "html_title", "roles", "default_role"]) expect(d[f], f).not.toBeNull();
        expect(d.subscription_start).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
        expect(d.default_role).toEqual({ id: expect.any(String), name: expect.any(String), display_name: expect.any(String) });
        expect(d.roles[0]).toEqual({ id: expect.any(String), name: expect.any(String), display_name: expect.any(String), allow_private_group_chat: expect.any(Boolean) });
    });

    it("stores a base64 favicon as a CDN URL derived from its content", async () => {
        const a = (await api("PATCH", "/", { favicon: "AAABAAEAEBAAAAEAIABoBAAAFgAAACgAAAAQAAAAIAAAAAEAIAAAAAAAAAQAAA==" })).body.favicon;
        expect(a).toMatch(/^https:\/\/cdn\.digitalsamba\.com\//);
        const b = (await api("PATCH", "/", { favicon: "data:image/x-icon;base64,AAAB" })).body.favicon;
        expect(b).not.toBe(a);
    });
});

describe("room record (2.1)", () => {
    it("shows every setting, the record fields, roles as objects and the sent values as given", async () => {
        const room = (await api("POST", "/rooms", {
            friendly_url: "full",
            description: "Full room",
            roles: ["speaker", "moderator"],
            default_role: "speaker",
            tags: ["sales", "emea"],
            restream_key: "rk-secret",
            toolbar_color: "#ABC",
            breakouts: ["Team A"],
            expires_at: "2099-01-01 10:00:00",
        })).body;
        for (const f of [...SHARED_SETTINGS, ...ROOM_ONLY, ...RECORD_ONLY, "default_role", "roles", "webhooks", "breakouts"]) expect(room, f).toHaveProperty(f);
        expect(room.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
        expect(room).toMatchObject({ room_url: "https://acme.digitalsamba.com/full", files: [], webhooks: [], tags: ["sales", "emea"], restream_key: "rk-secret", toolbar_color: "#ABC", expires_at: "2099-01-01 10:00:00" });
        expect(room.roles.map((r: { name: string }) => r.name)).toEqual(["speaker", "moderator"]);
        expect(room.default_role.name).toBe("speaker");
        expect(room.breakouts).toEqual([{ id: expect.any(String), name: "Team A" }]);
        expect(room.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
        const byId = (await api("GET", `/rooms/${room.id}`)).body;
        expect(byId).toEqual(room);
    });

    it("generates a unique friendly URL of 3 to 32 characters when none is given", async () => {
        const a = (await api("POST", "/rooms", {})).body;
        const b = (await api("POST", "/rooms", {})).body;
        expect(a.friendly_url.length).toBeGreaterThanOrEqual(3);
        expect(a.friendly_url.length).toBeLessThanOrEqual(32);
        expect(a.friendly_url).not.toBe(b.friendly_url);
        expect((await api("GET", `/rooms/${a.friendly_url}`)).body.id).toBe(a.id);
    });

    it("shows a later team default in rooms that do not override it, and keeps role references by id", async () => {
        await api("POST", "/rooms", { friendly_url: "plain" });
        await api("PATCH", "/", { default_role: "moderator", session_length: 90 });
        expect((await api("GET", "/rooms/plain")).body).toMatchObject({ default_role: { name: "moderator" }, session_length: 90 });
        const moderator = (await api("GET", "/roles/moderator")).body;
        const byId = await api("PATCH", "/rooms/plain", { default_role: moderator.id, session_length: "" });
        expect(byId.body).toMatchObject({ default_role: { id: moderator.id }, session_length: null });
        await api("PATCH", "/", { session_length: 30 });
        expect((await api("GET", "/rooms/plain")).body.session_length).toBeNull(); // the room overrides it with unlimited
    });

    it("ignores tags on update, and friendly URLs stay unique on update", async () => {
        await api("POST", "/rooms", { friendly_url: "one", tags: ["a"] });
        await api("POST", "/rooms", { friendly_url: "two" });
        expect((await api("PATCH", "/rooms/one", { tags: ["b"] })).body.tags).toEqual(["a"]);
        expect((await api("PATCH", "/rooms/two", { friendly_url: "one" })).status).toBe(422);
        expect((await api("PATCH", "/rooms/two", { friendly_url: "two" })).status).toBe(200);
        const renamed = await api("PATCH", "/rooms/two", { friendly_url: "three" });
        expect(renamed.body.room_url).toBe("https://acme.digitalsamba.com/three");
        expect((await api("GET", "/rooms/two")).status).toBe(404);
    });

    it("list items carry the documented subset", async () => {
        await api("POST", "/rooms", { friendly_url: "listed", description: "Listed", tags: ["x"] });
        const item = (await api("GET", "/rooms")).body.data[0];
        expect(Object.keys(item).sort()).toEqual(["created_at", "description", "external_id", "friendly_url", "id", "max_broadcasters", "max_participants", "privacy", "room_url", "tags", "topic", "updated_at"]);
    });

    it("deletes with an optional body and refuses a malformed one", async () => {
        await api("POST", "/rooms", { friendly_url: "doomed" });
        expect((await api("DELETE", "/rooms/doomed", { delete_resources: "yes" })).status).toBe(422);
        expect((await api("DELETE", "/rooms/doomed")).status).toBe(204);
    });

    it("answers 404 with the vendor body for every room route of an unknown room", async () => {
        for (const [method, path] of [["GET", ""], ["PATCH", ""], ["DELETE", ""], ["GET", "/chat"], ["GET", "/transcripts"], ["GET", "/transcripts/export"], ["POST", "/token"], ["GET", "/statistics"], ["DELETE", "/polls"]] as const) {
            const answer = await api(method, `/rooms/ghost${path}`, method === "GET" ? undefined : {});
            expect(answer.status, `${method} ${path}`).toBe(404);
            expect(answer.body).toEqual({ message: "Not Found", error: "not-found" });
        }
    });
});

describe("lists (4.1)", () => {
    it("pages roles, with after by id", async () => {
        const all = (await api("GET", "/roles?order=asc")).body;
        expect(all.total_count).toBeGreaterThanOrEqual(3);
        const page = (await api("GET", `/roles?order=asc&limit=1&after=${all.data[0].id}`)).body;
        expect(page).toEqual({ total_count: all.total_count, data: [all.data[1]] });
        expect(Object.keys(all.data[0]).sort()).toEqual(["created_at", "default", "description", "display_name", "id", "name", "updated_at"]);
        expect((await api("GET", "/roles?limit=0")).status).toBe(422);
    });

    it("pages chat by offset and after, ordered newest first by default", async () => {
        await api("POST", "/rooms", { friendly_url: "chatty" });
        await control(emulator, "POST", "/rooms/chatty/content", { chat: [...Array(5)].map((_, i) => ({ message: `m${i}` })) });
        const desc = (await api("GET", "/rooms/chatty/chat")).body.data.map((m: { message: string }) => m.message);
        expect(desc).toEqual(["m4", "m3", "m2", "m1", "m0"]);
        const asc = (await api("GET", "/rooms/chatty/chat?order=asc&offset=1&limit=2")).body;
        expect(asc.total_count).toBe(5);
        expect(asc.data.map((m: { message: string }) => m.message)).toEqual(["m1", "m2"]);
        expect((await api("GET", "/rooms/chatty/chat?session_id=not-a-uuid")).status).toBe(422);
    });
});

describe("transcripts export (endpoint 16)", () => {
    it("honours lang and locale from a GET body or the query; txt is text/plain, json a document", async () => {
        await api("POST", "/rooms", { friendly_url: "spoken" });
        await control(emulator, "POST", "/rooms/spoken/content", { transcripts: [{ transcript: "Ciao a tutti." }] });
        const headers = { authorization: `Bearer ${emulator.developerKey}`, "content-type": "application/json" };
        const url = `${emulator.baseUrl}/rooms/spoken/transcripts/export?format=txt`;
        const italian = await request(url, { method: "GET", headers, body: JSON.stringify({ lang: "it", locale: "it" }) });
        expect(italian.statusCode).toBe(200);
        expect(String(italian.headers["content-type"])).toMatch(/^text\/plain/);
        const text = await italian.body.text();
        expect(text).toContain("Trascrizione");
        expect(text).toContain("Ciao a tutti.");
        const refused = await request(url, { method: "GET", headers, body: JSON.stringify({ lang: "fr" }) });
        expect(refused.statusCode).toBe(422);
        expect(((await refused.body.json()) as { errors: object }).errors).toHaveProperty("lang");
        const malformed = await request(url, { method: "GET", headers, body: "{" });
        expect(malformed.statusCode).toBe(400);
        await malformed.body.text();
        expect((await api("GET", "/rooms/spoken/transcripts/export?format=txt&locale=es")).status).toBe(200);
        expect((await api("GET", "/rooms/spoken/transcripts/export?locale=pt")).status).toBe(422);
        const json = await api("GET", "/rooms/spoken/transcripts/export?format=json&lang=es");
        expect(json.headers.get("content-type")).toMatch(/^application\/json/);
        expect(json.body).toMatchObject({ lang: "es", transcripts: [{ transcript: "Ciao a tutti." }] });
    });
});

describe("join tokens (endpoint 17)", () => {
    const key = () => new TextEncoder().encode(emulator.developerKey);

    it("always carries td, rd and iat; optional claims only when given", async () => {
        const room = (await api("POST", "/rooms", { friendly_url: "tok" })).body;
        const bare = await api("POST", "/rooms/tok/token", {});
        expect(bare.status).toBe(200);
        const { payload } = await jwtVerify(bare.body.token, key());
        expect(Object.keys(payload).sort()).toEqual(["iat", "rd", "td"]);
        expect(payload).toMatchObject({ td: emulator.teamId, rd: room.id });
        const full = await api("POST", `/rooms/${room.id}/token`, { ud: "u-1", u: "Ada", initials: "AL", role: "moderator", avatar: "https://example.com/a.png", breakoutId: "0b6c2f1e-8d3a-4c5b-9e7f-112233445566" });
        const claims = (await jwtVerify(full.body.token, key())).payload;
        expect(claims).toMatchObject({ ud: "u-1", u: "Ada", initials: "AL", role: "moderator", avatar: "https://example.com/a.png", breakoutId: "0b6c2f1e-8d3a-4c5b-9e7f-112233445566" });
        expect(full.body.link).toBe(`https://acme.digitalsamba.com/tok?token=${full.body.token}`);
        expect(full.text).not.toContain(emulator.developerKey);
    });

    it("reads exp and nbf as Unix time, date-time, or (exp only) minutes below 10^8", async () => {
        await api("POST", "/rooms", { friendly_url: "times" });
        const decode = (t: string) => JSON.parse(Buffer.from(t.split(".")[1]!, "base64url").toString());
        const minutes = decode((await api("POST", "/rooms/times/token", { exp: 99_999_999 })).body.token);
        expect(minutes.exp - minutes.iat).toBe(99_999_999 * 60);
        const unix = decode((await api("POST", "/rooms/times/token", { exp: 100_000_000, nbf: 1_900_000_000 })).body.token);
        expect(unix).toMatchObject({ exp: 100_000_000, nbf: 1_900_000_000 });
        const iso = decode((await api("POST", "/rooms/times/token", { exp: "2040-01-01T00:00:00Z", nbf: "2039-12-31 23:00:00" })).body.token);
        expect(iso).toMatchObject({ exp: 2208988800, nbf: 2208985200 });
        for (const body of [{ nbf: "whenever" }, { role: "ghost" }, { u: 5 }, { breakoutId: "nope" }, { avatar: "not a url" }]) {
            const answer = await api("POST", "/rooms/times/token", body);
            expect(answer.status, JSON.stringify(body)).toBe(422);
            expect(Object.keys(answer.body.errors)).toEqual(Object.keys(body));
        }
    });
});

describe("authentication (section 5)", () => {
    const basic = (user: string, pass: string) => `Basic ${Buffer.from(`${user}:${pass}`).toString("base64")}`;

    it.each([
        ["Bearer", () => `Bearer ${emulator.developerKey}`, 200],
        ["bearer in lower case", () => `bearer ${emulator.developerKey}`, 200],
        ["Basic team id and key (the key holds a colon)", () => basic(emulator.teamId, emulator.developerKey), 200],
        ["no header", () => null, 401],
        ["Bearer with a wrong key", () => "Bearer records-key:with-colo", 401],
        ["Bearer with nothing", () => "Bearer", 401],
        ["Basic with another team id", () => basic("00000000-0000-4000-8000-000000000000", emulator.developerKey), 401],
        ["Basic with a wrong key", () => basic(emulator.teamId, "nope"), 401],
        ["Basic with the key alone", () => `Basic ${Buffer.from(emulator.developerKey).toString("base64")}`, 401],
        ["the key without a scheme", () => emulator.developerKey, 401],
    ] as Array<[string, () => string | null, number]>)("%s", async (_name, header, status) => {
        const answer = await api("GET", "/rooms", undefined, header());
        expect(answer.status).toBe(status);
        if (status === 401) expect(answer.body).toEqual({ message: "Unauthenticated.", error: "unauthenticated" });
        expect(answer.text).not.toContain(emulator.developerKey);
    });
});

describe("statistics (2.8)", () => {
    it("a room's statistics default to the subscription period and carry the room descriptors", async () => {
        await api("POST", "/rooms", { friendly_url: "measured", external_id: "crm-1", privacy: "private", max_participants: 10 });
        const defaults = (await api("GET", "/")).body;
        const stats = (await api("GET", "/rooms/measured/statistics")).body;
        expect(stats).toMatchObject({
            room_external_id: "crm-1", room_friendly_url: "measured", room_privacy: "private", room_max_participants: 10, room_is_deleted: false,
            date_start: defaults.subscription_start.slice(0, 10), date_end: defaults.subscription_end.slice(0, 10), participation_minutes: 0,
        });
        expect((await api("GET", "/rooms/measured/statistics?metrics=rooms")).status).toBe(422); // a team-only metric
        expect((await api("GET", "/rooms/measured/statistics?date_end=2026-13-01")).status).toBe(422);
        const team = (await api("GET", "/statistics")).body;
        // team_id, the room metrics (27 of the contract, 4 documented by the hosted service), 5 team-only ones, the period.
        expect(Object.keys(team)).toHaveLength(1 + 31 + 5 + 2);
    });
});
