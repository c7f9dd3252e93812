/**
 * The in-memory state of one team: default settings, rooms, roles, room content and usage, and
 * the operations of the API on them. HTTP lives in server.ts; this file knows only the model.
 */
import { createHash, randomUUID } from "node:crypto";
import { ROLE_FIELDS, defaultsRules, roomRules, singleRoleLock, validateFields } from "./rules";

export type Json = Record<string, unknown>;

/** A 422 with the API's body: every bad field at once. */
export class ValidationFailure extends Error {
    constructor(readonly errors: Record<string, string[]>) {
        const reasons = Object.values(errors).flat();
        super(reasons.length > 1 ? `${reasons[0]} (and ${reasons.length - 1} more error${reasons.length > 2 ? "s" : ""})` : reasons[0]);
    }
}

export class NotFound extends Error {}

export interface Role {
    id: string;
    name: string;
    display_name: string;
    description: string | null;
    default: boolean;
    allow_private_group_chat: boolean;
    permissions: Record<string, boolean | string[]>;
}

function role(id: string, name: string, displayName: string, isDefault: boolean, grants: string[], remoteMuting: string[]): Role {
    const all = ["ask_remote_unmute", "broadcast", "end_session", "general_chat", "manage_broadcast", "manage_roles", "manage_screenshare", "raise_hand", "recording", "remove_participant", "screenshare", "start_session"];
    const permissions: Record<string, boolean | string[]> = Object.fromEntries(all.map((p) => [p, grants.includes(p)]));
    permissions.remote_muting = remoteMuting;
    return { id, name, display_name: displayName, description: `${displayName} role`, default: isDefault, allow_private_group_chat: name !== "attendee", permissions };
}

/** The built-in roles; stable ids so tests and examples can name them either way. */
export const ROLES: readonly Role[] = [
    role("6a0c5a0e-1c1e-4c55-9c3b-0d7c3f1a0001", "moderator", "Moderator", false,
        ["ask_remote_unmute", "broadcast", "end_session", "general_chat", "manage_broadcast", "manage_roles", "manage_screenshare", "raise_hand", "recording", "remove_participant", "screenshare", "start_session"],
        ["moderator", "speaker", "attendee"]),
    role("6a0c5a0e-1c1e-4c55-9c3b-0d7c3f1a0002", "speaker", "Speaker", false, ["broadcast", "general_chat", "raise_hand", "screenshare"], []),
    role("6a0c5a0e-1c1e-4c55-9c3b-0d7c3f1a0003", "attendee", "Attendee", true, ["general_chat", "raise_hand"], []),
];

export const METRICS = [
    "participation_minutes", "desktop_participation_minutes", "mobile_participation_minutes", "tablet_participation_minutes",
    "smarttv_participation_minutes", "broadcasted_minutes", "subscribed_minutes", "screen_broadcasted_minutes",
    "screen_subscribed_minutes", "live_participants", "active_participants", "desktop_participants", "mobile_participants",
    "tablet_participants", "smarttv_participants", "sessions", "max_concurrent_participants", "e2ee_minutes", "recorded_minutes",
    "stored_recorded_minutes", "whiteboard_minutes", "active_roles", "breakout_minutes", "presentation_minutes",
    "public_chat_posts", "questions", "answers",
    // Beyond the contract's list: the hosted service documents these for room and team statistics, so it takes them.
    "transcription_minutes", "captions_minutes", "polls", "summaries",
];
export const TEAM_METRICS = [...METRICS, "rooms", "max_concurrent_sessions", "max_concurrent_participants_per_session", "max_active_recorders", "custom_roles"];

/** The team's default settings when the emulator starts: a value for every setting of 2.3. */
function initialSettings(): Json {
    const booleansOn = [
        "topbar_enabled", "pip_enabled", "toolbar_enabled", "language_selection_enabled", "room_reactions_enabled", "chat_reactions_enabled",
        "audio_on_join_enabled", "video_on_join_enabled", "audio_autogain_enabled", "audio_noise_suppression_enabled",
        "audio_echo_cancellation_enabled", "mute_sound_enabled", "participants_list_enabled", "pin_enabled", "full_screen_enabled",
        "minimize_own_tile_enabled", "end_session_enabled", "leave_session_enabled", "rejoin_session_enabled", "connection_message_enabled",
        "chat_enabled", "private_chat_enabled", "layout_mode_switch_enabled", "simple_notifications_enabled", "join_screen_enabled",
        "screenshare_enabled", "recordings_enabled", "recording_logo_enabled", "participant_names_in_recordings_enabled",
        "recording_bookmarks_enabled", "logo_enabled", "virtual_backgrounds_enabled", "raise_hand_enabled", "invite_participants_enabled",
        "qa_enabled", "upvote_qa_enabled", "shared_notes_enabled", "polls_enabled", "lobby_sound_enabled",
        "content_library_enabled", "captions_enabled", "e2ee_badge_enabled",
    ];
    const booleansOff = [
        "is_locked", "auto_pip_enabled", "chat_reactions_extended_enabled", "hd_video_on_join_enabled", "minimize_own_tile_on_join_enabled",
        "private_group_chat_enabled", "chat_persistence_enabled", "e2ee_enabled", "hide_tiles_in_recordings_enabled",
        "recording_autostart_enabled", "recording_breakout_autostart_enabled", "recording_consent_message_enabled",
        "captions_in_recordings_enabled", "virtual_backgrounds_v2_enabled", "invite_participants_advanced_enabled", "watermark_enabled",
        "consent_message_enabled", "whiteboard_enabled", "transcription_enabled", "transcription_auto_start_enabled",
    ];
    return {
        ...Object.fromEntries(booleansOn.map((b) => [b, true])),
        ...Object.fromEntries(booleansOff.map((b) => [b, false])),
        default_role: ROLES[2]!.id,
        roles: ROLES.map((r) => r.id),
        session_length: null,
        toolbar_position: "bottom",
        toolbar_color: "#000000",
        primary_color: "#3771E0",
        background_color: "#F5F5F5",
        palette_mode: "light",
        language: "en",
        languages: ["en", "de-DE", "es-ES"],
        hd_video_quality: "720_2.5",
        audio_quality: "64",
        private_group_chat_name: "Private group",
        private_group_chat_roles: [ROLES[0]!.id, ROLES[1]!.id],
        custom_logo: null,
        application_logo: null,
        favicon: null,
        qa_default_filter: "all",
        watermark_text: "Confidential",
        consent_message_type: "generic",
        consent_message: "By joining you agree to our [link https://example.com/terms]terms[/link].",
        checkbox_message: "Do not show again",
        recordings_layout_mode: "auto",
        layout_mode_on_join: "auto",
        html_title: "Video rooms",
        lobby_message: "Please wait, the host will let you in soon.",
        default_content_library: "room",
        library_id: "1f0e7d4c-5b6a-4f3e-8d2c-1b0a9f8e7d6c",
        captions_language: "en",
        video_tile_layout_mode: "top",
    };
}

/** Room-only settings a new room starts with when the create body leaves them out. */
function initialRoomSettings(): Json {
    return {
        description: null,
        privacy: "public",
        external_id: null,
        webhooks: [],
        is_audio_only: false,
        broadcaster_tile_visibility: "all",
        breakout_rooms_enabled: false,
        breakouts: null,
        breakout_free_movement_enabled: false,
        breakout_return_to_main_room_enabled: true,
        breakout_timer_enabled: false,
        breakout_timer_duration: 15,
        breakout_end_on_timer: false,
        restream_enabled: false,
        restream_type: null,
        restream_key: null,
        restream_url: null,
        restream_layout_mode: "auto",
        hide_tiles_in_restream_enabled: false,
        restream_logo_enabled: true,
        restream_autostart_enabled: false,
        participant_names_in_restream_enabled: true,
        restream_consent_message_enabled: false,
        max_participants: 100,
        max_broadcasters: 100,
        whip_enabled: false,
        telephony_enabled: false,
        telephony_phone_number: null,
        telephony_pin_dtmf: null,
        expires_at: null,
    };
}

/** Settings a room inherits from the team defaults unless it overrides them (2.3). */
const INHERITED = Object.keys(initialSettings());
const ROOM_SETTINGS = Object.keys(initialRoomSettings());

export interface Room {
    id: string;
    seq: number;
    friendly_url: string;
    overrides: Json;
    own: Json;
    tags: string[];
    created_at: string;
    updated_at: string;
    content: RoomContent;
}

export interface ChatMessage extends Json {
    id: string;
    session_id: string;
}
export interface TranscriptEntry extends Json {
    session_id: string;
}
export interface RoomContent {
    chat: ChatMessage[];
    transcripts: TranscriptEntry[];
    questions: number;
    summaries: number;
    polls: number;
    quizzes: number;
    recordings: number;
}

export interface UsageRecord {
    roomId?: string;
    date: string;
    metrics: Record<string, number>;
}

export const CONTENT_KINDS = ["chat", "questions", "summaries", "transcripts", "polls", "quizzes", "recordings"] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

export function stamp(d: Date): string {
    return d.toISOString().slice(0, 19) + "Z";
}

/** A base64 upload becomes a CDN URL derived from its content: the same file, the same URL. */
function storedImage(value: unknown): unknown {
    if (typeof value !== "string" || /^https?:\/\//.test(value)) return value;
    const digest = createHash("sha256").update(value.replace(/\s+/g, "")).digest("hex").slice(0, 32);
    return `https://cdn.digitalsamba.com/uploads/${digest}.png`;
}
const IMAGE_FIELDS = ["custom_logo", "application_logo", "favicon"];

export class Team {
    defaults: Json;
    readonly rooms = new Map<string, Room>();
    private usage: UsageRecord[] = [];
    private seq = 0;
    // The defaults record's own ids belong to the team, so they survive a reset like the team id.
    private readonly defaultsId = randomUUID();
    private readonly ownerId = randomUUID();

    constructor(
        readonly teamId: string,
        private readonly initialDomain: string,
        readonly now: () => Date,
        readonly planMaximum: () => number,
    ) {
        this.defaults = this.freshDefaults();
    }

    private freshDefaults(): Json {
        const start = this.now();
        const month = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), 1));
        const next = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1) - 1000);
        const asSubscription = (d: Date) => d.toISOString().slice(0, 19).replace("T", " ");
        return {
            id: this.defaultsId,
            owner_id: this.ownerId,
            domain: this.initialDomain,
            custom_cname: null,
            max_participants: this.planMaximum(),
            max_sessions: 10,
            subscription_start: asSubscription(month),
            subscription_end: asSubscription(next),
            used_participation_minutes: 0,
            ...initialSettings(),
        };
    }

    reset(): void {
        this.defaults = this.freshDefaults();
        this.rooms.clear();
        this.usage = [];
    }

    // ---- roles ----------------------------------------------------------------------------

    findRole(idOrName: unknown): Role | undefined {
        return ROLES.find((r) => r.id === idOrName || r.name === idOrName);
    }

    private roleObject(id: unknown): Json | null {
        const r = this.findRole(id);
        return r ? { id: r.id, name: r.name, display_name: r.display_name } : null;
    }

    /** Role names or ids must exist; stored as ids. */
    private resolveRoles(body: Json, errors: Record<string, string[]>): void {
        for (const field of ROLE_FIELDS.single) {
            if (typeof body[field] === "string") {
                const r = this.findRole(body[field]);
                if (r) body[field] = r.id;
                else (errors[field] ??= []).push(`The selected ${field.replace(/_/g, " ")} is invalid.`);
            }
        }
        for (const field of ROLE_FIELDS.lists) {
            const list = body[field];
            if (!Array.isArray(list) || !list.every((v) => typeof v === "string")) continue;
            const ids = list.map((v) => this.findRole(v)?.id);
            if (ids.some((id) => id === undefined)) (errors[field] ??= []).push(`The selected ${field.replace(/_/g, " ")} is invalid.`);
            else body[field] = ids;
        }
    }

    // ---- default settings -------------------------------------------------------------------

    defaultsRecord(): Json {
        const d = this.defaults;
        return {
            ...d,
            used_participation_minutes: this.usedParticipationMinutes(),
            default_role: this.roleObject(d.default_role),
            roles: (d.roles as string[]).map((id) => ({ ...this.roleObject(id), allow_private_group_chat: this.findRole(id)!.allow_private_group_chat })),
            private_group_chat_roles: d.private_group_chat_roles,
        };
    }

    /** Participation minutes recorded in the current subscription period (2.2 shows the field). */
    private usedParticipationMinutes(): number {
        const from = String(this.defaults.subscription_start).slice(0, 10);
        const to = String(this.defaults.subscription_end).slice(0, 10);
        return this.statistics(["participation_minutes"], from, to).participation_minutes as number;
    }

    updateDefaults(input: Json): Json {
        const body = this.pickKnown(input, [...INHERITED, "domain", "favicon"]);
        const errors: Record<string, string[]> = {};
        validateFields(body, defaultsRules(), errors);
        this.resolveRoles(body, errors);
        this.checkE2ee({ ...this.defaults, ...body }, body, errors);
        if (!errors.roles) singleRoleLock({ ...this.defaults, ...body }, body, errors);
        // The rooms that inherit what changes must still keep the rule: a locked room that inherits the roles cannot
        // be left with a single one (2.3, is_locked), whether the lock or the roles come from the defaults.
        if (!errors.roles && !errors.is_locked && ("roles" in body || "is_locked" in body)) {
            const next = { ...this.defaults, ...body };
            const room = [...this.rooms.values()].find((r) => {
                const effective = { ...next, ...r.overrides };
                return effective.is_locked === true && Array.isArray(effective.roles) && new Set(effective.roles).size === 1;
            });
            if (room) (errors["roles" in body ? "roles" : "is_locked"] ??= []).push(`A room with a single role cannot be locked (room ${room.friendly_url} would be).`);
        }
        if (Object.keys(errors).length > 0) throw new ValidationFailure(errors);
        for (const f of IMAGE_FIELDS) if (f in body) body[f] = storedImage(body[f]);
        if (body.session_length === "") body.session_length = null;
        Object.assign(this.defaults, body);
        return this.defaultsRecord();
    }

    // ---- rooms ------------------------------------------------------------------------------

    findRoom(ref: string): Room {
        this.expireRooms();
        const room = this.rooms.get(ref) ?? [...this.rooms.values()].find((r) => r.friendly_url === ref);
        if (!room) throw new NotFound();
        return room;
    }

    /** Rooms whose expires_at has passed are deleted (contract section 3). */
    expireRooms(): void {
        const now = this.now().getTime();
        for (const [id, room] of this.rooms) {
            const at = room.own.expires_at;
            if (typeof at === "string" && Date.parse(`${at.replace(" ", "T")}Z`) <= now) this.rooms.delete(id);
        }
    }

    roomRecord(room: Room): Json {
        const settings: Json = {};
        for (const key of INHERITED) settings[key] = key in room.overrides ? room.overrides[key] : this.defaults[key];
        const domain = String(this.defaults.domain);
        return {
            id: room.id,
            description: room.own.description,
            topic: room.own.description ?? room.friendly_url,
            friendly_url: room.friendly_url,
            privacy: room.own.privacy,
            external_id: room.own.external_id,
            room_url: `https://${domain}.digitalsamba.com/${room.friendly_url}`,
            ...settings,
            ...room.own,
            default_role: this.roleObject(settings.default_role),
            roles: (settings.roles as string[]).map((id) => ({ ...this.roleObject(id), allow_private_group_chat: this.findRole(id)!.allow_private_group_chat })),
            files: [],
            breakouts: Array.isArray(room.own.breakouts) ? (room.own.breakouts as string[]).map((name, i) => ({ id: uuidFrom(`${room.id}/breakout/${i}`), name })) : room.own.breakouts,
            tags: room.tags,
            files_panel_enabled: true,
            created_at: room.created_at,
            updated_at: room.updated_at,
        };
    }

    roomListItem(room: Room): Json {
        const r = this.roomRecord(room);
        const keys = ["id", "description", "topic", "friendly_url", "privacy", "external_id", "room_url", "max_participants", "max_broadcasters", "tags", "created_at", "updated_at"];
        return Object.fromEntries(keys.map((k) => [k, r[k]]));
    }

    private pickKnown(input: Json, keys: readonly string[]): Json {
        return Object.fromEntries(Object.entries(input).filter(([k]) => keys.includes(k)));
    }

    private checkE2ee(effective: Json, body: Json, errors: Record<string, string[]>): void {
        if (effective.e2ee_enabled !== true) return;
        for (const f of ["whiteboard_enabled", "transcription_enabled", "breakout_rooms_enabled"]) {
            if (effective[f] === true) {
                // Name the field the request touched, so the caller sees what to change.
                const field = f in body ? f : "e2ee_enabled";
                (errors[field] ??= []).push(`End-to-end encryption cannot be combined with ${f.replace(/_enabled$/, "").replace(/_/g, " ")}.`);
            }
        }
    }

    /** Validates a create or update body against the room as it would become. */
    private validateRoomBody(body: Json, current: Room | undefined, errors: Record<string, string[]>): void {
        validateFields(body, roomRules(this.planMaximum), errors);
        this.resolveRoles(body, errors);
        if (typeof body.friendly_url === "string" && !errors.friendly_url) {
            const taken = [...this.rooms.values()].some((r) => r !== current && (r.friendly_url === body.friendly_url || r.id === body.friendly_url));
            if (taken) (errors.friendly_url ??= []).push("The friendly url has already been taken.");
        }
        if (typeof body.expires_at === "string" && !errors.expires_at && Date.parse(`${body.expires_at.replace(" ", "T")}Z`) <= this.now().getTime()) {
            (errors.expires_at ??= []).push("The expires at field must be a date after now.");
        }
        // The room's own settings (max_participants among them) win over the team's record, whose
        // max_participants is the plan maximum: a new room starts from its own initial values.
        const effective: Json = { ...this.defaults, ...initialRoomSettings(), ...(current ? { ...current.overrides, ...current.own } : {}), ...body };
        if (!errors.max_participants && !errors.max_broadcasters && "max_broadcasters" in body && typeof effective.max_broadcasters === "number" && typeof effective.max_participants === "number" && effective.max_broadcasters > effective.max_participants) {
            (errors.max_broadcasters ??= []).push(`The max broadcasters field must not be greater than max participants (${effective.max_participants}).`);
        }
        this.checkE2ee(effective, body, errors);
        if (!errors.roles) singleRoleLock(effective, body, errors);
    }

    private applyRoomBody(room: Room, body: Json): void {
        for (const [k, v] of Object.entries(body)) {
            if (k === "friendly_url") room.friendly_url = String(v);
            else if (k === "tags") continue;
            else if (INHERITED.includes(k)) room.overrides[k] = IMAGE_FIELDS.includes(k) ? storedImage(v) : k === "session_length" && v === "" ? null : v;
            else if (ROOM_SETTINGS.includes(k)) room.own[k] = v;
        }
        // "Also capped by max_participants": lowering participants alone lowers broadcasters with it.
        if (!("max_broadcasters" in body) && typeof room.own.max_broadcasters === "number" && typeof room.own.max_participants === "number" && room.own.max_broadcasters > room.own.max_participants) {
            room.own.max_broadcasters = room.own.max_participants;
        }
    }

    createRoom(input: Json): Json {
        this.expireRooms();
        const body = this.pickKnown(input, [...INHERITED, ...ROOM_SETTINGS, "friendly_url", "tags"]);
        const errors: Record<string, string[]> = {};
        this.validateRoomBody(body, undefined, errors);
        if (Object.keys(errors).length > 0) throw new ValidationFailure(errors);
        const id = randomUUID();
        const at = stamp(this.now());
        const room: Room = {
            id,
            seq: ++this.seq,
            friendly_url: typeof body.friendly_url === "string" ? body.friendly_url : this.generatedFriendlyUrl(id),
            overrides: {},
            own: initialRoomSettings(),
            tags: Array.isArray(body.tags) ? [...(body.tags as string[])] : [],
            created_at: at,
            updated_at: at,
            content: { chat: [], transcripts: [], questions: 0, summaries: 0, polls: 0, quizzes: 0, recordings: 0 },
        };
        this.applyRoomBody(room, body);
        this.rooms.set(id, room);
        return this.roomRecord(room);
    }

    /** The vendor generates a friendly URL when none is given: here from the id, lengthened until unique. */
    private generatedFriendlyUrl(id: string): string {
        const hex = id.replace(/-/g, "");
        for (let n = 12; n <= 32; n++) {
            const candidate = hex.slice(0, n);
            if (![...this.rooms.values()].some((r) => r.friendly_url === candidate)) return candidate;
        }
        return hex;
    }

    updateRoom(ref: string, input: Json): Json {
        const room = this.findRoom(ref);
        // The update body has no tags field (2.3): a tags key is ignored like any unknown field.
        const body = this.pickKnown(input, [...INHERITED, ...ROOM_SETTINGS, "friendly_url"]);
        const errors: Record<string, string[]> = {};
        this.validateRoomBody(body, room, errors);
        if (Object.keys(errors).length > 0) throw new ValidationFailure(errors);
        this.applyRoomBody(room, body);
        room.updated_at = stamp(this.now());
        return this.roomRecord(room);
    }

    deleteRoom(ref: string): void {
        const room = this.findRoom(ref);
        this.rooms.delete(room.id);
    }

    /** Rooms in creation order, newest first unless asked otherwise; `tag` matches any of the tags given. */
    listRooms(tags: string[]): Room[] {
        this.expireRooms();
        const rooms = [...this.rooms.values()].sort((a, b) => a.seq - b.seq);
        return tags.length === 0 ? rooms : rooms.filter((r) => r.tags.some((t) => tags.includes(t)));
    }

    // ---- room content -------------------------------------------------------------------------

    /** Endpoints 7 to 13: a kind of content deleted. */
    clearContent(room: Room, kind: ContentKind): void {
        if (kind === "chat" || kind === "transcripts") room.content[kind] = [];
        else room.content[kind] = 0;
    }

    /** Seeds chat and transcripts (each entry filled out with plausible values) and adds to the counted kinds. */
    seedContent(room: Room, seed: { chat?: Json[]; transcripts?: Json[]; counts: Json }): void {
        const at = this.now();
        const session = uuidFrom(`${room.id}/session/default`);
        const participant = (n: number) => uuidFrom(`${room.id}/participant/${n % 3}`);
        const name = (n: number) => ["Ada", "Grace", "Linus"][n % 3];
        for (const [i, given] of (seed.chat ?? []).entries()) {
            const n = room.content.chat.length + i;
            room.content.chat.push({
                id: uuidFrom(`${room.id}/chat/${n}/${at.getTime()}`),
                message: `Message ${n + 1}`,
                participant_id: participant(n),
                external_participant_id: null,
                participant_name: name(n),
                created_at: new Date(at.getTime() + n * 1000).toISOString().replace(/\.(\d{3})Z$/, ".$1000Z"),
                ...given,
                session_id: typeof given.session_id === "string" ? given.session_id : session,
            } as ChatMessage);
        }
        for (const [i, given] of (seed.transcripts ?? []).entries()) {
            const n = room.content.transcripts.length + i;
            const start = new Date(at.getTime() + n * 5000);
            room.content.transcripts.push({
                participant_id: participant(n),
                participant_name: name(n),
                transcript: `Sentence number ${n + 1}.`,
                start_time: start.toISOString().slice(0, 19) + "Z",
                end_time: new Date(start.getTime() + 4000).toISOString().slice(0, 19) + "Z",
                ...given,
                session_id: typeof given.session_id === "string" ? given.session_id : session,
            } as TranscriptEntry);
        }
        for (const kind of ["questions", "summaries", "polls", "quizzes", "recordings"] as const) {
            if (typeof seed.counts[kind] === "number") room.content[kind] += seed.counts[kind] as number;
        }
    }

    contentCounts(room: Room): Record<ContentKind, number> {
        const c = room.content;
        return { chat: c.chat.length, questions: c.questions, summaries: c.summaries, transcripts: c.transcripts.length, polls: c.polls, quizzes: c.quizzes, recordings: c.recordings };
    }

    // ---- plan and usage -----------------------------------------------------------------------

    /** The plan's maximum changed (control API): the defaults record shows it. */
    applyPlanMaximum(): void {
        this.defaults.max_participants = this.planMaximum();
    }

    recordUsage(record: UsageRecord): void {
        this.usage.push(record);
    }

    // ---- statistics -------------------------------------------------------------------------

    statistics(metricNames: readonly string[], from: string, to: string, roomId?: string): Json {
        const totals: Json = Object.fromEntries(metricNames.map((m) => [m, 0]));
        for (const u of this.usage) {
            if (u.date < from || u.date > to) continue;
            if (roomId !== undefined && u.roomId !== roomId) continue;
            for (const m of metricNames) totals[m] = (totals[m] as number) + (u.metrics[m] ?? 0);
        }
        return totals;
    }
}

/** A stable UUID-shaped id derived from a string (for generated sub-records). */
export function uuidFrom(seed: string): string {
    const h = createHash("sha256").update(seed).digest("hex");
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
