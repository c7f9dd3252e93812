/**
 * No perpetual diffs: every writable setting of the settings table set to a valid value that
 * differs from the emulator's default, then a second up and a refresh must show no change for
 * any of them. The samples are keyed by the table, and a setting without a sample fails the
 * test, so a field added to the table cannot escape it.
 *
 * Run against both answer profiles of the emulator: the contract's, and the vendor's document's (records without
 * most settings, tags among them), where a field absent from an answer must never show as a change or replace.
 * And the record of a TeamDefaults' original values, left by a create killed after its write, is judged still good
 * for every setting the team holds as that create left it (provider/resources/teamDefaults.ts, `stillHeld`).
 */
import { describe, expect, it } from "vitest";
import type { AnswerProfile, RunningEmulator } from "../../emulator";
import { useEmulator } from "../support/emulator";
import { toCamelName } from "../../provider/model/names";
import { settingsFor } from "../../provider/model/settings";
import { apiCaller, control } from "../support/http";
import { engineFor, sdk } from "../support/pulumi";
import { RoomsClient, resolveClientConfig } from "../../provider/api";
import { Claims } from "../../provider/resources/claims";
import type { Context } from "../../provider/resources/kind";
import { TeamDefaultsProvider } from "../../provider/resources/teamDefaults";


const LOGO = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

/** A valid value, different from the emulator's default, for every setting that is not a boolean. */
const SAMPLES: Record<string, unknown> = {
    default_role: "moderator",
    roles: ["moderator", "speaker"],
    session_length: 90,
    toolbar_position: "left",
    toolbar_color: "#AbCdEf",
    primary_color: "#123",
    background_color: "#fafafa",
    palette_mode: "dark",
    language: "nl-NL",
    languages: ["en", "nl-NL"],
    hd_video_quality: "1080_5.5",
    audio_quality: "128",
    private_group_chat_name: "Backstage",
    private_group_chat_roles: ["speaker"],
    custom_logo: LOGO,
    application_logo: "https://example.com/app-logo.png",
    qa_default_filter: "answered",
    watermark_text: "Internal use only",
    consent_message_type: "custom",
    consent_message: "Recording may happen, see [link https://example.com]terms[/link].",
    checkbox_message: "Never again",
    recordings_layout_mode: "tiled",
    layout_mode_on_join: "tiled",
    html_title: "Our rooms",
    lobby_message: "Hold on a moment",
    default_content_library: "personal",
    library_id: "0b6c7f3e-2f1a-4c1b-9a55-7f1e2d3c4b5a",
    captions_language: "sv",
    video_tile_layout_mode: "bottom",
    domain: "globex",
    favicon: "https://example.com/favicon.ico",
    description: "Every setting set",
    friendly_url: "every-setting",
    privacy: "private",
    external_id: "ext-42",
    webhooks: ["3f2504e0-4f89-41d3-9a0c-0305e82c3301"],
    tags: ["all", "settings"],
    broadcaster_tile_visibility: "cam_mic",
    breakouts: ["Group A", "Group B"],
    breakout_timer_duration: 25,
    restream_type: "custom",
    restream_key: "stream-key-123",
    restream_url: "rtmp://live.example.com/app",
    restream_layout_mode: "tiled",
    max_participants: 40,
    max_broadcasters: 10,
    telephony_phone_number: "+4512345678",
    telephony_pin_dtmf: "1234W#",
    expires_at: "2099-12-31 23:00:00",
};

/** Booleans flipped from the emulator's default; e2ee is left to its own room (it excludes three others). */
const E2EE_EXCLUDES = ["whiteboard_enabled", "transcription_enabled", "breakout_rooms_enabled"];

async function everySetting(target: "defaults" | "room", live: Record<string, unknown>): Promise<Record<string, unknown>> {
    const args: Record<string, unknown> = {};
    for (const setting of settingsFor(target)) {
        const key = toCamelName(setting.name);
        if (setting.name === "e2ee_enabled") continue;
        if (typeof live[setting.name] === "boolean") {
            args[key] = !live[setting.name];
            continue;
        }
        // A boolean the answer does not show (the documented profile): set, whatever it was.
        if (!(setting.name in SAMPLES) && setting.schema(target).safeParse(true).success) {
            args[key] = true;
            continue;
        }
        if (!(setting.name in SAMPLES)) throw new Error(`no sample value for ${setting.name}: add one to SAMPLES`);
        args[key] = SAMPLES[setting.name];
    }
    return args;
}

describe.each<AnswerProfile>(["contract", "documented"])("no perpetual diffs (%s profile)", (profile) => {
    let emulator: RunningEmulator;
    useEmulator({ rateLimit: 0, profile }, { started: (started) => (emulator = started) });

    it("every writable setting of TeamDefaults and Room: a second up and a refresh change nothing", async () => {
        const api = apiCaller(emulator);
        const defaults = (await api("GET", "/")).body;
        const roomDefaults = (await api("POST", "/rooms", { friendly_url: "probe" })).body;
        await api("DELETE", "/rooms/probe");
        const defaultsArgs = await everySetting("defaults", defaults);
        const roomArgs = await everySetting("room", roomDefaults);
        expect(Object.keys(roomArgs).length).toBe(settingsFor("room").length - 1);
        const e2eeArgs = { friendlyUrl: "e2ee-room", e2eeEnabled: true, ...Object.fromEntries(E2EE_EXCLUDES.map((f) => [toCamelName(f), false])) };

        const engine = engineFor(emulator, "every-setting");
        const program = async () => {
            const teamDefaults = new sdk.TeamDefaults("defaults", defaultsArgs);
            new sdk.Room("every", roomArgs, { dependsOn: teamDefaults });
            new sdk.Room("e2ee", e2eeArgs, { dependsOn: teamDefaults });
        };
        const up = await engine.up(program);
        expect(up.errors).toEqual([]);
        // Every write's answer shows what was sent, or leaves it out: no setting is reported as not applied.
        expect(up.warnings).toEqual([]);

        await control(emulator, "DELETE", "/requests");
        const again = await engine.up(program);
        expect(again.steps.map((s) => `${s.op} ${s.name} ${(s.changedKeys ?? []).join(",")}`.trim()).sort()).toEqual(["same defaults", "same e2ee", "same every"]);
        const refresh = await engine.refresh();
        expect(refresh.steps.filter((s) => s.op !== "refresh-same")).toEqual([]);
        const preview = await engine.preview(program);
        expect(preview.steps.every((s) => s.op === "same")).toBe(true);
        // A field no answer showed is never an undefined output (the real engine cannot carry one).
        for (const [urn, resource] of Object.entries(engine.resources())) {
            for (const [k, v] of Object.entries({ ...resource.outputs, ...resource.inputs })) expect(v, `${urn} ${k}`).not.toBeUndefined();
        }
        const log = await control(emulator, "GET", "/requests");
        expect(log.entries.filter((e: { method: string }) => e.method !== "GET")).toEqual([]);
        await engine.destroy();
    });

    it("every writable setting of TeamDefaults: the record of the originals a killed create left is taken whole by the next create while the team is as that create left it", async () => {
        const api = apiCaller(emulator);
        const before = (await api("GET", "/")).body;
        const args = { ...(await everySetting("defaults", before)), stack: "app/dev" };
        const client = new RoomsClient(resolveClientConfig({ apiUrl: emulator.baseUrl, developerKey: emulator.developerKey, requestsPerMinute: 100_000 }, {}));
        // Each create a provider process of its own (a deployment), as the engine runs them.
        const deployment = () => new TeamDefaultsProvider(() => client, new Claims());
        const warnings: string[] = [];
        const ctx: Context = { preview: false, resourceName: "defaults", resourceUrn: "urn:pulumi:dev::app::vcrooms:index:TeamDefaults::defaults", warn: (w) => void warnings.push(w) };
        // The killed create: its write landed, its answer never reached a state.
        const killed = await deployment().create(args, ctx);
        const again = await deployment().create(args, ctx);
        // No setting, of any compare kind (colours, roles, images uploaded, times), judged changed since.
        expect(warnings).toEqual([]);
        expect(again.outs.restoreValues).toEqual(killed.outs.restoreValues);
        await deployment().delete(again.id, again.outs, ctx);
        expect(warnings).toEqual([]);
    });
});
