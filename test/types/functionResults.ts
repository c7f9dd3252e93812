/**
 * Type-level checks of the SDK's data functions, compiled by `npm run build` (tsconfig.json includes
 * test/types): a wrong derived type fails the build, and so `npm test`. Nothing here runs.
 *
 * Why: a result type derived from a declaration once collapsed to `never` for every function with
 * arguments of its own (getRoom, getRoomStatistics, ...), and `never` is assignable to anything, so
 * programs using it still compiled while getting no checking at all.
 */
import type * as vcrooms from "../../sdk";
import type { RoomStatisticsResult, TeamStatisticsResult, RoomResult, TeamDefaultsResult, Role, RoleWithPermissions, RoomListItem, ChatMessage, TranscriptEntry } from "../../provider/functions";

/** True only when A and B are the same type (neither `never` nor `any` passes for another). */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Expect<T extends true> = T;
/**
 * A function's result, flattened: the SDK's result types are the derived type intersected with the docs-only
 * `…ResultDocs` (each field optional and `unknown`), which changes no field's type or presence, and which names no
 * field the derived type lacks (an extra key would make these equalities fail).
 */
type Resolved<F extends (...args: never[]) => unknown> = Flat<Awaited<ReturnType<F>>>;
type Flat<T> = { [K in keyof T]: T[K] };

export type Checks = [
    Expect<Equal<Resolved<typeof vcrooms.getRoomStatistics>, Flat<RoomStatisticsResult>>>,
    Expect<Equal<Resolved<typeof vcrooms.getTeamStatistics>, Flat<TeamStatisticsResult>>>,
    Expect<Equal<Resolved<typeof vcrooms.getTeamDefaults>, Flat<TeamDefaultsResult>>>,
    Expect<Equal<Resolved<typeof vcrooms.getRoom>, Flat<vcrooms.WithSecrets<RoomResult>>>>,
    // A secret setting comes back as a secret Output; the other fields as they are.
    Expect<Equal<Resolved<typeof vcrooms.getRoom>["restreamKey"], import("@pulumi/pulumi").Output<RoomResult["restreamKey"]>>>,
    Expect<Equal<Resolved<typeof vcrooms.getRoom>["friendlyUrl"], RoomResult["friendlyUrl"]>>,
    Expect<Equal<Resolved<typeof vcrooms.getRooms>, { rooms: RoomListItem[] }>>,
    Expect<Equal<Resolved<typeof vcrooms.getRoles>, { roles: Role[] }>>,
    Expect<Equal<Resolved<typeof vcrooms.getRole>, Flat<RoleWithPermissions>>>,
    // A permission is a boolean, or a list of role names (remoteMuting in the contract; the vendor's document
    // makes remote_muting a boolean and manage_roles a list): both forms, for every permission.
    Expect<Equal<RoleWithPermissions["permissions"]["broadcast"], boolean | string[]>>,
    Expect<Equal<RoleWithPermissions["permissions"]["remoteMuting"], boolean | string[]>>,
    Expect<Equal<Resolved<typeof vcrooms.getRoomChat>, { messages: ChatMessage[] }>>,
    Expect<Equal<Resolved<typeof vcrooms.getRoomTranscripts>, { transcripts: TranscriptEntry[] }>>,
    Expect<Equal<Resolved<typeof vcrooms.exportRoomTranscripts>, { content: string }>>,
    // The fields a program reads: a metric is an optional number, the period two strings.
    Expect<Equal<RoomStatisticsResult["participationMinutes"], number | undefined>>,
    Expect<Equal<RoomStatisticsResult["dateStart"], string>>,
    Expect<Equal<Parameters<typeof vcrooms.getRoomStatistics>[0]["room"], string>>,
];

/** What an `Output` form's Output holds, flattened as `Resolved`. */
type OutputOf<F extends (...args: never[]) => unknown> = ReturnType<F> extends import("@pulumi/pulumi").Output<infer R> ? Flat<R> : never;

/** The `Output` forms carry the same result. */
export type OutputChecks = [
    Expect<Equal<OutputOf<typeof vcrooms.getRoomStatisticsOutput>, Flat<RoomStatisticsResult>>>,
    Expect<Equal<OutputOf<typeof vcrooms.getRoomOutput>, Flat<vcrooms.WithSecrets<RoomResult>>>>,
];
