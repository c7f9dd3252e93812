/**
 * The in-memory state of one team, and the operations of the API on it that the routes call. HTTP
 * lives in server.ts and routes/; each part of the model has its own module: defaults.ts (default
 * settings), rooms.ts, content.ts (room content), usage.ts (usage and statistics), roles.ts, with
 * fields.ts (the field table) and rules.ts (the write rules) beneath them.
 */
import { clearContent, contentCounts, seedContent, type ContentKind } from "./content";
import { TeamDefaults } from "./defaults";
import type { Json } from "./model";
import { Rooms, type Room } from "./rooms";
import { Usage, type UsageRecord } from "./usage";

export interface TeamSnapshot {
    teamId: string;
    /** The default settings as stored (role ids), with the record's own fields (id, owner_id, domain). */
    defaults: Json;
    rooms: Room[];
    usage: UsageRecord[];
}

export class Team {
    readonly usage = new Usage();
    readonly rooms: Rooms;
    private readonly settings: TeamDefaults;

    constructor(
        readonly teamId: string,
        initialDomain: string,
        readonly now: () => Date,
        readonly planMaximum: () => number,
    ) {
        this.rooms = new Rooms({ defaults: () => this.defaults, now, planMaximum });
        this.settings = new TeamDefaults(initialDomain, this);
    }

    /** The default settings as stored (role ids, not role objects). */
    get defaults(): Json {
        return this.settings.values;
    }

    reset(): void {
        this.settings.reset();
        this.rooms.clear();
        this.usage.clear();
    }

    /** What the team holds (defaults, rooms with their content, usage), as the state file keeps it. */
    snapshot(): TeamSnapshot {
        return { teamId: this.teamId, defaults: structuredClone(this.settings.values), rooms: this.rooms.stored(), usage: this.usage.all() };
    }

    restore(snapshot: TeamSnapshot): void {
        this.settings.restore(snapshot.defaults);
        this.rooms.restore(snapshot.rooms);
        this.usage.restore(snapshot.usage);
    }

    // ---- default settings ---------------------------------------------------------------------

    defaultsRecord(): Json {
        return this.settings.record();
    }

    updateDefaults(input: Json): Json {
        return this.settings.update(input);
    }

    /** The plan's maximum changed (control API): the defaults record shows it. */
    applyPlanMaximum(): void {
        this.settings.applyPlanMaximum();
    }

    // ---- rooms --------------------------------------------------------------------------------

    findRoom(ref: string): Room {
        return this.rooms.find(ref);
    }

    roomRecord(room: Room): Json {
        return this.rooms.record(room);
    }

    roomListItem(room: Room): Json {
        return this.rooms.listItem(room);
    }

    createRoom(input: Json): Json {
        return this.rooms.create(input);
    }

    updateRoom(ref: string, input: Json): Json {
        return this.rooms.update(ref, input);
    }

    deleteRoom(ref: string): void {
        this.rooms.delete(ref);
    }

    listRooms(tags: string[]): Room[] {
        return this.rooms.list(tags);
    }

    // ---- room content -------------------------------------------------------------------------

    clearContent(room: Room, kind: ContentKind): void {
        clearContent(room.content, kind);
    }

    seedContent(room: Room, seed: { chat?: Json[]; transcripts?: Json[]; counts: Json }): void {
        seedContent(room, seed, this.now());
    }

    contentCounts(room: Room): Record<ContentKind, number> {
        return contentCounts(room.content);
    }

    // ---- usage and statistics -----------------------------------------------------------------

    recordUsage(record: UsageRecord): void {
        this.usage.record(record);
    }

    statistics(metricNames: readonly string[], from: string, to: string, roomId?: string): Json {
        return this.usage.statistics(metricNames, from, to, roomId);
    }
}
