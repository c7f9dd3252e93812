/**
 * getTeamDefaults, getRoom, getRooms, getRoles and getRole: the team's records,
 * camelCase at every depth (roles read back as `{id, name, displayName}`).
 */
import { deepKeysToCamel } from "../model/names";
import type { StateOf } from "../declarations/declaration";
import { room, type teamDefaults } from "../declarations";
import { ANY, arrayOf, BOOLEAN, lazyObjectType, mapOf, oneOf, orNull, prop, STRING, typedObject, type ObjectOf } from "../model/types";
import { stateField } from "../declarations/derive";
import { declareFunction, field, group, roomArg, type CommonArgs } from "./functionShape";

export type TeamDefaultsResult = StateOf<typeof teamDefaults> & { id: string };
export type RoomResult = StateOf<typeof room> & { id: string };

/** The fields of a room the rooms list shows besides its id (a subset of its record, as the Room's state names them). */
const LISTED = ["friendlyUrl", "description", "topic", "privacy", "externalId", "roomUrl", "maxParticipants", "maxBroadcasters", "tags", "createdAt", "updatedAt"] as const;

/**
 * A room as the list shows it: each field typed and described as the Room resource's state has it (derived from the
 * room declaration, so the two never drift). The list's records are loose: only `id` and `friendlyUrl` are always
 * there, and a room without a description or external id shows `null`.
 */
export type RoomListItem = Pick<RoomResult, "id" | "friendlyUrl"> & { [K in Exclude<(typeof LISTED)[number], "friendlyUrl">]?: RoomResult[K] | null };
/** A listed field as the Room's state has it, or `null` (only the friendly URL is always there). */
function listedField(name: (typeof LISTED)[number]) {
    const f = stateField(room, name);
    return name === "friendlyUrl" ? f : { ...f, type: orNull(f.type) };
}
const ROOM_LIST_ITEM = lazyObjectType("RoomListItem", "A room as the list shows it: some fields of its record, as the Room resource's state has them.", () => ({
    id: { type: STRING, description: "The room's UUID." },
    ...Object.fromEntries(LISTED.map((name) => [name, listedField(name)])),
}));

/** A role as the list shows it. */
const ROLE = typedObject("Role", "A role of the team.", {
    id: prop<string>(STRING, "The role id."),
    name: prop<string>(STRING, "The role name."),
    displayName: prop<string>(STRING, "Its display name."),
    description: prop<string | null | undefined>(orNull(STRING), "Its description."),
    default: prop<boolean | undefined>(BOOLEAN, "Whether it is a default role."),
});
export type Role = ObjectOf<typeof ROLE>;
/**
 * A role's permissions, permission name (camelCase) to its value as the API gives it: the contract shows
 * whether the role has each one (`broadcast`, `screenshare`, `endSession`, ...) and the role names it may mute
 * (`remoteMuting`); the hosted service's document shows `true`/`false` for most and lists for a few.
 */
export type RolePermissions = Record<string, string[] | boolean>;
/** An intersection, not an interface extending `Role`: under `exactOptionalPropertyTypes` a mapped type is not an interface's base (TS2312). */
export type RoleWithPermissions = Role & { permissions: RolePermissions };

const camel = <T>(v: unknown) => deepKeysToCamel(v) as T;

export const getTeamDefaults = declareFunction<CommonArgs, TeamDefaultsResult>({
    name: "getTeamDefaults",
    description: "The team's default room settings and subscription.",
    reads: "GET /",
    args: {},
    recordOf: "teamDefaults",
    result: [group("every output of TeamDefaults", ANY, "Each field of the record, camelCase, as the TeamDefaults resource's outputs: `id`, `domain`, `defaultRole`, `subscriptionStart`, `usedParticipationMinutes`, ...")],
    run: async (client) => camel(await client.getDefaults()),
});

export const getRoom = declareFunction<{ room: string } & CommonArgs, RoomResult>({
    name: "getRoom",
    description: "One room's record.",
    reads: "GET /rooms/{room}",
    args: { room: roomArg() },
    recordOf: "room",
    result: [group("every output of Room", ANY, "Each field of the record, camelCase, as the Room resource's outputs: `id`, `friendlyUrl`, `roomUrl`, `roles`, ...")],
    run: async (client, args) => camel(await client.getRoom(args.room)),
});

export const getRooms = declareFunction<{ tags?: string[] } & CommonArgs, { rooms: RoomListItem[] }>({
    name: "getRooms",
    description: "Every room of the team, every page read (newest first), optionally only those carrying any of `tags`.",
    reads: "GET /rooms, page after page by `after`",
    args: {
        tags: {
            description: "Only rooms carrying any of these tags.",
            type: arrayOf(STRING),
            validate: (v) => (Array.isArray(v) && v.length > 0 && v.every((t) => typeof t === "string" && t.length > 0) ? undefined : "must be a non-empty list of non-empty strings"),
        },
    },
    result: [
        field("rooms", arrayOf(ROOM_LIST_ITEM), "Every matching room."),
    ],
    async run(client, args) {
        const rooms: RoomListItem[] = [];
        for await (const item of client.iterateRooms({ tag: args.tags })) rooms.push(camel(item));
        return { rooms };
    },
});

export const getRoles = declareFunction<CommonArgs, { roles: Role[] }>({
    name: "getRoles",
    description: "Every role of the team, every page read.",
    reads: "GET /roles, page after page",
    args: {},
    result: [field("roles", arrayOf(ROLE), "Every role.")],
    async run(client) {
        const roles: Role[] = [];
        for await (const item of client.iterateRoles()) roles.push(camel(item));
        return { roles };
    },
});

export const getRole = declareFunction<{ role: string } & CommonArgs, RoleWithPermissions>({
    name: "getRole",
    description: "One role with its permissions.",
    reads: "GET /roles/{idOrName}",
    args: { role: { description: "The role's id or name.", type: STRING, required: true, validate: (v) => (typeof v === "string" && v.trim().length > 0 ? undefined : "must be a role id or name (a non-empty string)") } },
    result: [
        field(["id", "name", "displayName"], STRING, "As in getRoles."),
        field("description", orNull(STRING), "As in getRoles."),
        field("default", BOOLEAN, "As in getRoles."),
        field("permissions", mapOf(oneOf(BOOLEAN, arrayOf(STRING))), "Permission name (camelCase) to its value as the API gives it: the role names it applies to (a list), or `true`/`false`."),
    ],
    run: async (client, args) => camel(await client.getRole(args.role)),
});
