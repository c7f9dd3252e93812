/**
 * getRoomStatistics and getTeamStatistics: a period (dates, by default the
 * team's current subscription period) and a subset of metrics (all by default).
 */
import { keysToCamel, toCamelName, type CamelCase } from "../model/names";
import { arrayOf, BOOLEAN, formatted, INTEGER, NUMBER, orAbsent, orNull, STRING } from "../model/types";
import type { RoomsClient } from "../api";
import { dateArg, declareFunction, field, group, periodRule, roomArg, type ArgField, type CommonArgs } from "./functionShape";

/** Room metrics, as the API names them, and those the hosted service documents besides. */
export const ROOM_METRICS = [
    "participation_minutes", "desktop_participation_minutes", "mobile_participation_minutes", "tablet_participation_minutes", "smarttv_participation_minutes",
    "broadcasted_minutes", "subscribed_minutes", "screen_broadcasted_minutes", "screen_subscribed_minutes", "live_participants", "active_participants",
    "desktop_participants", "mobile_participants", "tablet_participants", "smarttv_participants", "sessions", "max_concurrent_participants", "e2ee_minutes",
    "recorded_minutes", "stored_recorded_minutes", "whiteboard_minutes", "active_roles", "breakout_minutes", "presentation_minutes", "public_chat_posts",
    "questions", "answers",
    // Beyond 2.8: the hosted service's published document lists these for rooms and the team, so they are taken
    // (a provider must not refuse what the service accepts).
    "transcription_minutes", "captions_minutes", "polls", "summaries",
] as const;
/** Team statistics carry the room metrics plus these. */
export const TEAM_ONLY_METRICS = ["rooms", "max_concurrent_sessions", "max_concurrent_participants_per_session", "max_active_recorders", "custom_roles"] as const;

export type RoomMetric = (typeof ROOM_METRICS)[number];
export type TeamMetric = RoomMetric | (typeof TEAM_ONLY_METRICS)[number];

type Metrics<M extends string> = { [K in M as CamelCase<K>]?: number };

export interface StatisticsArgs<M extends string> extends CommonArgs {
    /** First day of the period, YYYY-MM-DD. */
    dateStart?: string;
    /** Last day of the period, YYYY-MM-DD (inclusive). */
    dateEnd?: string;
    /** Metric names, snake_case as the API names them; all when omitted. */
    metrics?: M[];
}
export interface RoomStatisticsArgs extends StatisticsArgs<RoomMetric> {
    room: string;
}
export type TeamStatisticsArgs = StatisticsArgs<TeamMetric>;

export type RoomStatisticsResult = Metrics<RoomMetric> & {
    roomId: string;
    roomExternalId?: string | null;
    roomDescription?: string | null;
    roomFriendlyUrl?: string | null;
    roomPrivacy?: string | null;
    roomSource?: string | null;
    roomMaxParticipants?: number;
    roomIsDeleted?: boolean;
    dateStart: string;
    dateEnd: string;
};
/** `teamId` is absent where the API does not answer it (the hosted service's document has none). */
export type TeamStatisticsResult = Metrics<TeamMetric> & { teamId?: string; dateStart: string; dateEnd: string };

function metricsArg(names: readonly string[], scope: string): ArgField {
    return {
        description: `Which metrics to return, as the API names them (snake_case, e.g. \`participation_minutes\`); every ${scope} metric when omitted. The result has them in camelCase.`,
        type: arrayOf(STRING),
        validate: (v) => {
            if (!Array.isArray(v) || v.length === 0) return "must be a non-empty list of metric names";
            const unknown = v.filter((m) => !names.includes(m as string));
            return unknown.length > 0 ? `may hold only ${scope} metric names (not ${unknown.map((m) => JSON.stringify(m)).join(", ")})` : undefined;
        },
    };
}

/** The record's fields that have a value: a field the answer left out stays out of the result. */
function withoutAbsent<R extends Record<string, unknown>>(record: R): R {
    return Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined)) as R;
}

/** Each metric as a field of the result (camelCase) with its description, so that typed SDKs keep them. */
const eachMetric = (names: readonly string[]) => Object.fromEntries(names.map((m) => [toCamelName(m), `The metric \`${m}\` over the period (when asked for).`]));
const DAY = formatted(STRING, "`YYYY-MM-DD`");

const period = {
    dateStart: dateArg("First day of the period, `YYYY-MM-DD`; by default the first day of the team's current subscription period."),
    dateEnd: dateArg("Last day of the period (inclusive), `YYYY-MM-DD`; by default the last day of the team's current subscription period."),
};

/**
 * The period to ask for: the dates given, each missing one from the team's current subscription period
 * (read from the team defaults, since the contract states that default only for team statistics).
 */
async function periodOf(client: RoomsClient, args: StatisticsArgs<string>): Promise<{ dateStart: string; dateEnd: string }> {
    if (args.dateStart !== undefined && args.dateEnd !== undefined) return { dateStart: args.dateStart, dateEnd: args.dateEnd };
    const defaults = await client.getDefaults();
    const day = (v: unknown) => String(v ?? "").slice(0, 10);
    const chosen = { dateStart: args.dateStart ?? day(defaults.subscription_start), dateEnd: args.dateEnd ?? day(defaults.subscription_end) };
    if (chosen.dateStart > chosen.dateEnd) {
        const [name, value] = args.dateStart !== undefined ? ["dateStart", args.dateStart] : ["dateEnd", args.dateEnd];
        throw new Error(`${name} ${JSON.stringify(value)} is outside the current subscription period (${chosen.dateStart} .. ${chosen.dateEnd} once defaulted); give both dates`);
    }
    return chosen;
}

export const getRoomStatistics = declareFunction<RoomStatisticsArgs, RoomStatisticsResult>({
    name: "getRoomStatistics",
    description: "A room's statistics over a period: its descriptors and the chosen metrics.",
    reads: "GET /rooms/{room}/statistics; GET / for the default period",
    args: { room: roomArg(), ...period, metrics: metricsArg(ROOM_METRICS, "room") },
    result: [
        field("roomId", formatted(STRING, "UUID"), "The room."),
        field(["roomExternalId", "roomDescription", "roomFriendlyUrl", "roomPrivacy", "roomSource"], orNull(STRING), "The room's descriptors, as the statistics record gives them."),
        field("roomMaxParticipants", INTEGER, "The room's maximum participants."),
        field("roomIsDeleted", BOOLEAN, "Whether the room has been deleted."),
        field("dateStart", DAY, "First day of the period."),
        field("dateEnd", DAY, "Last day of the period."),
        group("each metric", NUMBER, "The metric's value, camelCase (`participation_minutes` is `participationMinutes`); only the metrics asked for.", eachMetric(ROOM_METRICS)),
    ],
    rules: periodRule,
    async run(client, args) {
        const period = await periodOf(client, args);
        const record = await client.getRoomStatistics(args.room, { ...period, metrics: args.metrics });
        // The period is the one asked for: where the answer does not echo it, it is known all the same.
        return { ...period, ...keysToCamel(withoutAbsent(record)) } as RoomStatisticsResult;
    },
});

export const getTeamStatistics = declareFunction<TeamStatisticsArgs, TeamStatisticsResult>({
    name: "getTeamStatistics",
    description: "The team's statistics over a period: every room's usage plus the team-only metrics.",
    reads: "GET /statistics; GET / when one date is given",
    args: { ...period, metrics: metricsArg([...ROOM_METRICS, ...TEAM_ONLY_METRICS], "team") },
    result: [
        field("teamId", orAbsent(formatted(STRING, "UUID")), "The team, where the API answers it."),
        field("dateStart", DAY, "First day of the period."),
        field("dateEnd", DAY, "Last day of the period."),
        group("each metric", NUMBER, "The metric's value, camelCase; only the metrics asked for.", eachMetric([...ROOM_METRICS, ...TEAM_ONLY_METRICS])),
    ],
    rules: periodRule,
    async run(client, args) {
        // Without dates the API itself answers the current subscription period: no need to look it up.
        const dates = args.dateStart === undefined && args.dateEnd === undefined ? undefined : await periodOf(client, args);
        const record = withoutAbsent(await client.getTeamStatistics({ ...dates, metrics: args.metrics }));
        // An answer that does not echo the period: the one asked for, or the current subscription period it defaults to.
        const period = record.date_start !== undefined && record.date_end !== undefined ? {} : (dates ?? (await periodOf(client, {})));
        return { ...period, ...keysToCamel(record) } as TeamStatisticsResult;
    },
});
