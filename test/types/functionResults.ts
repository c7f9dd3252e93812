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
type Resolved<F extends (...args: never[]) => unknown> = Awaited<ReturnType<F>>;

export type Checks = [
    Expect<Equal<Resolved<typeof vcrooms.getRoomStatistics>, RoomStatisticsResult>>,
    Expect<Equal<Resolved<typeof vcrooms.getTeamStatistics>, TeamStatisticsResult>>,
    Expect<Equal<Resolved<typeof vcrooms.getTeamDefaults>, TeamDefaultsResult>>,
    Expect<Equal<Resolved<typeof vcrooms.getRoom>, vcrooms.WithSecrets<RoomResult>>>,
    // A secret setting comes back as a secret Output; the other fields as they are.
    Expect<Equal<Resolved<typeof vcrooms.getRoom>["restreamKey"], import("@pulumi/pulumi").Output<RoomResult["restreamKey"]>>>,
    Expect<Equal<Resolved<typeof vcrooms.getRoom>["friendlyUrl"], RoomResult["friendlyUrl"]>>,
    Expect<Equal<Resolved<typeof vcrooms.getRooms>, { rooms: RoomListItem[] }>>,
    Expect<Equal<Resolved<typeof vcrooms.getRoles>, { roles: Role[] }>>,
    Expect<Equal<Resolved<typeof vcrooms.getRole>, RoleWithPermissions>>,
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

/** The `Output` forms carry the same result. */
export type OutputChecks = [
    Expect<Equal<ReturnType<typeof vcrooms.getRoomStatisticsOutput>, import("@pulumi/pulumi").Output<RoomStatisticsResult>>>,
    Expect<Equal<ReturnType<typeof vcrooms.getRoomOutput>, import("@pulumi/pulumi").Output<vcrooms.WithSecrets<RoomResult>>>>,
];
