/**
 * The time and duration forms of join-token inputs: Unix seconds, a date-time, or for
 * an expiry minutes from issue; and `renewBefore` durations such as "24h". Pure functions, shared by
 * the declaration's rules and the provider.
 */

/**
 * Below this a number cannot be a plausible Unix time (it is 1973-03-03): it is a count of minutes.
 * The contract accepts both forms in one field without saying how they are told apart; this is the
 * reading the provider documents.
 */
export const MINUTES_BELOW = 100_000_000;

/**
 * The latest Unix time taken, 9999-12-31 23:59:59 UTC: beyond it a Date cannot be written as a date-time, and a
 * number such as 1e300 would fail only at up ("Invalid time value").
 */
export const LATEST_UNIX = 253_402_300_799;

/** `YYYY-MM-DD hh:mm[:ss]` in UTC, or ISO 8601 with `Z` or an offset: never a local time, which would depend on the machine. */
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$/;

/**
 * Whether the written date and time exist: Date.parse rolls 30 February over to 2 March and 24:00 to the next
 * day, which would issue a token for a time nobody wrote.
 */
function realParts(year: number, month: number, day: number, hour: number, minute: number, second: number): boolean {
    const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
    return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth && hour <= 23 && minute <= 59 && second <= 59;
}

/** Unix seconds of a date-time string, or undefined when it is not one of the accepted forms or not a real time. */
export function dateTimeSeconds(value: string): number | undefined {
    const m = DATE_TIME.exec(value);
    if (!m) return undefined;
    const utc = m[8] !== undefined;
    if (!utc && value.includes("T")) return undefined;
    const [year, month, day, hour, minute, second] = m.slice(1, 7).map((x) => Number(x ?? 0)) as [number, number, number, number, number, number];
    if (!realParts(year, month, day, hour, minute, second)) return undefined;
    const ms = Date.parse(utc ? value : `${value.replace(" ", "T")}Z`);
    return Number.isNaN(ms) ? undefined : Math.floor(ms / 1000);
}

/** The rule a time input breaks, or undefined. */
export function timeRule(value: unknown, minutesAllowed: boolean): string | undefined {
    const forms = `Unix seconds${minutesAllowed ? `, minutes from issue (a number below ${MINUTES_BELOW})` : ""} or a date-time (YYYY-MM-DD hh:mm:ss UTC, or ISO 8601 with Z or an offset)`;
    if (typeof value === "number") {
        if (!Number.isInteger(value) || value <= 0) return `must be ${forms}: a positive whole number`;
        return value > LATEST_UNIX ? `must be ${forms}: at most ${LATEST_UNIX} (9999-12-31 23:59:59 UTC)` : undefined;
    }
    if (typeof value === "string") return dateTimeSeconds(value) === undefined ? `must be ${forms}, a real date and time (no 30 February, no 24:00)` : undefined;
    return `must be ${forms}`;
}

/** What the API is sent: numbers as given (the API resolves minutes by its own clock), date-times as Unix seconds. */
export function apiTime(value: number | string): number {
    return typeof value === "number" ? value : dateTimeSeconds(value)!;
}

/**
 * Unix seconds of a time input that names an absolute time (not minutes from issue); undefined for minutes, or a
 * value that breaks its rule.
 */
export function absoluteSeconds(value: unknown): number | undefined {
    if (typeof value === "number") return isMinutes(value) || timeRule(value, true) !== undefined ? undefined : value;
    return typeof value === "string" ? dateTimeSeconds(value) : undefined;
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
