import { describe, expect, it } from "vitest";
import { z } from "zod";
import { SETTINGS, settingByName, settingsFor } from "../../provider/model/settings";

/** A write body of a target validated field by field by the table's rules; a field the target does not take is refused. */
function errorsOf(target: "defaults" | "room", body: Record<string, unknown>): Record<string, string> {
    const result = z.strictObject(Object.fromEntries(settingsFor(target).map((s) => [s.name, (s.schema(target) as z.ZodType).optional()]))).safeParse(body);
    if (result.success) return {};
    return Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
}

describe("the settings table", () => {
    it("names every field once, with the scopes of the contract", () => {
        const names = SETTINGS.map((s) => s.name);
        expect(new Set(names).size).toBe(names.length);
        // 2.3: 29 valued settings and 61 booleans, plus video_tile_layout_mode (documented by the hosted service);
        // domain + favicon; 2.4: 32 room-only fields.
        expect(SETTINGS.filter((s) => s.scope === "shared")).toHaveLength(91);
        expect(SETTINGS.filter((s) => s.scope === "defaults").map((s) => s.name)).toEqual(["domain", "favicon"]);
        expect(SETTINGS.filter((s) => s.scope === "room")).toHaveLength(32);
        expect(settingsFor("room").some((s) => s.name === "domain")).toBe(false);
        expect(settingsFor("defaults").some((s) => s.name === "tags")).toBe(false);
    });

    it("marks tags create-only, languages create-only on rooms, restream_key and telephony_pin_dtmf secret, and nothing else", () => {
        expect(SETTINGS.filter((s) => "createOnly" in s && s.createOnly === true).map((s) => s.name)).toEqual(["tags"]);
        expect(SETTINGS.filter((s) => "createOnly" in s && s.createOnly === "room").map((s) => s.name)).toEqual(["languages"]);
        expect(SETTINGS.filter((s) => "secret" in s && s.secret).map((s) => s.name)).toEqual(["restream_key", "telephony_pin_dtmf"]);
    });

    it("marks free text every shared setting written as it is whose rule takes the user's own words or an image's address", () => {
        // What a team may give its TeamDefaults as a secret that a room of another stack inherits (maybeSecretInherited):
        // derived from each rule, so a new text setting is covered without a list here.
        const words = ["Please agree to be recorded, Ada.", "https://cdn.example.com/logo.png"];
        const takesText = (s: (typeof SETTINGS)[number]) => (s.compare === "exact" || s.compare === "image") && words.some((w) => s.schema("defaults").safeParse(w).success);
        const shared = SETTINGS.filter((s) => s.scope === "shared");
        expect(shared.filter((s) => s.freeText === true).map((s) => s.name)).toEqual(shared.filter(takesText).map((s) => s.name));
        expect(shared.filter((s) => s.freeText === true).map((s) => s.name)).toEqual(expect.arrayContaining(["consent_message", "lobby_message", "custom_logo"]));
    });

    it.each([
        ["room", { description: "abc" }, {}],
        ["room", { description: "ab" }, { description: "must be 3 to 500 characters" }],
        ["room", { description: "x".repeat(500) }, {}],
        ["room", { description: "x".repeat(501) }, { description: "must be 3 to 500 characters" }],
        ["room", { friendly_url: "x".repeat(32) }, {}],
        ["room", { friendly_url: "x".repeat(33) }, { friendly_url: "must be 3 to 32 characters" }],
        ["room", { session_length: 1440 }, {}],
        ["room", { session_length: 1441 }, { session_length: "must be an integer from 1 to 1440" }],
        ["room", { session_length: 0 }, { session_length: "must be an integer from 1 to 1440" }],
        ["room", { session_length: null }, {}],
        ["room", { max_participants: 2000 }, {}],
        ["room", { max_participants: 2001 }, { max_participants: "must be an integer from 2 to 2000" }],
        ["room", { max_participants: 1 }, { max_participants: "must be an integer from 2 to 2000" }],
        ["room", { max_broadcasters: 0 }, { max_broadcasters: "must be an integer of at least 1" }],
        ["room", { watermark_text: "x".repeat(150) }, {}],
        ["room", { watermark_text: "x".repeat(151) }, { watermark_text: "must be 3 to 150 characters" }],
        ["defaults", { watermark_text: "x".repeat(50) }, {}],
        ["defaults", { watermark_text: "x".repeat(51) }, { watermark_text: "must be 3 to 50 characters" }],
        ["room", { watermark_text: "héllo" }, { watermark_text: "must use only Latin letters, digits and basic punctuation" }],
        ["room", { toolbar_color: "#ABCDEF" }, {}],
        ["room", { toolbar_color: "red" }, { toolbar_color: "must be a hex colour code such as #1a2b3c" }],
        ["room", { toolbar_position: "top" }, { toolbar_position: "must be one of left, right, bottom" }],
        ["room", { languages: ["en", "xx"] }, { "languages.1": expect.stringContaining("must be one of ar-SA") }],
        ["room", { expires_at: "2030-01-01T00:00:00Z" }, { expires_at: "must be a date-time YYYY-MM-DD hh:mm:ss (UTC)" }],
        ["room", { telephony_pin_dtmf: "12W34w#" }, {}],
        ["room", { domain: "acme" }, { "": expect.stringContaining("domain") }],
        ["defaults", { domain: "api" }, { domain: "must not be one of docs, api, dev-api, staging-api, you, dashboard" }],
        ["defaults", { domain: "ab" }, { domain: "must be 3 to 32 letters, digits, dashes or underscores" }],
        ["defaults", { domain: "a_b-c" }, {}],
        ["room", { custom_logo: "data:image/png;base64,iVBORw0KGgo=" }, {}],
        ["room", { custom_logo: "not an image" }, { custom_logo: "must be an image URL (http or https) or a base64-encoded file" }],
    ] as const)("%s %j -> %j", (target, body, expected) => {
        expect(errorsOf(target, body as Record<string, unknown>)).toEqual(expected);
    });

    it("looks a setting up by its API name", () => {
        expect(settingByName("audio_quality")?.compare).toBe("numberString");
    });
});
