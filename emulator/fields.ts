/**
 * The emulator's field table: every setting of team defaults and rooms, with
 * the rule its value must keep, the value it starts with and where it lives. Validation, the initial
 * records, what a room inherits and what a body may carry all derive from it: no other list of
 * settings is written in the emulator.
 *
 * It is the emulator's own reading of the contract, independent of provider/ (docs/architecture.md,
 * decision 5); test/docs.test.ts compares it with the provider's declarations.
 */
import { ATTENDEE, MODERATOR, ROLES, SPEAKER, findRole } from "./roles";
import {
    LANGUAGE_CODES, anyString, atMost, boolean, dateTime, domain, dtmf, hexColour, image, integerBetween, length, listOf, nonEmptyString, oneOf,
    sessionLength, url, uuid, watermark, type Rule,
} from "./rules";

/**
 * Where a setting lives. "shared": in the team defaults, and every room inherits it unless the room
 * sets its own; "room": a room's own; "defaults": the team's only (domain).
 */
export type Scope = "shared" | "room" | "defaults";

export interface Field {
    scope: Scope;
    /** The rule; where team defaults and rooms check a shared setting differently, one for each ("none": not checked). */
    rule: Rule | { defaults: Rule; room: Rule | "none" };
    /**
     * The value a new team's defaults (shared settings) or a new room (room settings) start with. A field
     * without one gets its value elsewhere: the room's friendly URL is generated, its tags are kept apart,
     * the domain is the team's.
     */
    initial?: unknown;
    /** The setting refers to roles (by id or name on input, stored as ids): one, or a list. */
    roles?: "one" | "list";
}

const shared = (rule: Field["rule"], initial: unknown, roles?: Field["roles"]): Field => ({ scope: "shared", rule, initial, ...(roles ? { roles } : {}) });
const room = (rule: Rule, ...initial: [unknown?]): Field => ({ scope: "room", rule, ...(initial.length > 0 ? { initial: initial[0] } : {}) });

export const FIELDS: Readonly<Record<string, Field>> = {
    // ---- 2.3: shared by the team defaults and rooms ----
    is_locked: shared(boolean, false),
    topbar_enabled: shared(boolean, true),
    pip_enabled: shared(boolean, true),
    auto_pip_enabled: shared(boolean, false),
    toolbar_enabled: shared(boolean, true),
    language_selection_enabled: shared(boolean, true),
    room_reactions_enabled: shared(boolean, true),
    chat_reactions_enabled: shared(boolean, true),
    chat_reactions_extended_enabled: shared(boolean, false),
    audio_on_join_enabled: shared(boolean, true),
    video_on_join_enabled: shared(boolean, true),
    hd_video_on_join_enabled: shared(boolean, false),
    audio_autogain_enabled: shared(boolean, true),
    audio_noise_suppression_enabled: shared(boolean, true),
    audio_echo_cancellation_enabled: shared(boolean, true),
    mute_sound_enabled: shared(boolean, true),
    participants_list_enabled: shared(boolean, true),
    pin_enabled: shared(boolean, true),
    full_screen_enabled: shared(boolean, true),
    minimize_own_tile_enabled: shared(boolean, true),
    minimize_own_tile_on_join_enabled: shared(boolean, false),
    end_session_enabled: shared(boolean, true),
    leave_session_enabled: shared(boolean, true),
    rejoin_session_enabled: shared(boolean, true),
    connection_message_enabled: shared(boolean, true),
    chat_enabled: shared(boolean, true),
    private_chat_enabled: shared(boolean, true),
    private_group_chat_enabled: shared(boolean, false),
    chat_persistence_enabled: shared(boolean, false),
    e2ee_enabled: shared(boolean, false),
    e2ee_badge_enabled: shared(boolean, true),
    layout_mode_switch_enabled: shared(boolean, true),
    simple_notifications_enabled: shared(boolean, true),
    join_screen_enabled: shared(boolean, true),
    screenshare_enabled: shared(boolean, true),
    recordings_enabled: shared(boolean, true),
    hide_tiles_in_recordings_enabled: shared(boolean, false),
    recording_logo_enabled: shared(boolean, true),
    participant_names_in_recordings_enabled: shared(boolean, true),
    recording_autostart_enabled: shared(boolean, false),
    recording_bookmarks_enabled: shared(boolean, true),
    recording_breakout_autostart_enabled: shared(boolean, false),
    recording_consent_message_enabled: shared(boolean, false),
    captions_in_recordings_enabled: shared(boolean, false),
    logo_enabled: shared(boolean, true),
    virtual_backgrounds_enabled: shared(boolean, true),
    virtual_backgrounds_v2_enabled: shared(boolean, false),
    raise_hand_enabled: shared(boolean, true),
    invite_participants_enabled: shared(boolean, true),
    invite_participants_advanced_enabled: shared(boolean, false),
    whiteboard_enabled: shared(boolean, false),
    qa_enabled: shared(boolean, true),
    upvote_qa_enabled: shared(boolean, true),
    shared_notes_enabled: shared(boolean, true),
    polls_enabled: shared(boolean, true),
    watermark_enabled: shared(boolean, false),
    consent_message_enabled: shared(boolean, false),
    lobby_sound_enabled: shared(boolean, true),
    content_library_enabled: shared(boolean, true),
    transcription_enabled: shared(boolean, false),
    transcription_auto_start_enabled: shared(boolean, false),
    captions_enabled: shared(boolean, true),
    default_role: shared(nonEmptyString, ATTENDEE.id, "one"),
    roles: shared(listOf(nonEmptyString), ROLES.map((r) => r.id), "list"),
    session_length: shared(sessionLength, null),
    toolbar_position: shared(oneOf(["left", "right", "bottom"]), "bottom"),
    toolbar_color: shared(hexColour, "#000000"),
    primary_color: shared(hexColour, "#3771E0"),
    background_color: shared(hexColour, "#F5F5F5"),
    palette_mode: shared(oneOf(["light", "dark"]), "light"),
    language: shared(oneOf(LANGUAGE_CODES), "en"),
    languages: shared(listOf(oneOf(LANGUAGE_CODES)), ["en", "de-DE", "es-ES"]),
    hd_video_quality: shared(oneOf(["720_1.5", "720_2.5", "1080_2.5", "1080_5.5"]), "720_2.5"),
    audio_quality: shared(oneOf(["32", "64", "128", "256"]), "64"),
    private_group_chat_name: shared(length(3), "Private group"),
    private_group_chat_roles: shared(listOf(nonEmptyString), [MODERATOR.id, SPEAKER.id], "list"),
    custom_logo: shared(image, null),
    application_logo: shared(image, null),
    // The contract lists favicon for the defaults only: rooms show the team's in their record, and a room
    // body's favicon is kept unchecked, as before this table.
    favicon: shared({ defaults: image, room: "none" }, null),
    qa_default_filter: shared(oneOf(["all", "open", "answered"]), "all"),
    watermark_text: shared({ defaults: watermark(50), room: watermark(150) }, "Confidential"),
    consent_message_type: shared(oneOf(["generic", "custom"]), "generic"),
    consent_message: shared(anyString, "By joining you agree to our [link https://example.com/terms]terms[/link]."),
    checkbox_message: shared(anyString, "Do not show again"),
    recordings_layout_mode: shared(oneOf(["auto", "tiled"]), "auto"),
    layout_mode_on_join: shared(oneOf(["auto", "tiled"]), "auto"),
    html_title: shared(length(3, 255), "Video rooms"),
    lobby_message: shared(length(3, 1000), "Please wait, the host will let you in soon."),
    default_content_library: shared(oneOf(["room", "personal"]), "room"),
    library_id: shared(uuid, "1f0e7d4c-5b6a-4f3e-8d2c-1b0a9f8e7d6c"),
    // The contract's 8 captions languages and the 6 more the hosted service documents; and its tile layout
    // setting, which the contract lacks: the service takes them, so the emulator does.
    captions_language: shared(oneOf(["bg", "ca", "da", "de", "en", "es", "fi", "fr", "it", "nl", "pt", "ro", "sv", "tr"]), "en"),
    video_tile_layout_mode: shared(oneOf(["top", "bottom"]), "top"),

    // ---- the team defaults only ----
    domain: { scope: "defaults", rule: domain },

    // ---- 2.4: a room's own ----
    description: room(length(3, 500), null),
    friendly_url: room(length(3, 32)),
    privacy: room(oneOf(["public", "private"]), "public"),
    external_id: room(anyString, null),
    webhooks: room(listOf(nonEmptyString), []),
    tags: room(listOf(nonEmptyString)),
    is_audio_only: room(boolean, false),
    broadcaster_tile_visibility: room(oneOf(["all", "cam_mic", "cam"]), "all"),
    breakout_rooms_enabled: room(boolean, false),
    breakouts: room(listOf(nonEmptyString, { nullable: true }), null),
    breakout_free_movement_enabled: room(boolean, false),
    breakout_return_to_main_room_enabled: room(boolean, true),
    breakout_timer_enabled: room(boolean, false),
    breakout_timer_duration: room(integerBetween(1), 15),
    breakout_end_on_timer: room(boolean, false),
    restream_enabled: room(boolean, false),
    restream_type: room(oneOf(["youtube", "vimeo", "cloudflare", "custom"]), null),
    restream_key: room(nonEmptyString, null),
    restream_url: room(url, null),
    restream_layout_mode: room(oneOf(["auto", "tiled"]), "auto"),
    hide_tiles_in_restream_enabled: room(boolean, false),
    restream_logo_enabled: room(boolean, true),
    restream_autostart_enabled: room(boolean, false),
    participant_names_in_restream_enabled: room(boolean, true),
    restream_consent_message_enabled: room(boolean, false),
    // And at most the plan's maximum, which the control API can change: roomRules adds that.
    max_participants: room(integerBetween(2), 100),
    max_broadcasters: room(integerBetween(1), 100),
    whip_enabled: room(boolean, false),
    telephony_enabled: room(boolean, false),
    telephony_phone_number: room(nonEmptyString, null),
    telephony_pin_dtmf: room(dtmf, null),
    // Must be in the future: rooms.ts checks that with the team's clock.
    expires_at: room(dateTime, null),
};

const names = (keep: (field: Field) => boolean) => Object.keys(FIELDS).filter((name) => keep(FIELDS[name]!));

/** Settings a room inherits from the team defaults unless it overrides them. */
export const SHARED = names((f) => f.scope === "shared");
/** A room's own settings kept in its record, beside its friendly URL and tags. */
export const ROOM_OWN = names((f) => f.scope === "room" && "initial" in f);
/** What a body may carry: the fields of its scope; anything else is ignored, as the API does. */
export const ROOM_BODY = names((f) => f.scope !== "defaults");
export const DEFAULTS_BODY = names((f) => f.scope !== "room");
/** Image settings: a base64 upload is stored as a URL (values.ts, storedImage). */
export const IMAGE_FIELDS = names((f) => f.rule === image || (typeof f.rule === "object" && f.rule.defaults === image));

function rulesOf(scope: "room" | "defaults"): Record<string, Rule> {
    const rules: Record<string, Rule> = {};
    for (const name of scope === "room" ? ROOM_BODY : DEFAULTS_BODY) {
        const rule = FIELDS[name]!.rule;
        const own = typeof rule === "function" ? rule : rule[scope];
        if (own !== "none") rules[name] = own;
    }
    return rules;
}

/**
 * The rules of a room body (create or update) under the team's plan: its maximum, which the control API can
 * change, caps max_participants.
 */
export function roomRules(planMaximum: () => number): Record<string, Rule> {
    const rules = rulesOf("room");
    const own = rules.max_participants!;
    rules.max_participants = (v, f) => own(v, f) ?? atMost(planMaximum)(v, f);
    return rules;
}
/** The rules of a team defaults body. */
export const defaultsRules = (): Record<string, Rule> => rulesOf("defaults");

/** Fresh initial values of a scope's settings (a copy: records are changed in place). */
export function initialValues(scope: "shared" | "room"): Record<string, unknown> {
    return structuredClone(Object.fromEntries(names((f) => f.scope === scope && "initial" in f).map((name) => [name, FIELDS[name]!.initial])));
}

/** Role names or ids in a body's role settings must name roles; they are stored as ids. */
export function resolveRoles(body: Record<string, unknown>, errors: Record<string, string[]>): void {
    for (const [field, { roles }] of Object.entries(FIELDS)) {
        const value = body[field];
        const invalid = () => (errors[field] ??= []).push(`The selected ${field.replace(/_/g, " ")} is invalid.`);
        if (roles === "one" && typeof value === "string") {
            const r = findRole(value);
            if (r) body[field] = r.id;
            else invalid();
        } else if (roles === "list" && Array.isArray(value) && value.every((v) => typeof v === "string")) {
            const ids = value.map((v) => findRole(v)?.id);
            if (ids.some((id) => id === undefined)) invalid();
            else body[field] = ids;
        }
    }
}
