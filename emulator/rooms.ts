/**
 * The team's rooms (the /rooms endpoints): each keeps its own
 * settings and the shared ones it overrides; its record shows the team defaults for the rest.
 */
import { randomUUID } from "node:crypto";
import { emptyContent, type RoomContent } from "./content";
import { IMAGE_FIELDS, ROOM_BODY, ROOM_OWN, SHARED, initialValues, resolveRoles, roomRules } from "./fields";
import { NotFound, ValidationFailure, stamp, storedImage, uuidFrom, type Json } from "./model";
import { roleObject, roleObjects } from "./roles";
import { e2eeConflicts, singleRoleLock, validateFields } from "./rules";

export interface Room {
    id: string;
    seq: number;
    friendly_url: string;
    /** The shared settings the room sets itself; the others follow the team defaults. */
    overrides: Json;
    /** The room's own settings. */
    own: Json;
    tags: string[];
    created_at: string;
    updated_at: string;
    content: RoomContent;
}

/** What the rooms read of their team: its current defaults record, its clock and its plan's maximum. */
export interface RoomsTeam {
    defaults(): Json;
    now(): Date;
    planMaximum(): number;
}

const pickKnown = (input: Json, keys: readonly string[]): Json => Object.fromEntries(Object.entries(input).filter(([k]) => keys.includes(k)));

export class Rooms {
    private readonly byId = new Map<string, Room>();
    private seq = 0;

    constructor(private readonly team: RoomsTeam) {}

    /** Every room, expired or not (for rules over all rooms). */
    all(): Room[] {
        return [...this.byId.values()];
    }

    clear(): void {
        this.byId.clear();
    }

    /** Every room as stored (oldest first), for the state file (emulator/stateFile.ts); a copy. */
    stored(): Room[] {
        return structuredClone(this.all().sort((a, b) => a.seq - b.seq));
    }

    /** The rooms of a state file replace the team's; creation order continues after the last one. */
    restore(rooms: Room[]): void {
        this.byId.clear();
        for (const room of structuredClone(rooms)) this.byId.set(room.id, room);
        this.seq = rooms.reduce((max, r) => Math.max(max, r.seq), 0);
    }

    find(ref: string): Room {
        this.expire();
        const room = this.byId.get(ref) ?? this.all().find((r) => r.friendly_url === ref);
        if (!room) throw new NotFound();
        return room;
    }

    /** Rooms whose expires_at has passed are deleted (contract section 3). */
    expire(): void {
        const now = this.team.now().getTime();
        for (const [id, room] of this.byId) {
            const at = room.own.expires_at;
            if (typeof at === "string" && Date.parse(`${at.replace(" ", "T")}Z`) <= now) this.byId.delete(id);
        }
    }

    record(room: Room): Json {
        const defaults = this.team.defaults();
        const settings: Json = {};
        for (const key of SHARED) settings[key] = key in room.overrides ? room.overrides[key] : defaults[key];
        const domain = String(defaults.domain);
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
            default_role: roleObject(settings.default_role),
            roles: roleObjects(settings.roles as string[]),
            files: [],
            breakouts: Array.isArray(room.own.breakouts) ? (room.own.breakouts as string[]).map((name, i) => ({ id: uuidFrom(`${room.id}/breakout/${i}`), name })) : room.own.breakouts,
            tags: room.tags,
            files_panel_enabled: true,
            created_at: room.created_at,
            updated_at: room.updated_at,
        };
    }

    listItem(room: Room): Json {
        const r = this.record(room);
        const keys = ["id", "description", "topic", "friendly_url", "privacy", "external_id", "room_url", "max_participants", "max_broadcasters", "tags", "created_at", "updated_at"];
        return Object.fromEntries(keys.map((k) => [k, r[k]]));
    }

    /** Validates a create or update body against the room as it would become. */
    private validate(body: Json, current: Room | undefined, errors: Record<string, string[]>): void {
        validateFields(body, roomRules(() => this.team.planMaximum()), errors);
        resolveRoles(body, errors);
        if (typeof body.friendly_url === "string" && !errors.friendly_url) {
            const taken = this.all().some((r) => r !== current && (r.friendly_url === body.friendly_url || r.id === body.friendly_url));
            if (taken) (errors.friendly_url ??= []).push("The friendly url has already been taken.");
        }
        if (typeof body.expires_at === "string" && !errors.expires_at && Date.parse(`${body.expires_at.replace(" ", "T")}Z`) <= this.team.now().getTime()) {
            (errors.expires_at ??= []).push("The expires at field must be a date after now.");
        }
        // The room's own settings (max_participants among them) win over the team's record, whose
        // max_participants is the plan maximum: a new room starts from its own initial values.
        const effective: Json = { ...this.team.defaults(), ...initialValues("room"), ...(current ? { ...current.overrides, ...current.own } : {}), ...body };
        if (!errors.max_participants && !errors.max_broadcasters && "max_broadcasters" in body && typeof effective.max_broadcasters === "number" && typeof effective.max_participants === "number" && effective.max_broadcasters > effective.max_participants) {
            (errors.max_broadcasters ??= []).push(`The max broadcasters field must not be greater than max participants (${effective.max_participants}).`);
        }
        e2eeConflicts(effective, body, errors);
        if (!errors.roles) singleRoleLock(effective, body, errors);
    }

    private apply(room: Room, body: Json): void {
        for (const [k, v] of Object.entries(body)) {
            if (k === "friendly_url") room.friendly_url = String(v);
            else if (k === "tags") continue;
            else if (SHARED.includes(k)) room.overrides[k] = IMAGE_FIELDS.includes(k) ? storedImage(v) : k === "session_length" && v === "" ? null : v;
            else if (ROOM_OWN.includes(k)) room.own[k] = v;
        }
        // "Also capped by max_participants": lowering participants alone lowers broadcasters with it.
        if (!("max_broadcasters" in body) && typeof room.own.max_broadcasters === "number" && typeof room.own.max_participants === "number" && room.own.max_broadcasters > room.own.max_participants) {
            room.own.max_broadcasters = room.own.max_participants;
        }
    }

    create(input: Json): Json {
        this.expire();
        const body = pickKnown(input, ROOM_BODY);
        const errors: Record<string, string[]> = {};
        this.validate(body, undefined, errors);
        if (Object.keys(errors).length > 0) throw new ValidationFailure(errors);
        const id = randomUUID();
        const at = stamp(this.team.now());
        const room: Room = {
            id,
            seq: ++this.seq,
            friendly_url: typeof body.friendly_url === "string" ? body.friendly_url : this.generatedFriendlyUrl(id),
            overrides: {},
            own: initialValues("room"),
            tags: Array.isArray(body.tags) ? [...(body.tags as string[])] : [],
            created_at: at,
            updated_at: at,
            content: emptyContent(),
        };
        this.apply(room, body);
        this.byId.set(id, room);
        return this.record(room);
    }

    /** The vendor generates a friendly URL when none is given: here from the id, lengthened until unique. */
    private generatedFriendlyUrl(id: string): string {
        const hex = id.replace(/-/g, "");
        for (let n = 12; n <= 32; n++) {
            const candidate = hex.slice(0, n);
            if (!this.all().some((r) => r.friendly_url === candidate)) return candidate;
        }
        return hex;
    }

    update(ref: string, input: Json): Json {
        const room = this.find(ref);
        // The update body has no tags field: a tags key is ignored like any unknown field.
        const body = pickKnown(input, ROOM_BODY.filter((k) => k !== "tags"));
        const errors: Record<string, string[]> = {};
        this.validate(body, room, errors);
        if (Object.keys(errors).length > 0) throw new ValidationFailure(errors);
        this.apply(room, body);
        room.updated_at = stamp(this.team.now());
        return this.record(room);
    }

    delete(ref: string): void {
        this.byId.delete(this.find(ref).id);
    }

    /** Rooms in creation order, newest first unless asked otherwise; `tag` matches any of the tags given. */
    list(tags: string[]): Room[] {
        this.expire();
        const rooms = this.all().sort((a, b) => a.seq - b.seq);
        return tags.length === 0 ? rooms : rooms.filter((r) => r.tags.some((t) => tags.includes(t)));
    }
}
