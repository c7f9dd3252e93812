/**
 * The emulator's own reading of the contract's write rules (sections 2.3, 2.4 and 8).
 *
 * Deliberately independent of provider/: when the provider's checks and these rules agree, that
 * is evidence both read the contract right (docs/architecture.md, decision 5). Each rule returns the reason
 * a value is refused, in the API's Laravel-like wording, or undefined.
 */

export type Rule = (value: unknown, field: string) => string | undefined;

export const LANGUAGE_CODES = ["ar-SA", "ca-ES", "en", "es-ES", "de-DE", "it-IT", "nb-NO", "nl-NL", "pt-PT", "ro-RO", "zh-CN", "zh-TW"];
const RESERVED_DOMAINS = ["docs", "api", "dev-api", "staging-api", "you", "dashboard"];

const isString = (v: unknown): v is string => typeof v === "string";
const label = (field: string) => field.replace(/_/g, " ");

export const boolean: Rule = (v, f) => (typeof v === "boolean" ? undefined : `The ${label(f)} field must be true or false.`);

export const anyString: Rule = (v, f) => (isString(v) ? undefined : `The ${label(f)} field must be a string.`);

export function oneOf(values: readonly string[]): Rule {
    return (v, f) => (isString(v) && values.includes(v) ? undefined : `The selected ${label(f)} is invalid. Allowed: ${values.join(", ")}.`);
}

export function length(min: number, max?: number): Rule {
    return (v, f) => {
        if (!isString(v)) return `The ${label(f)} field must be a string.`;
        const n = [...v].length;
        if (n < min) return `The ${label(f)} field must be at least ${min} characters.`;
        if (max !== undefined && n > max) return `The ${label(f)} field must not be greater than ${max} characters.`;
        return undefined;
    };
}

export function integerBetween(min: number, max?: () => number): Rule {
    return (v, f) => {
        if (typeof v !== "number" || !Number.isInteger(v)) return `The ${label(f)} field must be an integer.`;
        if (v < min) return `The ${label(f)} field must be at least ${min}.`;
        const top = max?.();
        if (top !== undefined && v > top) return `The ${label(f)} field must not be greater than ${top}.`;
        return undefined;
    };
}

export const hexColour: Rule = (v, f) =>
    isString(v) && /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(v) ? undefined : `The ${label(f)} field must be a valid hex colour code.`;

export const uuid: Rule = (v, f) =>
    isString(v) && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v) ? undefined : `The ${label(f)} field must be a valid UUID.`;

export function listOf(item: Rule, options: { nullable?: boolean } = {}): Rule {
    return (v, f) => {
        if (v === null && options.nullable) return undefined;
        if (!Array.isArray(v)) return `The ${label(f)} field must be an array.`;
        for (const element of v) {
            const reason = item(element, f);
            if (reason) return reason.replace(`The ${label(f)} field`, `Each ${label(f)} item`).replace(`The selected ${label(f)}`, `A selected ${label(f)} item`);
        }
        return undefined;
    };
}

/** Session length in minutes, or empty (null or "") for unlimited. */
export const sessionLength: Rule = (v, f) => (v === null || v === "" ? undefined : integerBetween(1, () => 1440)(v, f));

/** Latin letters, digits, spaces and basic punctuation. */
export function watermark(max: number): Rule {
    return (v, f) =>
        length(3, max)(v, f) ?? (/^[A-Za-z0-9 .,:;!?'"()\-_/&@#%+*=]+$/.test(v as string) ? undefined : `The ${label(f)} field may contain only Latin letters, digits and basic punctuation.`);
}

export const domain: Rule = (v, f) => {
    if (!isString(v) || !/^[A-Za-z0-9_-]+$/.test(v)) return `The ${label(f)} field may contain only letters, digits, dashes and underscores.`;
    return length(3, 32)(v, f) ?? (RESERVED_DOMAINS.includes(v.toLowerCase()) ? `The ${label(f)} "${v}" is reserved.` : undefined);
};

/** An image URL, or a base64 file (raw, or a data URI). */
export const image: Rule = (v, f) => {
    if (!isString(v)) return `The ${label(f)} field must be a string.`;
    if (/^https?:\/\/[^\s]+$/.test(v)) return undefined;
    const payload = v.replace(/\s+/g, "").replace(/^data:[\w.+-]+\/[\w.+-]+;base64,/, "");
    return payload.length >= 4 && payload.length % 4 === 0 && /^[A-Za-z0-9+/]+={0,2}$/.test(payload) ? undefined : `The ${label(f)} field must be an image URL or a base64-encoded file.`;
};

export const url: Rule = (v, f) => (isString(v) && /^[a-z][a-z0-9+.-]*:\/\/\S+$/i.test(v) ? undefined : `The ${label(f)} field must be a valid URL.`);

export const nonEmptyString: Rule = (v, f) => (isString(v) && v.length > 0 ? undefined : `The ${label(f)} field must be a non-empty string.`);

export const dtmf: Rule = (v, f) => (isString(v) && /^[0-9*#Ww]+$/.test(v) ? undefined : `The ${label(f)} field may contain only digits, *, # and W or w pauses.`);

/** `YYYY-MM-DD hh:mm:ss`, a real date; "in the future" is checked by the caller, which owns the clock. */
export const dateTime: Rule = (v, f) => {
    if (!isString(v) || !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(v)) return `The ${label(f)} field must match the format Y-m-d H:i:s.`;
    const d = new Date(`${v.replace(" ", "T")}Z`);
    return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 19).replace("T", " ") !== v ? `The ${label(f)} field must be a valid date.` : undefined;
};

const SHARED_BOOLEANS = [
    "is_locked", "topbar_enabled", "pip_enabled", "auto_pip_enabled", "toolbar_enabled", "language_selection_enabled",
    "room_reactions_enabled", "chat_reactions_enabled", "chat_reactions_extended_enabled", "audio_on_join_enabled",
    "video_on_join_enabled", "hd_video_on_join_enabled", "audio_autogain_enabled", "audio_noise_suppression_enabled",
    "audio_echo_cancellation_enabled", "mute_sound_enabled", "participants_list_enabled", "pin_enabled", "full_screen_enabled",
    "minimize_own_tile_enabled", "minimize_own_tile_on_join_enabled", "end_session_enabled", "leave_session_enabled",
    "rejoin_session_enabled", "connection_message_enabled", "chat_enabled", "private_chat_enabled", "private_group_chat_enabled",
    "chat_persistence_enabled", "e2ee_enabled", "e2ee_badge_enabled", "layout_mode_switch_enabled", "simple_notifications_enabled",
    "join_screen_enabled", "screenshare_enabled", "recordings_enabled", "hide_tiles_in_recordings_enabled", "recording_logo_enabled",
    "participant_names_in_recordings_enabled", "recording_autostart_enabled", "recording_bookmarks_enabled",
    "recording_breakout_autostart_enabled", "recording_consent_message_enabled", "captions_in_recordings_enabled", "logo_enabled",
    "virtual_backgrounds_enabled", "virtual_backgrounds_v2_enabled", "raise_hand_enabled", "invite_participants_enabled",
    "invite_participants_advanced_enabled", "whiteboard_enabled", "qa_enabled", "upvote_qa_enabled", "shared_notes_enabled",
    "polls_enabled", "watermark_enabled", "consent_message_enabled", "lobby_sound_enabled", "content_library_enabled",
    "transcription_enabled", "transcription_auto_start_enabled", "captions_enabled",
];

const ROOM_BOOLEANS = [
    "is_audio_only", "breakout_rooms_enabled", "breakout_free_movement_enabled", "breakout_return_to_main_room_enabled",
    "breakout_timer_enabled", "breakout_end_on_timer", "restream_enabled", "hide_tiles_in_restream_enabled", "restream_logo_enabled",
    "restream_autostart_enabled", "participant_names_in_restream_enabled", "restream_consent_message_enabled", "whip_enabled",
    "telephony_enabled",
];

/** Role references are checked against the team's roles by the caller. */
export const ROLE_FIELDS = { single: ["default_role"], lists: ["roles", "private_group_chat_roles"] };

/** Rules of the settings shared by team defaults and rooms (2.3), except watermark_text (depends on target). */
export function sharedRules(): Record<string, Rule> {
    const rules: Record<string, Rule> = {
        default_role: nonEmptyString,
        roles: listOf(nonEmptyString),
        session_length: sessionLength,
        toolbar_position: oneOf(["left", "right", "bottom"]),
        toolbar_color: hexColour,
        primary_color: hexColour,
        background_color: hexColour,
        palette_mode: oneOf(["light", "dark"]),
        language: oneOf(LANGUAGE_CODES),
        languages: listOf(oneOf(LANGUAGE_CODES)),
        hd_video_quality: oneOf(["720_1.5", "720_2.5", "1080_2.5", "1080_5.5"]),
        audio_quality: oneOf(["32", "64", "128", "256"]),
        private_group_chat_name: length(3),
        private_group_chat_roles: listOf(nonEmptyString),
        custom_logo: image,
        application_logo: image,
        qa_default_filter: oneOf(["all", "open", "answered"]),
        consent_message_type: oneOf(["generic", "custom"]),
        consent_message: anyString,
        checkbox_message: anyString,
        recordings_layout_mode: oneOf(["auto", "tiled"]),
        layout_mode_on_join: oneOf(["auto", "tiled"]),
        html_title: length(3, 255),
        lobby_message: length(3, 1000),
        default_content_library: oneOf(["room", "personal"]),
        library_id: uuid,
        // The contract's 8 captions languages and the 6 more the hosted service documents; and its tile layout
        // setting, which the contract lacks: the service takes them, so the emulator does.
        captions_language: oneOf(["bg", "ca", "da", "de", "en", "es", "fi", "fr", "it", "nl", "pt", "ro", "sv", "tr"]),
        video_tile_layout_mode: oneOf(["top", "bottom"]),
    };
    for (const b of SHARED_BOOLEANS) rules[b] = boolean;
    return rules;
}

export function defaultsRules(): Record<string, Rule> {
    return { ...sharedRules(), watermark_text: watermark(50), domain, favicon: image };
}

export function roomRules(planMaximum: () => number): Record<string, Rule> {
    const rules: Record<string, Rule> = {
        ...sharedRules(),
        watermark_text: watermark(150),
        description: length(3, 500),
        friendly_url: length(3, 32),
        privacy: oneOf(["public", "private"]),
        external_id: anyString,
        webhooks: listOf(nonEmptyString),
        tags: listOf(nonEmptyString),
        broadcaster_tile_visibility: oneOf(["all", "cam_mic", "cam"]),
        breakouts: listOf(nonEmptyString, { nullable: true }),
        breakout_timer_duration: integerBetween(1),
        restream_type: oneOf(["youtube", "vimeo", "cloudflare", "custom"]),
        restream_key: nonEmptyString,
        restream_url: url,
        restream_layout_mode: oneOf(["auto", "tiled"]),
        max_participants: integerBetween(2, planMaximum),
        max_broadcasters: integerBetween(1),
        telephony_phone_number: nonEmptyString,
        telephony_pin_dtmf: dtmf,
        expires_at: dateTime,
    };
    for (const b of ROOM_BOOLEANS) rules[b] = boolean;
    return rules;
}

/**
 * 2.3, is_locked: "Single-role rooms cannot be locked on join". Judged on the record as it would become (roles
 * as ids, after merging); the error names the field the request touched, so the caller sees what to change.
 */
export function singleRoleLock(effective: Record<string, unknown>, body: Record<string, unknown>, errors: Record<string, string[]>): void {
    if (effective.is_locked !== true || !Array.isArray(effective.roles) || new Set(effective.roles).size !== 1) return;
    const field = "is_locked" in body ? "is_locked" : "roles";
    (errors[field] ??= []).push("A room with a single role cannot be locked.");
}

/** Applies rules to the known fields of a body; unknown fields are ignored, as the API does. */
export function validateFields(body: Record<string, unknown>, rules: Record<string, Rule>, errors: Record<string, string[]>): void {
    for (const [field, value] of Object.entries(body)) {
        const rule = rules[field];
        if (!rule) continue;
        const reason = rule(value, field);
        if (reason) (errors[field] ??= []).push(reason);
    }
}
