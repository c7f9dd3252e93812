/**
 * Schemas of what the API answers (contract section 2), in its snake_case. Tolerant of fields
 * the contract does not list (the hosted API adds fields over time; refusing them would break
 * users for nothing) and of `total_count` as a string; strict on the fields callers rely on.
 * The settings inside room and defaults records pass through unchecked here: `check` validates
 * what is written, and the resources compare what is read back by the settings table's rules.
 */
import { z } from "zod";

/**
 * Each schema is built once, on first use: building one costs about 0.3 ms, parsing with it
 * 0.02 ms, and the client parses every answer. (Run-time required code, never serialized.)
 */
function lazy<T>(build: () => T): () => T {
    let built: T | undefined;
    return () => (built ??= build());
}

const roleRef = () => z.looseObject({ id: z.string(), name: z.string(), display_name: z.string().optional() });

/** `total_count` is a number, or in one example of the contract a string of digits. */
const totalCount = () =>
    z.union([z.number().int().nonnegative(), z.string().regex(/^\d+$/)]).transform((v) => Number(v));

export const roomRecordSchema = lazy(() =>
    z.looseObject({
        id: z.string(),
        friendly_url: z.string(),
        room_url: z.string(),
        privacy: z.string().optional(),
        default_role: roleRef().nullable().optional(),
        roles: z.array(roleRef()).optional(),
        created_at: z.string().optional(),
        updated_at: z.string().optional(),
    }));

export const roomListItemSchema = lazy(() => z.looseObject({ id: z.string(), friendly_url: z.string() }));

export const defaultsRecordSchema = lazy(() =>
    z.looseObject({
        id: z.string(),
        domain: z.string(),
        default_role: roleRef().nullable().optional(),
        roles: z.array(roleRef()).optional(),
    }));

export const roleSchema = lazy(() =>
    z.looseObject({ id: z.string(), name: z.string(), display_name: z.string(), description: z.string().nullable().optional(), default: z.boolean().optional() }));

/**
 * Permissions are kept as the API gives them: the contract shows lists of role names, the vendor's document booleans
 * and lists, under other names. Nothing reads one, so none is required; an absent object is none.
 */
export const roleWithPermissionsSchema = lazy(() =>
    roleSchema().extend({
        permissions: z.record(z.string(), z.unknown()).optional().transform((p) => p ?? {}),
    }));

export const chatMessageSchema = lazy(() =>
    z.looseObject({
        id: z.string(),
        message: z.string(),
        participant_id: z.string().nullable().optional(),
        external_participant_id: z.string().nullable().optional(),
        participant_name: z.string().nullable().optional(),
        created_at: z.string(),
        breakout_id: z.string().nullable().optional(),
    }));

export const transcriptEntrySchema = lazy(() =>
    z.looseObject({
        participant_id: z.string().nullable().optional(),
        participant_name: z.string().nullable().optional(),
        transcript: z.string(),
        start_time: z.string(),
        end_time: z.string(),
    }));

/**
 * Statistics records: what the caller needs and nothing more is required. The room's id and the period are echoes of
 * the request (the function fills them in when absent); the vendor's document has no `team_id` in team statistics.
 * A metric sent as a string of digits becomes a number; any other field is kept as given.
 */
export const roomStatisticsSchema = lazy(() =>
    z.looseObject({ room_id: z.string().optional(), date_start: z.string().optional(), date_end: z.string().optional() }).transform(numbersFromStrings(["room_id", "room_external_id", "room_description", "room_friendly_url", "room_privacy", "room_source", "date_start", "date_end"])));

export const teamStatisticsSchema = lazy(() =>
    z.looseObject({ team_id: z.string().optional(), date_start: z.string().optional(), date_end: z.string().optional() }).transform(numbersFromStrings(["team_id", "date_start", "date_end"])));

/** Every field of a statistics record other than its text descriptors is a metric: a string of digits is read as its number. */
function numbersFromStrings(descriptors: readonly string[]) {
    return <R extends Record<string, unknown>>(record: R): R =>
        Object.fromEntries(Object.entries(record).map(([k, v]) => [k, !descriptors.includes(k) && typeof v === "string" && /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v])) as R;
}

export const joinTokenSchema = lazy(() => z.looseObject({ token: z.string(), link: z.string() }));

export const listOf = <T extends z.ZodType>(item: T) => z.looseObject({ total_count: totalCount(), data: z.array(item) });

export type RoomRecord = z.infer<ReturnType<typeof roomRecordSchema>>;
export type RoomListItem = z.infer<ReturnType<typeof roomListItemSchema>>;
export type DefaultsRecord = z.infer<ReturnType<typeof defaultsRecordSchema>>;
export type RoleRecord = z.infer<ReturnType<typeof roleSchema>>;
export type RoleWithPermissions = z.infer<ReturnType<typeof roleWithPermissionsSchema>>;
export type ChatMessage = z.infer<ReturnType<typeof chatMessageSchema>>;
export type TranscriptEntry = z.infer<ReturnType<typeof transcriptEntrySchema>>;
export type RoomStatistics = z.infer<ReturnType<typeof roomStatisticsSchema>>;
export type TeamStatistics = z.infer<ReturnType<typeof teamStatisticsSchema>>;
export type JoinToken = z.infer<ReturnType<typeof joinTokenSchema>>;
