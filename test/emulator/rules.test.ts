/**
 * Every write rule of sections 2.3, 2.4 and 8, on both sides of each boundary, for room create,
 * room update and the team defaults. Table-driven: each row is a body and the one field the
 * emulator must name (or null when the body is valid).
 */
import { describe, expect, it } from "vitest";
import { control } from "../support/http";
import { useEmulator } from "../support/emulator";

const env = useEmulator({ rateLimit: 0 }, { resetEach: true });
const { api } = env;

const x = (n: number) => "x".repeat(n);
const UUID = "0b6c2f1e-8d3a-4c5b-9e7f-112233445566";
type Row = [string, Record<string, unknown>, string | null];

/** Rules shared by rooms and defaults (2.3), watermark aside. */
const shared: Row[] = [
    ["session_length 1", { session_length: 1 }, null],
    ["session_length 0", { session_length: 0 }, "session_length"],
    ["session_length 1440", { session_length: 1440 }, null],
    ["session_length 1441", { session_length: 1441 }, "session_length"],
    ["session_length null (unlimited)", { session_length: null }, null],
    ["session_length empty (unlimited)", { session_length: "" }, null],
    ["session_length 1.5", { session_length: 1.5 }, "session_length"],
    ["session_length as string", { session_length: "60" }, "session_length"],
    ["toolbar_position left", { toolbar_position: "left" }, null],
    ["toolbar_position top", { toolbar_position: "top" }, "toolbar_position"],
    ["toolbar_color #abc", { toolbar_color: "#abc" }, null],
    ["primary_color #A1B2C3", { primary_color: "#A1B2C3" }, null],
    ["background_color #abcd", { background_color: "#abcd" }, "background_color"],
    ["primary_color without #", { primary_color: "3771E0" }, "primary_color"],
    ["primary_color #ggg", { primary_color: "#ggg" }, "primary_color"],
    ["palette_mode dark", { palette_mode: "dark" }, null],
    ["palette_mode grey", { palette_mode: "grey" }, "palette_mode"],
    ["language zh-TW", { language: "zh-TW" }, null],
    ["language fr", { language: "fr" }, "language"],
    ["languages subset", { languages: ["en", "it-IT", "nb-NO"] }, null],
    ["languages empty", { languages: [] }, null],
    ["languages unknown code", { languages: ["en", "xx-XX"] }, "languages"],
    ["languages not an array", { languages: "en" }, "languages"],
    ["hd_video_quality 1080_5.5", { hd_video_quality: "1080_5.5" }, null],
    ["hd_video_quality as number", { hd_video_quality: 720 }, "hd_video_quality"],
    ["audio_quality 256", { audio_quality: "256" }, null],
    ["audio_quality 512", { audio_quality: "512" }, "audio_quality"],
    ["audio_quality as number", { audio_quality: 64 }, "audio_quality"],
    ["private_group_chat_name 3", { private_group_chat_name: "abc" }, null],
    ["private_group_chat_name 2", { private_group_chat_name: "ab" }, "private_group_chat_name"],
    ["private_group_chat_roles by name", { private_group_chat_roles: ["moderator", "speaker"] }, null],
    ["private_group_chat_roles unknown", { private_group_chat_roles: ["ghost"] }, "private_group_chat_roles"],
    ["is_locked with two roles", { is_locked: true, roles: ["moderator", "attendee"] }, null],
    ["is_locked with a single role", { is_locked: true, roles: ["moderator"] }, "is_locked"],
    ["is_locked with one role named twice", { is_locked: true, roles: ["moderator", "moderator"] }, "is_locked"],
    ["roles by name", { roles: ["moderator", "attendee"] }, null],
    ["roles unknown", { roles: ["ghost"] }, "roles"],
    ["roles not strings", { roles: [1] }, "roles"],
    ["default_role by name", { default_role: "speaker" }, null],
    ["default_role unknown", { default_role: "ghost" }, "default_role"],
    ["qa_default_filter answered", { qa_default_filter: "answered" }, null],
    ["qa_default_filter closed", { qa_default_filter: "closed" }, "qa_default_filter"],
    ["consent_message_type custom", { consent_message_type: "custom" }, null],
    ["consent_message_type other", { consent_message_type: "other" }, "consent_message_type"],
    ["consent_message with link marker", { consent_message: "Read [link https://x.example]this[/link]" }, null],
    ["checkbox_message as number", { checkbox_message: 1 }, "checkbox_message"],
    ["recordings_layout_mode tiled", { recordings_layout_mode: "tiled" }, null],
    ["recordings_layout_mode grid", { recordings_layout_mode: "grid" }, "recordings_layout_mode"],
    ["layout_mode_on_join grid", { layout_mode_on_join: "grid" }, "layout_mode_on_join"],
    ["html_title 3", { html_title: x(3) }, null],
    ["html_title 2", { html_title: x(2) }, "html_title"],
    ["html_title 255", { html_title: x(255) }, null],
    ["html_title 256", { html_title: x(256) }, "html_title"],
    ["lobby_message 3", { lobby_message: x(3) }, null],
    ["lobby_message 2", { lobby_message: x(2) }, "lobby_message"],
    ["lobby_message 1000", { lobby_message: x(1000) }, null],
    ["lobby_message 1001", { lobby_message: x(1001) }, "lobby_message"],
    ["default_content_library personal", { default_content_library: "personal" }, null],
    ["default_content_library shared", { default_content_library: "shared" }, "default_content_library"],
    ["library_id uuid", { library_id: UUID }, null],
    ["library_id not a uuid", { library_id: "library-1" }, "library_id"],
    ["captions_language fr", { captions_language: "fr" }, null],
    ["captions_language en-US", { captions_language: "en-US" }, "captions_language"],
    ["custom_logo URL", { custom_logo: "https://example.com/logo.png" }, null],
    ["application_logo raw base64", { application_logo: "iVBORw0KGgo=" }, null],
    ["custom_logo junk", { custom_logo: "not an image" }, "custom_logo"],
    ["boolean true", { chat_enabled: true }, null],
    ["boolean as string", { chat_enabled: "true" }, "chat_enabled"],
    ["boolean as number", { is_locked: 1 }, "is_locked"],
    ["watermark_text 3", { watermark_text: "abc" }, null],
    ["watermark_text 2", { watermark_text: "ab" }, "watermark_text"],
    ["watermark_text punctuation", { watermark_text: "Internal - do not share, (v2)!" }, null],
    ["watermark_text non-Latin", { watermark_text: "Vertraulich ü" }, "watermark_text"],
    ["watermark_text emoji", { watermark_text: "secret 🔒" }, "watermark_text"],
    ["e2ee alone", { e2ee_enabled: true }, null],
    ["e2ee with whiteboard", { e2ee_enabled: true, whiteboard_enabled: true }, "whiteboard_enabled"],
    ["e2ee with transcription", { e2ee_enabled: true, transcription_enabled: true }, "transcription_enabled"],
    ["unknown field ignored", { not_a_setting: 1 }, null],
];

/** Room-only rules (2.4 and 8). */
const roomOnly: Row[] = [
    ["description 3", { description: x(3) }, null],
    ["description 2", { description: x(2) }, "description"],
    ["description 500", { description: x(500) }, null],
    ["description 501", { description: x(501) }, "description"],
    ["friendly_url 3", { friendly_url: "abc" }, null],
    ["friendly_url 2", { friendly_url: "ab" }, "friendly_url"],
    ["friendly_url 32", { friendly_url: x(32) }, null],
    ["friendly_url 33", { friendly_url: x(33) }, "friendly_url"],
    ["privacy private", { privacy: "private" }, null],
    ["privacy secret", { privacy: "secret" }, "privacy"],
    ["external_id", { external_id: "crm-42" }, null],
    ["external_id as number", { external_id: 42 }, "external_id"],
    ["webhooks", { webhooks: [UUID] }, null],
    ["webhooks not an array", { webhooks: UUID }, "webhooks"],
    ["is_audio_only", { is_audio_only: true }, null],
    ["broadcaster_tile_visibility cam_mic", { broadcaster_tile_visibility: "cam_mic" }, null],
    ["broadcaster_tile_visibility none", { broadcaster_tile_visibility: "none" }, "broadcaster_tile_visibility"],
    ["breakouts names", { breakouts: ["Team A", "Team B"] }, null],
    ["breakouts null", { breakouts: null }, null],
    ["breakouts numbers", { breakouts: [1, 2] }, "breakouts"],
    ["breakout_timer_duration 1", { breakout_timer_duration: 1 }, null],
    ["breakout_timer_duration 0", { breakout_timer_duration: 0 }, "breakout_timer_duration"],
    ["restream_type cloudflare", { restream_type: "cloudflare" }, null],
    ["restream_type twitch", { restream_type: "twitch" }, "restream_type"],
    ["restream_url", { restream_url: "rtmp://live.example.com/app" }, null],
    ["restream_url not a URL", { restream_url: "live example" }, "restream_url"],
    ["restream_layout_mode tiled", { restream_layout_mode: "tiled" }, null],
    ["restream_layout_mode grid", { restream_layout_mode: "grid" }, "restream_layout_mode"],
    ["max_participants 2", { max_participants: 2 }, null],
    ["max_participants 1", { max_participants: 1 }, "max_participants"],
    ["max_participants 2000", { max_participants: 2000 }, null],
    ["max_participants 2001", { max_participants: 2001 }, "max_participants"],
    ["max_participants as string", { max_participants: "10" }, "max_participants"],
    ["max_broadcasters 1", { max_broadcasters: 1 }, null],
    ["max_broadcasters 0", { max_broadcasters: 0 }, "max_broadcasters"],
    ["max_broadcasters = max_participants", { max_participants: 50, max_broadcasters: 50 }, null],
    ["max_broadcasters = max_participants + 1", { max_participants: 50, max_broadcasters: 51 }, "max_broadcasters"],
    ["telephony_pin_dtmf digits and pauses", { telephony_pin_dtmf: "1234WWw56#*" }, null],
    ["telephony_pin_dtmf letters", { telephony_pin_dtmf: "12ab" }, "telephony_pin_dtmf"],
    ["watermark_text 150", { watermark_text: x(150) }, null],
    ["watermark_text 151", { watermark_text: x(151) }, "watermark_text"],
    ["e2ee with breakout rooms", { e2ee_enabled: true, breakout_rooms_enabled: true }, "breakout_rooms_enabled"],
    ["expires_at future", { expires_at: "2099-12-31 23:59:59" }, null],
    ["expires_at past", { expires_at: "2001-01-01 00:00:00" }, "expires_at"],
    ["expires_at ISO form", { expires_at: "2099-01-01T00:00:00Z" }, "expires_at"],
    ["expires_at impossible date", { expires_at: "2099-02-30 10:00:00" }, "expires_at"],
];

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
    it.each([...shared, ...roomOnly])("%s", async (_name, body, badField) => {
        expectVerdict(await api("POST", "/rooms", body), badField);
    });
});

describe("room update (PATCH /rooms/{room})", () => {
    // The same rules on update; the row's body is applied to a fresh room with all-default settings.
    it.each([...shared, ...roomOnly])("%s", async (_name, body, badField) => {
        await api("POST", "/rooms", { friendly_url: "target" });
        expectVerdict(await api("PATCH", "/rooms/target", body), badField);
    });
});

describe("team defaults (PATCH /)", () => {
    const defaultsOnly: Row[] = [
        ["watermark_text 50", { watermark_text: x(50) }, null],
        ["watermark_text 51", { watermark_text: x(51) }, "watermark_text"],
        ["domain 3", { domain: "abc" }, null],
        ["domain 2", { domain: "ab" }, "domain"],
        ["domain 32", { domain: x(32) }, null],
        ["domain 33", { domain: x(33) }, "domain"],
        ["domain dashes and underscores", { domain: "my-team_2" }, null],
        ["domain with a dot", { domain: "my.team" }, "domain"],
        ["domain with a space", { domain: "my team" }, "domain"],
        ...["docs", "api", "dev-api", "staging-api", "you", "dashboard"].map((d): Row => [`domain reserved ${d}`, { domain: d }, "domain"]),
        ["favicon URL", { favicon: "https://example.com/favicon.ico" }, null],
        ["favicon junk", { favicon: "favicon please" }, "favicon"],
        ["read-only max_participants ignored", { max_participants: 5 }, null],
    ];
    it.each([...shared, ...defaultsOnly])("%s", async (_name, body, badField) => {
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
