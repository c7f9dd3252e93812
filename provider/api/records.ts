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

export const roleWithPermissionsSchema = lazy(() =>
    roleSchema().extend({
        permissions: z.looseObject({ remote_muting: z.array(z.string()).optional() }),
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

const metric = () => z.number();

export const roomStatisticsSchema = lazy(() =>
    z.looseObject({ room_id: z.string(), date_start: z.string(), date_end: z.string() }).superRefine(numbersOnly(["room_id", "room_external_id", "room_description", "room_friendly_url", "room_privacy", "room_source", "room_is_deleted", "date_start", "date_end"])));

export const teamStatisticsSchema = lazy(() =>
    z.looseObject({ team_id: z.string(), date_start: z.string(), date_end: z.string() }).superRefine(numbersOnly(["team_id", "date_start", "date_end"])));

/** Every field of a statistics record other than its descriptors is a metric: an integer. */
function numbersOnly(descriptors: readonly string[]) {
    return (record: Record<string, unknown>, ctx: z.RefinementCtx) => {
        for (const [k, v] of Object.entries(record)) {
            if (descriptors.includes(k)) continue;
            if (!metric().safeParse(v).success) ctx.addIssue({ code: "custom", path: [k], message: "metric must be a number" });
        }
    };
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
