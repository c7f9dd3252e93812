/**
 * The single table of writable settings: those shared by team defaults and rooms, the
 * defaults-only `domain` and `favicon`, and the room-only ones.
 *
 * Derived from this table (through the resource declarations in provider/declarations): the
 * zod schemas `check` validates with, the SDK's input and output types, the camelCase names
 * (through names.ts), the diff's normalization (through `compare`), the replacement keys
 * (create-only) and the secret outputs. Add a field here and it appears everywhere; never write
 * the list a second time.
 */
import type { z } from "zod";
import { toCamelName, type CamelCase } from "./names";
import { arrayOf, formatted, fromValidator, NAMED_REF, orNull, ROLE_REF, STRING, typeName, type TypeSpec } from "./types";

/**
 * zod, loaded at the first validator built rather than with the table: the SDK reads the table's names and flags
 * when a program starts, and zod with its locales is most of the modules that would cost (test/package/loading.test.ts).
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const zod = (): typeof z => require("zod").z;

/** Where a setting may be written. */
export type SettingScope = "shared" | "defaults" | "room";

/**
 * How two values of a setting are compared by the diff (docs/architecture.md, decision 3): the API
 * accepts one form and reads back another.
 */
export type CompareKind =
    | "exact"
    | "colour" // "#ABC" == "#aabbcc": the API echoes what it was given, users mix case
    | "role" // written as id or name, read back as {id, name, display_name}
    | "roleList" // the same, element-wise; order is meaningful
    | "roleIdList" // role ids or names, read back as bare role ids (private_group_chat_roles)
    | "namedList" // names, read back as {id, name} objects (breakouts); compared like roleList
    | "image" // written as URL or base64, a base64 upload reads back as a CDN URL
    | "numberString" // "64" == 64: audio_quality is a string the API may echo as a number
    | "datetime" // "2027-01-02 03:04:05" == "2027-01-02T03:04:05Z"
    | "nullableInteger" // session_length: null and "" both mean unlimited
    | "stringSet"; // tags: order carries no meaning

export interface Setting<N extends string = string, T = unknown, C extends CompareKind = CompareKind> {
    /** The API's snake_case name; the camelCase input name derives from it. */
    readonly name: N;
    readonly scope: SettingScope;
    /** One line for the SDK's reference docs. */
    readonly description: string;
    readonly compare: C;
    /**
     * Only the create body accepts it: changing it replaces the room. `true` wherever it is written; "room" only for
     * rooms (languages: the room update body has no such field, the team defaults' does).
     */
    readonly createOnly?: true | "room";
    /** Never shown in plans, state text or logs. */
    readonly secret?: boolean;
    /**
     * The API name of another setting whose value this one takes when not declared (the API sets max_broadcasters
     * to max_participants): its output is secret whenever that setting is given as a secret.
     */
    readonly carries?: string;
    /**
     * Its value is words or an image of the user's own choosing (no closed set, no team's id): a team may hold it as a
     * secret, given so in a stack a room of another one cannot see, so a room's output of it is secret wherever the
     * room does not declare it plainly (`maybeSecretInherited`, docs/assumptions.md). Set by the value rule.
     */
    readonly freeText?: true;
    /**
     * Builds the field's validator for a scope (watermark_text has a different maximum for team
     * defaults and rooms). Built on demand, never held at module level, so that nothing captured
     * in a serialized closure holds a zod instance (docs/architecture.md, decision 1).
     * @internal zod's types stay out of the package's public declarations (test/package/install.test.ts).
     */
    readonly schema: (target: "defaults" | "room") => z.ZodType<T>;
    /** The values the validator takes, in words, for a scope (watermark_text's maximum differs), for the reference. */
    readonly allowed: (target: "defaults" | "room") => string;
    /** What omitting it means, where that is more than "not sent" (for the reference). */
    readonly whenOmitted?: string;
    /**
     * The way out when the API refuses the value and its words do not say it (added to the provider's error), by
     * the action refused where it differs.
     */
    readonly remedy?: string | ((action: string) => string);
    /** Phantom: carries the value type to `SettingsInputs`. */
    readonly __type?: T;
}

// ---- value rules, each with the wording that check failures and docs show ------------------

/**
 * The contract's 12 interface languages. The hosted service's published document lists 10 (without ca-ES and nb-NO);
 * the contract wins, and the reference says so (docs/assumptions.md).
 */
const LANGUAGES = ["ar-SA", "ca-ES", "en", "es-ES", "de-DE", "it-IT", "nb-NO", "nl-NL", "pt-PT", "ro-RO", "zh-CN", "zh-TW"] as const;
/** Captions languages: the contract's 8 and the 6 more the hosted service documents (bg, ca, da, fi, sv, tr); it takes all 14. */
const CAPTIONS_LANGUAGES = ["bg", "ca", "da", "de", "en", "es", "fi", "fr", "it", "nl", "pt", "ro", "sv", "tr"] as const;
const RESERVED_DOMAINS = ["docs", "api", "dev-api", "staging-api", "you", "dashboard"] as const;
const HEX_COLOUR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
/** Latin letters, digits, spaces and basic punctuation (the API's rule for watermark_text). */
const WATERMARK_CHARS = /^[A-Za-z0-9 .,:;!?'"()\-_/&@#%+*=]*$/;
/** watermark_text's maximum length per scope. */
const WATERMARK_MAX = { defaults: 50, room: 150 } as const;
const DTMF = /^[0-9*#Ww]+$/;
/** The API's date-time form, UTC without a zone (expires_at). */
export const API_DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/**
 * True for a date-time in the API's form that names a real instant: JavaScript rolls "2030-02-30" over to
 * 2 March, which the API refuses, so the value must print back as itself.
 */
export function isRealDateTime(value: string): boolean {
    const at = new Date(`${value.replace(" ", "T")}Z`);
    return API_DATE_TIME.test(value) && !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 19).replace("T", " ") === value;
}
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** The `enum` meta makes the setting's type (`settingType`) an enum type: the schema and generated SDKs list the values. */
function oneOf<V extends string>(values: readonly V[]): z.ZodType<V> {
    return zod()
        .string({ error: "must be a string" })
        .refine((v): v is V => (values as readonly string[]).includes(v), {
            error: `must be one of ${values.join(", ")}`,
        })
        .meta({ enum: [...values] }) as unknown as z.ZodType<V>;
}

/** "3 to 500 characters": the words of a length rule, in check failures and the reference alike. */
function lengthWords(min?: number, max?: number): string {
    return min !== undefined && max !== undefined ? `${min} to ${max} characters` : min !== undefined ? `at least ${min} characters` : "any text";
}

/**
 * A text of `min` to `max` characters, counted as the API counts them: by Unicode code point (its validator is PHP's
 * mb_strlen, as the emulator's), not by UTF-16 unit, so "😀😀" is 2 characters and 16 emoji fit in 32.
 */
function text(min?: number, max?: number): z.ZodType<string> {
    const rule = `must be ${lengthWords(min, max)}`;
    return zod()
        .string({ error: "must be a string" })
        .refine((v) => {
            const n = [...v].length;
            return (min === undefined || n >= min) && (max === undefined || n <= max);
        }, { error: rule });
}

function integerWords(min: number, max?: number): string {
    return max === undefined ? `at least ${min}` : `${min} to ${max}`;
}

function integer(min: number, max?: number): z.ZodType<number> {
    const rule = max === undefined ? `must be an integer of at least ${min}` : `must be an integer from ${min} to ${max}`;
    let n = zod().number({ error: rule }).int({ error: rule }).min(min, { error: rule });
    if (max !== undefined) n = n.max(max, { error: rule });
    return n;
}

function list(item: z.ZodType<string>, rule: string): z.ZodType<string[]> {
    return zod().array(item, { error: `must be a list: ${rule}` });
}

const nonEmpty = () => zod().string({ error: "must be a string" }).min(1, { error: "must not be empty" });
const colour = () => zod().string({ error: "must be a string" }).regex(HEX_COLOUR, { error: "must be a hex colour code such as #1a2b3c" });
const image = () =>
    zod().string({ error: "must be a string" }).refine((v) => /^https?:\/\/\S+$/.test(v) || isBase64File(v), {
        error: "must be an image URL (http or https) or a base64-encoded file",
    });

/** A base64 file, raw or as a data URI: whole 4-character groups of the base64 alphabet. */
function isBase64File(value: string): boolean {
    const compact = value.replace(/\s+/g, "");
    const payload = compact.replace(/^data:[\w.+-]+\/[\w.+-]+;base64,/, "");
    return payload.length >= 4 && payload.length % 4 === 0 && BASE64.test(payload);
}

// ---- value rules: a validator with the words the reference shows for it, so neither is written apart ----

/** A value rule: its validator (built on demand) and the values it takes, in words (its type is derived from the validator: `settingType`). */
interface ValueRule<T> {
    readonly allowed: string | ((target: "defaults" | "room") => string);
    readonly build: (target: "defaults" | "room") => z.ZodType<T>;
    /** The values are the user's own words or image (the setting's `freeText`). */
    readonly freeText?: true;
}
const rule = <T>(allowed: ValueRule<T>["allowed"], build: ValueRule<T>["build"]): ValueRule<T> => ({ allowed, build });
/** A rule whose values are the user's own words or image: the setting is `freeText` (a literal, so types can tell: FreeTextSettingName). */
const freeTextRule = <T>(allowed: ValueRule<T>["allowed"], build: ValueRule<T>["build"]): ValueRule<T> & { readonly freeText: true } => ({ allowed, build, freeText: true });
const quoted = (values: readonly string[]) => values.map((v) => `\`${v}\``).join(", ");

const textRule = (min?: number, max?: number) => freeTextRule(lengthWords(min, max), () => text(min, max));
const integerRule = (min: number, max?: number, words = integerWords(min, max)) => rule(words, () => integer(min, max));
const enumRule = <V extends string>(values: readonly V[]) => rule(`one of ${quoted(values)}`, () => oneOf(values));
const anyText = freeTextRule("any text", () => zod().string({ error: "must be a string" }));
const nonEmptyRule = (words: string) => rule(words, nonEmpty);
const listRule = (words: string, item: () => z.ZodType<string>, failure: string) => rule(words, () => list(item(), failure));
const colourRule = rule("a hex colour code: `#rgb` or `#rrggbb`", colour);
const imageRule = freeTextRule("an image URL (http or https), or a base64-encoded file (raw or a data URI)", image);

// ---- typed constructors: the table below stays one line per field ---------------------------

// The flags keep their literal types, so that types can tell a secret setting (SecretSettingName).
function setting<N extends string, T, Sc extends SettingScope, C extends CompareKind, const F extends { createOnly?: true | "room"; secret?: boolean; carries?: string; whenOmitted?: string; remedy?: Setting["remedy"] } = {}, R extends ValueRule<T> = ValueRule<T>>(
    name: N,
    scope: Sc,
    compare: C,
    value: R & ValueRule<T>,
    description: string,
    flags: F = {} as F,
): Setting<N, T, C> & { readonly scope: Sc } & F & (R extends { readonly freeText: true } ? { readonly freeText: true } : unknown) {
    const { allowed } = value;
    // `freeText` as the rule has it: the conditional type says the same of R, which TypeScript cannot follow.
    const built = { name, scope, compare, schema: value.build, allowed: typeof allowed === "string" ? () => allowed : allowed, description, ...(value.freeText ? { freeText: true as const } : {}), ...flags };
    return built as typeof built & (R extends { readonly freeText: true } ? { readonly freeText: true } : unknown);
}
const bool = <N extends string, Sc extends SettingScope>(name: N, scope: Sc, description: string) =>
    setting(name, scope, "exact", rule("`true` or `false`", () => zod().boolean({ error: "must be true or false" })), description);
const choice = <N extends string, V extends string, Sc extends SettingScope>(name: N, scope: Sc, values: readonly V[], description: string) =>
    setting(name, scope, "exact", enumRule(values), description);

// ---- the table -------------------------------------------------------------------------------

const SHARED_VALUES = [
    bool("is_locked", "shared", "Locked rooms require acceptance to join. Single-role rooms cannot be locked on join."),
    setting("default_role", "shared", "role", nonEmptyRule("a role id or name of the team"), "Role id or name for participants who join with no token, or with a token without a role."),
    setting("roles", "shared", "roleList", listRule("role ids or names of the team", nonEmpty, "role ids or names"), "Role ids or names; the order given is the order in the Participants panel."),
    setting(
        "session_length",
        "shared",
        "nullableInteger",
        // The API: "an empty value means unlimited": null, or an empty string as the contract writes it.
        rule("1 to 1440; `null` or `\"\"` for unlimited", () =>
            zod().union([integer(1, 1440), zod().literal(""), zod().null()], { error: "must be an integer from 1 to 1440, or null or \"\" for unlimited" }),
        ),
        "Session length in minutes, 1 to 1440; null or an empty string means unlimited.",
    ),
    choice("toolbar_position", "shared", ["left", "right", "bottom"], "Where the toolbar sits."),
    setting("toolbar_color", "shared", "colour", colourRule, "Toolbar colour, a hex colour code."),
    setting("primary_color", "shared", "colour", colourRule, "Primary colour, a hex colour code."),
    setting("background_color", "shared", "colour", colourRule, "Background colour, a hex colour code."),
    choice("palette_mode", "shared", ["light", "dark"], "Light or dark palette."),
    choice("language", "shared", LANGUAGES, "Interface language. The hosted service's own document lists all but `ca-ES` and `nb-NO`, which it may refuse."),
    setting(
        "languages",
        "shared",
        "exact",
        listRule(`each one of ${quoted(LANGUAGES)}`, () => oneOf(LANGUAGES), `each one of ${LANGUAGES.join(", ")}`),
        "Language codes participants may choose from. On a room the API takes them only on create (its update body has no such field), so a change replaces the room.",
        { createOnly: "room" },
    ),
    choice("hd_video_quality", "shared", ["720_1.5", "720_2.5", "1080_2.5", "1080_5.5"], "HD video quality: resolution_megabits."),
    setting("audio_quality", "shared", "numberString", enumRule(["32", "64", "128", "256"]), "Audio bitrate in kbit/s, as a string."),
    setting("private_group_chat_name", "shared", "exact", textRule(3), "Name of the private group chat, at least 3 characters."),
    setting("private_group_chat_roles", "shared", "roleIdList", listRule("role ids or names of the team", nonEmpty, "role ids or names"), "Role ids or names that see the private group chat."),
    setting("custom_logo", "shared", "image", imageRule, "Custom logo: an image URL or a base64-encoded file (read back as a URL)."),
    setting("application_logo", "shared", "image", imageRule, "Application logo: an image URL or a base64-encoded file (read back as a URL)."),
    choice("qa_default_filter", "shared", ["all", "open", "answered"], "Default filter of the Q&A panel."),
    setting(
        "watermark_text",
        "shared",
        "exact",
        freeTextRule(
            (target) => `${lengthWords(3, WATERMARK_MAX[target])}: Latin letters, digits and basic punctuation`,
            (target) => text(3, WATERMARK_MAX[target]).refine((v) => WATERMARK_CHARS.test(v), { error: "must use only Latin letters, digits and basic punctuation" }),
        ),
        "Watermark text: 3 to 150 characters for rooms, 3 to 50 for team defaults; Latin letters, digits and basic punctuation.",
    ),
    choice("consent_message_type", "shared", ["generic", "custom"], "Generic or custom consent message."),
    setting("consent_message", "shared", "exact", freeTextRule("any text; may contain `[link <url>]label[/link]`", anyText.build), "Consent text; may contain `[link <url>]label[/link]`."),
    setting("checkbox_message", "shared", "exact", anyText, "Text of the do-not-show-again checkbox."),
    choice("recordings_layout_mode", "shared", ["auto", "tiled"], "Layout of recordings."),
    choice("layout_mode_on_join", "shared", ["auto", "tiled"], "Layout on join."),
    setting("html_title", "shared", "exact", textRule(3, 255), "HTML page title, 3 to 255 characters."),
    setting("lobby_message", "shared", "exact", textRule(3, 1000), "Lobby message, 3 to 1000 characters."),
    choice("default_content_library", "shared", ["room", "personal"], "Content library opened by default."),
    setting(
        "library_id",
        "shared",
        "exact",
        rule("a UUID", () => zod().string({ error: "must be a string" }).regex(UUID, { error: "must be a UUID" })),
        "UUID of the content library.",
    ),
    choice("captions_language", "shared", CAPTIONS_LANGUAGES, "Captions language."),
    // Not in the contract: the hosted service documents it as writable on rooms and team defaults.
    choice("video_tile_layout_mode", "shared", ["top", "bottom"], "Where each video tile shows the participant's name (top or bottom) and status icons (the other end); not in the contract, documented by the hosted service."),
] as const;

const SHARED_BOOLEANS = [
    bool("topbar_enabled", "shared", "Top bar shown."),
    bool("pip_enabled", "shared", "Picture-in-picture available (desktop Chrome, not in an embedded frame)."),
    bool("auto_pip_enabled", "shared", "Picture-in-picture opens automatically on leaving the tab."),
    bool("toolbar_enabled", "shared", "Toolbar shown."),
    bool("language_selection_enabled", "shared", "Each user may change the UI language."),
    bool("room_reactions_enabled", "shared", "Emoji reactions available."),
    bool("chat_reactions_enabled", "shared", "Emoji reactions on chat messages."),
    bool("chat_reactions_extended_enabled", "shared", "Expanded emoji set for chat reactions."),
    bool("audio_on_join_enabled", "shared", "When false, users join muted."),
    bool("video_on_join_enabled", "shared", "When false, users join with the camera off."),
    bool("hd_video_on_join_enabled", "shared", "Better stream quality on join; more uplink needed."),
    bool("audio_autogain_enabled", "shared", "Audio autogain."),
    bool("audio_noise_suppression_enabled", "shared", "Background noise reduced."),
    bool("audio_echo_cancellation_enabled", "shared", "Echo removed."),
    bool("mute_sound_enabled", "shared", "Participants may mute room sound locally."),
    bool("participants_list_enabled", "shared", "Participants panel available."),
    bool("pin_enabled", "shared", "Participants may pin a tile."),
    bool("full_screen_enabled", "shared", "Tile full screen (not in auto layout)."),
    bool("minimize_own_tile_enabled", "shared", "Own tile can be minimised in tiled mode."),
    bool("minimize_own_tile_on_join_enabled", "shared", "Own tile minimised on join."),
    bool("end_session_enabled", "shared", "End session button in the toolbar."),
    bool("leave_session_enabled", "shared", "Leave session button in the toolbar."),
    bool("rejoin_session_enabled", "shared", "Rejoin link after leaving."),
    bool("connection_message_enabled", "shared", "Weak-connection notification."),
    bool("chat_enabled", "shared", "Public chat."),
    bool("private_chat_enabled", "shared", "One-to-one chat."),
    bool("private_group_chat_enabled", "shared", "Private group chat."),
    bool("chat_persistence_enabled", "shared", "Public chat of earlier sessions is kept and reloaded."),
    bool("e2ee_enabled", "shared", "End-to-end encryption; incompatible with whiteboard, transcription and breakout rooms."),
    bool("e2ee_badge_enabled", "shared", "Encryption badge shown."),
    bool("layout_mode_switch_enabled", "shared", "Layout switcher shown."),
    bool("simple_notifications_enabled", "shared", "Join and leave notifications."),
    bool("join_screen_enabled", "shared", "Device test before joining."),
    bool("screenshare_enabled", "shared", "Screen sharing (not on mobile)."),
    bool("recordings_enabled", "shared", "Participants may record."),
    bool("hide_tiles_in_recordings_enabled", "shared", "Recordings capture only audio and shared screens."),
    bool("recording_logo_enabled", "shared", "Logo in recordings."),
    bool("participant_names_in_recordings_enabled", "shared", "Name badges in recordings."),
    bool("recording_autostart_enabled", "shared", "Recording starts when the first participant joins."),
    bool("recording_bookmarks_enabled", "shared", "Bookmarks during recording."),
    bool("recording_breakout_autostart_enabled", "shared", "Breakout rooms are recorded automatically."),
    bool("recording_consent_message_enabled", "shared", "Recording consent reminder."),
    bool("captions_in_recordings_enabled", "shared", "Transcription shown as subtitles in recordings."),
    bool("logo_enabled", "shared", "Logo shown."),
    bool("virtual_backgrounds_enabled", "shared", "Virtual backgrounds on desktop."),
    bool("virtual_backgrounds_v2_enabled", "shared", "New virtual background engine."),
    bool("raise_hand_enabled", "shared", "Raise hand."),
    bool("invite_participants_enabled", "shared", "Invite people button for permitted users."),
    bool("invite_participants_advanced_enabled", "shared", "Invite people UI by default."),
    bool("whiteboard_enabled", "shared", "Whiteboard; incompatible with E2EE."),
    bool("qa_enabled", "shared", "Questions and answers."),
    bool("upvote_qa_enabled", "shared", "Upvoting of questions."),
    bool("shared_notes_enabled", "shared", "Shared notes panel."),
    bool("polls_enabled", "shared", "Polls."),
    bool("watermark_enabled", "shared", "Repeated text watermark."),
    bool("consent_message_enabled", "shared", "Join consent reminder."),
    bool("lobby_sound_enabled", "shared", "Sound when someone enters the lobby."),
    bool("content_library_enabled", "shared", "Content library component."),
    bool("transcription_enabled", "shared", "Speech transcribed; incompatible with E2EE."),
    bool("transcription_auto_start_enabled", "shared", "Transcription starts when the first participant joins."),
    bool("captions_enabled", "shared", "Participants may toggle captions."),
] as const;

const DEFAULTS_ONLY = [
    setting(
        "domain",
        "defaults",
        "exact",
        rule(`3 to 32 letters, digits, \`-\` or \`_\`; not ${quoted(RESERVED_DOMAINS)}`, () =>
            zod()
                .string({ error: "must be a string" })
                .regex(/^[A-Za-z0-9_-]{3,32}$/, { error: "must be 3 to 32 letters, digits, dashes or underscores" })
                .refine((v) => !(RESERVED_DOMAINS as readonly string[]).includes(v.toLowerCase()), {
                    error: `must not be one of ${RESERVED_DOMAINS.join(", ")}`,
                }),
        ),
        "Team name used in room addresses; changing it changes every room's URL.",
    ),
    setting("favicon", "defaults", "image", imageRule, "Favicon: an image URL or a base64-encoded file (read back as a URL)."),
] as const;

const ROOM_ONLY = [
    setting("description", "room", "exact", textRule(3, 500), "Room description, 3 to 500 characters."),
    setting(
        "friendly_url",
        "room",
        "exact",
        // The API's rule is the length alone (the contract and the vendor's document): check accepts whatever the API
        // accepts, non-ASCII letters included, since a room it holds (made in the dashboard, adopted, imported) must
        // stay manageable. A friendly URL that breaks the room's link is warned about when a program sets it (room.ts).
        freeTextRule("3 to 32 characters (any, counted as Unicode code points); unique in the team", () => text(3, 32)),
        "Friendly URL, unique in the team, 3 to 32 characters. Any character the API takes is accepted; letters, digits and - . _ ~ keep the room's link readable.",
        {
            // adoptExisting acts only when a room is created: on a rename it would be no way out. A replacement the
            // engine creates before it deletes the room it replaces (replacementTrigger, `up --replace`, a change
            // replaceOnChanges names) finds that room under the declared name: deleteBeforeReplace is the way there.
            remedy: (action: string) =>
                action === "create"
                    ? "choose another friendlyUrl, or set adoptExisting: true to manage the existing room; when it is this Room's own room and the Room is being replaced (the engine creates the replacement first), set the deleteBeforeReplace option"
                    : "another room has this friendly URL; choose another friendlyUrl",
        },
    ),
    choice("privacy", "room", ["public", "private"], "Public rooms are joined by link; private rooms need a token."),
    setting("external_id", "room", "exact", anyText, "Identifier assigned by the integrator."),
    setting("webhooks", "room", "exact", listRule("webhook ids", nonEmpty, "webhook ids"), "Webhook ids; when given, only these apply.", {
        whenOmitted: "Every webhook of the team applies.",
    }),
    setting("tags", "room", "stringSet", listRule("non-empty strings, in any order", nonEmpty, "tag strings"), "Tags; the API accepts them only on create, so a change replaces the room.", {
        createOnly: true,
        whenOmitted: "No tags.",
    }),
    bool("is_audio_only", "room", "Cameras, HD video and virtual backgrounds disabled."),
    choice("broadcaster_tile_visibility", "room", ["all", "cam_mic", "cam"], "Which broadcaster tiles are visible."),
    bool("breakout_rooms_enabled", "room", "Breakout rooms; incompatible with E2EE."),
    setting("breakouts", "room", "namedList", rule("breakout room ids or names, or `null`", () => list(nonEmpty(), "breakout room ids or names").nullable()), "Breakout room ids and names."),
    bool("breakout_free_movement_enabled", "room", "Users move freely between breakout rooms."),
    bool("breakout_return_to_main_room_enabled", "room", "Return to the main room allowed."),
    bool("breakout_timer_enabled", "room", "Visible countdown in breakout rooms."),
    setting("breakout_timer_duration", "room", "exact", integerRule(1), "Duration of breakout rooms."),
    bool("breakout_end_on_timer", "room", "Breakout rooms close when the timer ends."),
    bool("restream_enabled", "room", "Restreaming allowed."),
    choice("restream_type", "room", ["youtube", "vimeo", "cloudflare", "custom"], "Restream target."),
    setting("restream_key", "room", "exact", nonEmptyRule("a non-empty string"), "Authentication token for the restream target (secret).", { secret: true }),
    setting(
        "restream_url",
        "room",
        "exact",
        rule("a URL (`scheme://...`)", () => zod().string({ error: "must be a string" }).regex(/^[a-z][a-z0-9+.-]*:\/\/\S+$/i, { error: "must be a URL" })),
        "Custom restreamer server URL.",
    ),
    choice("restream_layout_mode", "room", ["auto", "tiled"], "Layout of the restream."),
    bool("hide_tiles_in_restream_enabled", "room", "Video tiles left out of the restream."),
    bool("restream_logo_enabled", "room", "Logo in the restream."),
    bool("restream_autostart_enabled", "room", "Restream starts automatically."),
    bool("participant_names_in_restream_enabled", "room", "Name badges in the restream."),
    bool("restream_consent_message_enabled", "room", "Restream consent reminder."),
    setting("max_participants", "room", "exact", integerRule(2, 2000, "2 to the plan maximum (2000 in the largest plan)"), "Maximum participants, 2 to the plan maximum (2000 in the largest plan).", {
        remedy: "stay within your plan's maximum",
    }),
    setting("max_broadcasters", "room", "exact", integerRule(1, undefined, "at least 1, at most `maxParticipants`"), "Maximum broadcasters, at least 1 and at most maxParticipants.", {
        remedy: "lower maxBroadcasters or raise maxParticipants",
        carries: "max_participants",
    }),
    bool("whip_enabled", "room", "WHIP ingestion of external live streams."),
    bool("telephony_enabled", "room", "Telephony."),
    setting("telephony_phone_number", "room", "exact", nonEmptyRule("a non-empty string"), "PSTN/SIP number the communication server dials."),
    setting(
        "telephony_pin_dtmf",
        "room",
        "exact",
        rule("digits, `*` and `#`, with `W` (1 s) and `w` (0.5 s) pauses", () =>
            zod().string({ error: "must be a string" }).regex(DTMF, { error: "must be DTMF digits, * or #, with W (1 s) or w (0.5 s) pauses" }),
        ),
        "DTMF PIN; W adds a 1 second pause, w 500 ms (secret: it admits a caller to the room).",
        { secret: true },
    ),
    setting(
        "expires_at",
        "room",
        "datetime",
        rule("a date-time `YYYY-MM-DD hh:mm:ss` (UTC) in the future", () =>
            zod()
                .string({ error: "must be a string" })
                .regex(API_DATE_TIME, { error: "must be a date-time YYYY-MM-DD hh:mm:ss (UTC)", abort: true })
                .refine(isRealDateTime, { error: "must be a real date and time (no 30 February, no 24:00:00)" }),
        ),
        "When the room is deleted automatically, YYYY-MM-DD hh:mm:ss UTC, in the future.",
        { whenOmitted: "The room does not expire.", remedy: "set expiresAt to a future time, YYYY-MM-DD hh:mm:ss UTC" },
    ),
] as const;

/** Every writable setting, in contract order. */
export const SETTINGS = [...SHARED_VALUES, ...SHARED_BOOLEANS, ...DEFAULTS_ONLY, ...ROOM_ONLY] as const;

export type AnySetting = (typeof SETTINGS)[number];

/** The camelCase names of the secret settings, as a type (the table's `secret` flag). */
export type SecretSettingName = CamelCase<Extract<AnySetting, { secret: true }>["name"]>;
/**
 * The camelCase names of the team's settings whose values are the user's own words or image, as a type (`freeText`,
 * shared or defaults-only): what a data function's result keeps secret of the team's record (`maybeSecretInherited`).
 */
export type TeamFreeTextSettingName = CamelCase<Extract<AnySetting, { freeText: true; scope: "shared" | "defaults" }>["name"]>;
export type Target = "defaults" | "room";

/** The settings a target accepts: team defaults take shared + defaults-only, rooms shared + room-only. */
export function settingsFor(target: Target): readonly AnySetting[] {
    return SETTINGS.filter((s) => s.scope === "shared" || s.scope === target);
}

/** Looks a setting up by its API name: the one lookup of the table. */
export function settingByName(name: string): AnySetting | undefined {
    return SETTINGS.find((s) => s.name === name);
}

type SettingsIn<S extends AnySetting, Scope extends SettingScope> = S extends { scope: Scope } ? S : never;
type ValueOf<S> = S extends Setting<string, infer T> ? T : never;

/** A role as records read it back (camelCase, as outputs show it). */
export interface RoleRef {
    id: string;
    name: string;
    displayName: string;
    allowPrivateGroupChat?: boolean;
}

/** A named item the API gives an id to on write (a breakout room). */
export interface NamedRef {
    id: string;
    name: string;
}

/** What a setting reads back as, by compare kind, where the API answers another form than it takes. */
interface ReadBackForms {
    role: RoleRef;
    roleList: RoleRef[];
    roleIdList: string[];
    namedList: NamedRef[] | null;
}
type ReadBackOf<S> = S extends Setting<string, infer T, infer C> ? (C extends keyof ReadBackForms ? ReadBackForms[C] : T) : never;

/** A setting's type as an input: what its validator accepts (derived, so never written beside it). */
export function settingType(s: AnySetting, target: "defaults" | "room"): TypeSpec {
    return fromValidator(s.schema(target), typeName(s.name), `The values of the \`${toCamelName(s.name)}\` setting.`);
}

/** A setting's type as its output shows it (what the API reads back): `ReadBackForms`, and images and unlimited session lengths. */
export function readBackType(s: AnySetting, target: "defaults" | "room"): TypeSpec {
    switch (s.compare) {
        case "role":
            return ROLE_REF;
        case "roleList":
            return arrayOf(ROLE_REF);
        case "roleIdList":
            return formatted(arrayOf(STRING), "role ids");
        case "namedList":
            return orNull(arrayOf(NAMED_REF));
        case "image":
            return orNull(formatted(STRING, "a URL"));
        case "nullableInteger":
            // The API answers null for unlimited, whichever of null and "" was written.
            return orNull(settingType(s, target));
        default:
            return settingType(s, target);
    }
}

/** The camelCase input type of a target, derived from the table: `{ hdVideoQuality?: "720_1.5" | ... }`. */
export type SettingsInputs<Target extends "defaults" | "room"> = {
    [S in SettingsIn<AnySetting, "shared" | Target> as CamelCase<S["name"]>]?: ValueOf<S>;
};

/** The camelCase output type of a target: every setting as the API reads it back. */
export type SettingsOutputs<Target extends "defaults" | "room"> = {
    [S in SettingsIn<AnySetting, "shared" | Target> as CamelCase<S["name"]>]: ReadBackOf<S>;
};

/** Whether a setting is secret (the table's `secret` flag): never shown in plans, state text, logs or messages. */
export function isSecret(setting: AnySetting): boolean {
    return "secret" in setting && setting.secret === true;
}
