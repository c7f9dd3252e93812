/**
 * The Rooms API client: one typed method per endpoint of the contract's section 4 (plus DELETE /rooms/{room}).
 * Each is a path, a query, a body and the schema of its answer; sending, pacing, retrying and checking are the
 * transport's (transport.ts). It speaks the API's snake_case; the resource layer maps names (names.ts).
 */
import type { ContentKind } from "../model/content";
import {
    chatMessageSchema,
    defaultsRecordSchema,
    joinTokenSchema,
    listOf,
    roleSchema,
    roleWithPermissionsSchema,
    roomListItemSchema,
    roomRecordSchema,
    roomStatisticsSchema,
    teamStatisticsSchema,
    transcriptEntrySchema,
    type ChatMessage,
    type DefaultsRecord,
    type JoinToken,
    type RoleRecord,
    type RoleWithPermissions,
    type RoomListItem,
    type RoomRecord,
    type RoomStatistics,
    type TeamStatistics,
    type TranscriptEntry,
} from "./records";
import { paginate, paginateAfter, RoomsTransport, type Body, type CreateReconciliation, type Page } from "./transport";

export type Order = "asc" | "desc";

export interface PageQuery {
    limit?: number;
    offset?: number;
    order?: Order;
    /** An id (or, for rooms, a friendly URL): records after that one. */
    after?: string;
}
export interface RoomQuery extends PageQuery {
    /** Rooms carrying any of these tags. */
    tag?: string | string[];
}
export interface SessionQuery extends PageQuery {
    sessionId?: string;
}
export interface StatisticsQuery {
    dateStart?: string;
    dateEnd?: string;
    metrics?: readonly string[];
}

export class RoomsClient extends RoomsTransport {
    // ---- 1, 2: team default settings ------------------------------------------------------------

    getDefaults(): Promise<DefaultsRecord> {
        return this.call("GET", "/", { schema: defaultsRecordSchema() });
    }

    updateDefaults(body: Body): Promise<DefaultsRecord> {
        return this.call("PATCH", "/", { body, schema: defaultsRecordSchema() });
    }

    // ---- 3 to 6 and DELETE: rooms --------------------------------------------------------------

    async listRooms(query: RoomQuery = {}): Promise<Page<RoomListItem>> {
        const tags = query.tag === undefined ? undefined : Array.isArray(query.tag) ? query.tag : [query.tag as string];
        const answer = await this.call("GET", "/rooms", { query: { ...pageParams(query), "tag[]": tags }, schema: listOf(roomListItemSchema()) });
        return { data: answer.data, totalCount: answer.total_count };
    }

    /**
     * Every room, page after page by `after` (transport.ts, paginateAfter): no room present for the whole listing is
     * missed, whatever is deleted or created meanwhile. With `order: "asc"` (oldest first) a room created meanwhile
     * comes last, so it is seen too.
     */
    iterateRooms(query: Omit<RoomQuery, "offset" | "after"> = {}): AsyncIterable<RoomListItem> {
        return paginateAfter("/rooms", (after) => this.listRooms({ ...query, after }), query.limit);
    }

    createRoom(body: Body, reconcile?: CreateReconciliation<RoomRecord>): Promise<RoomRecord> {
        return this.call("POST", "/rooms", { body, schema: roomRecordSchema(), reconcile });
    }

    getRoom(room: string): Promise<RoomRecord> {
        return this.call("GET", roomPath(room), { schema: roomRecordSchema() });
    }

    updateRoom(room: string, body: Body): Promise<RoomRecord> {
        return this.call("PATCH", roomPath(room), { body, schema: roomRecordSchema() });
    }

    async deleteRoom(room: string, options: { deleteResources?: boolean } = {}): Promise<void> {
        await this.call("DELETE", roomPath(room), { body: options.deleteResources ? { delete_resources: true } : undefined });
    }

    // ---- 7 to 16: room content ---------------------------------------------------------------------

    async deleteRoomContent(room: string, kind: ContentKind): Promise<void> {
        await this.call("DELETE", `${roomPath(room)}/${kind}`, {});
    }

    async listChat(room: string, query: SessionQuery = {}): Promise<Page<ChatMessage>> {
        const answer = await this.call("GET", `${roomPath(room)}/chat`, { query: { ...pageParams(query), session_id: query.sessionId }, schema: listOf(chatMessageSchema()) });
        return { data: answer.data, totalCount: answer.total_count };
    }

    iterateChat(room: string, query: Omit<SessionQuery, "offset"> = {}): AsyncIterable<ChatMessage> {
        return paginate((offset) => this.listChat(room, { ...query, offset }), query.limit);
    }

    async listTranscripts(room: string, query: SessionQuery = {}): Promise<Page<TranscriptEntry>> {
        const answer = await this.call("GET", `${roomPath(room)}/transcripts`, { query: { ...pageParams(query), session_id: query.sessionId }, schema: listOf(transcriptEntrySchema()) });
        return { data: answer.data, totalCount: answer.total_count };
    }

    iterateTranscripts(room: string, query: Omit<SessionQuery, "offset"> = {}): AsyncIterable<TranscriptEntry> {
        return paginate((offset) => this.listTranscripts(room, { ...query, offset }), query.limit);
    }

    /** The transcripts as a file: text, or JSON text with format "json". */
    exportTranscripts(room: string, options: { format?: "txt" | "json"; locale?: string; lang?: string; sessionId?: string } = {}): Promise<string> {
        const body: Body = {};
        if (options.locale) body.locale = options.locale;
        if (options.lang) body.lang = options.lang;
        return this.call<undefined>("GET", `${roomPath(room)}/transcripts/export`, {
            // GET bodies are dropped by some proxies: the values go in the query as well.
            query: { format: options.format, locale: options.locale, lang: options.lang, session_id: options.sessionId },
            body: Object.keys(body).length > 0 ? body : undefined,
            text: true,
        });
    }

    // ---- 17: join tokens ---------------------------------------------------------------------------

    createJoinToken(room: string, body: Body = {}): Promise<JoinToken> {
        return this.call("POST", `${roomPath(room)}/token`, { body, schema: joinTokenSchema() });
    }

    // ---- 18, 19: roles -------------------------------------------------------------------------------

    async listRoles(query: PageQuery = {}): Promise<Page<RoleRecord>> {
        const answer = await this.call("GET", "/roles", { query: pageParams(query), schema: listOf(roleSchema()) });
        return { data: answer.data, totalCount: answer.total_count };
    }

    iterateRoles(query: Omit<PageQuery, "offset"> = {}): AsyncIterable<RoleRecord> {
        return paginate((offset) => this.listRoles({ ...query, offset }), query.limit);
    }

    getRole(idOrName: string): Promise<RoleWithPermissions> {
        return this.call("GET", `/roles/${encodeURIComponent(idOrName)}`, { schema: roleWithPermissionsSchema() });
    }

    // ---- 20, 21: statistics ----------------------------------------------------------------------------

    getRoomStatistics(room: string, query: StatisticsQuery = {}): Promise<RoomStatistics> {
        return this.call("GET", `${roomPath(room)}/statistics`, { query: statisticsParams(query), schema: roomStatisticsSchema() });
    }

    getTeamStatistics(query: StatisticsQuery = {}): Promise<TeamStatistics> {
        return this.call("GET", "/statistics", { query: statisticsParams(query), schema: teamStatisticsSchema() });
    }

    // ---- the API's clock ------------------------------------------------------------------------------

    /**
     * The API's current time, from the `Date` header of a small authenticated read (one role). Join tokens
     * expire by the API's clock, so rotation asks the API instead of trusting this machine's. Undefined
     * when the answer carries no valid `Date` (the caller then falls back to its own clock).
     */
    serverTime(): Promise<Date | undefined> {
        return this.call<undefined>("GET", "/roles", { query: { limit: 1 }, date: true }) as unknown as Promise<Date | undefined>;
    }
}

function roomPath(room: string): string {
    if (typeof room !== "string" || room.length === 0) throw new TypeError("room must be a room id or friendly URL");
    return `/rooms/${encodeURIComponent(room)}`;
}

function pageParams(q: PageQuery): Record<string, string | number | undefined> {
    return { limit: q.limit, offset: q.offset, order: q.order, after: q.after };
}

function statisticsParams(q: StatisticsQuery): Record<string, string | undefined> {
    return { date_start: q.dateStart, date_end: q.dateEnd, metrics: q.metrics && q.metrics.length > 0 ? q.metrics.join(",") : undefined };
}
