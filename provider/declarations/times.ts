/**
 * The time and duration forms of join-token inputs (4.2 row 17): Unix seconds, a date-time, or for
 * an expiry minutes from issue; and `renewBefore` durations such as "24h". Pure functions, shared by
 * the declaration's rules and the provider.
 */

/**
 * Below this a number cannot be a plausible Unix time (it is 1973-03-03): it is a count of minutes.
 * The contract accepts both forms in one field without saying how they are told apart; this is the
 * reading the provider documents.
 */
export const MINUTES_BELOW = 100_000_000;

/** `YYYY-MM-DD hh:mm[:ss]` in UTC, or ISO 8601 with `Z` or an offset: never a local time, which would depend on the machine. */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$/;

/** Unix seconds of a date-time string, or undefined when it is not one of the accepted forms. */
export function dateTimeSeconds(value: string): number | undefined {
    if (!DATE_TIME.test(value)) return undefined;
    const utc = /(Z|[+-]\d{2}:\d{2})$/.test(value);
    if (!utc && value.includes("T")) return undefined;
    const ms = Date.parse(utc ? value : `${value.replace(" ", "T")}Z`);
    return Number.isNaN(ms) ? undefined : Math.floor(ms / 1000);
}

/** The rule a time input breaks, or undefined. */
export function timeRule(value: unknown, minutesAllowed: boolean): string | undefined {
    const forms = `Unix seconds${minutesAllowed ? `, minutes from issue (a number below ${MINUTES_BELOW})` : ""} or a date-time (YYYY-MM-DD hh:mm:ss UTC, or ISO 8601 with Z or an offset)`;
    if (typeof value === "number") return Number.isInteger(value) && value > 0 ? undefined : `must be ${forms}: a positive whole number`;
    if (typeof value === "string") return dateTimeSeconds(value) === undefined ? `must be ${forms}` : undefined;
    return `must be ${forms}`;
}

/** What the API is sent: numbers as given (the API resolves minutes by its own clock), date-times as Unix seconds. */
export function apiTime(value: number | string): number {
    return typeof value === "number" ? value : dateTimeSeconds(value)!;
}

/** Whether an expiry input is minutes from issue. */
export function isMinutes(value: unknown): value is number {
    return typeof value === "number" && value < MINUTES_BELOW;
}

const DURATION = /^(?:(\d+)d)?(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/;

/** Seconds in a duration such as "24h", "1h30m", "7d" or "90s"; undefined when malformed. */
export function durationSeconds(value: unknown): number | undefined {
    if (typeof value !== "string" || value === "") return undefined;
    const m = DURATION.exec(value);
    if (!m) return undefined;
    const [d, h, min, s] = m.slice(1).map((x) => Number(x ?? 0));
    return d! * 86_400 + h! * 3_600 + min! * 60 + s!;
}

/** Unix seconds as ISO 8601. */
export function isoOf(seconds: number | undefined): string | undefined {
    return seconds === undefined ? undefined : new Date(seconds * 1000).toISOString();
}
