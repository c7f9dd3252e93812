/** Endpoints 17, 20 and 21: join tokens, room and team statistics. */
import { SignJWT } from "jose";
import type { Json } from "../model";
import { findRole } from "../roles";
import type { Team } from "../team";
import { METRICS, TEAM_METRICS } from "../usage";
import { API, bodyOf, fail, isDate, queryOf, roomRef, Unprocessable, type RouteContext } from "./shared";

/** Join token time claims: a Unix timestamp, a date-time string, or for `exp` minutes from now. */
function tokenTime(value: unknown, field: string, now: Date, minutesAllowed: boolean): number {
    // A negative time, or an expiry of zero minutes, is no time the token could be valid by.
    if (typeof value === "number" && Number.isFinite(value) && (value > 0 || (value === 0 && !minutesAllowed))) {
        // Below 10^8 a number cannot be a plausible Unix time: it is a count of minutes.
        if (minutesAllowed && value < 100_000_000) return Math.floor(now.getTime() / 1000) + Math.round(value * 60);
        return Math.floor(value);
    }
    if (typeof value === "string" && value.trim() !== "") {
        if (/^-?\d+$/.test(value)) return tokenTime(Number(value), field, now, minutesAllowed);
        const text = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(value) ? `${value.replace(" ", "T")}Z` : value;
        const ms = Date.parse(text);
        if (!Number.isNaN(ms)) return Math.floor(ms / 1000);
    }
    fail(field, `The ${field} field must be a Unix timestamp${minutesAllowed ? ", a number of minutes" : ""} or a date-time.`);
}

/** Dates and metric selection of the statistics endpoints. */
function statisticsQuery(query: Json, team: Team, available: readonly string[]): { from: string; to: string; metrics: string[] } {
    const errors: Record<string, string[]> = {};
    let from = String(team.defaults.subscription_start).slice(0, 10);
    let to = String(team.defaults.subscription_end).slice(0, 10);
    if (query.date_start !== undefined) isDate(query.date_start) ? (from = query.date_start) : (errors.date_start = ["The date start field must match the format Y-m-d."]);
    if (query.date_end !== undefined) isDate(query.date_end) ? (to = query.date_end) : (errors.date_end = ["The date end field must match the format Y-m-d."]);
    if (!errors.date_start && !errors.date_end && from > to) errors.date_end = ["The date end field must be a date after or equal to date start."];
    let metrics = [...available];
    if (typeof query.metrics === "string" && query.metrics !== "") {
        metrics = query.metrics.split(",").map((m) => m.trim());
        const unknown = metrics.filter((m) => m !== "" && !available.includes(m));
        // A list of metric names: an empty name (",,," or "a,,b") names nothing.
        if (metrics.includes("")) errors.metrics = ["The metrics field must be a comma-separated list of metric names."];
        else if (unknown.length > 0) errors.metrics = [`Unknown metrics: ${unknown.join(", ")}.`];
    }
    if (Object.keys(errors).length > 0) throw new Unprocessable(errors);
    return { from, to, metrics };
}

const TOKEN_CLAIMS = ["ud", "u", "initials", "role", "avatar", "breakoutId"];

export function tokenAndStatisticsRoutes({ app, team, teamId, credentials, now }: RouteContext): void {
    // ---- 17: join tokens -------------------------------------------------------------------------
    app.post(`${API}/rooms/:room/token`, async (req) => {
        const room = team.findRoom(roomRef(req));
        const b = bodyOf(req);
        const errors: Record<string, string[]> = {};
        for (const f of TOKEN_CLAIMS) {
            if (b[f] !== undefined && typeof b[f] !== "string") errors[f] = [`The ${f} field must be a string.`];
        }
        if (typeof b.role === "string" && !findRole(b.role)) errors.role = ["The selected role is invalid."];
        if (typeof b.avatar === "string" && !/^https?:\/\/\S+$/.test(b.avatar)) errors.avatar = ["The avatar field must be a valid URL."];
        if (typeof b.breakoutId === "string" && !/^[0-9a-f-]{36}$/i.test(b.breakoutId)) errors.breakoutId = ["The breakout id field must be a valid UUID."];
        if (Object.keys(errors).length > 0) throw new Unprocessable(errors);
        const at = now();
        const claims: Json = { td: teamId, rd: room.id };
        for (const f of TOKEN_CLAIMS) if (typeof b[f] === "string") claims[f] = b[f];
        let jwt = new SignJWT(claims).setProtectedHeader({ alg: "HS256", typ: "JWT" }).setIssuedAt(Math.floor(at.getTime() / 1000));
        if (b.exp !== undefined && b.exp !== null) jwt = jwt.setExpirationTime(tokenTime(b.exp, "exp", at, true));
        if (b.nbf !== undefined && b.nbf !== null) jwt = jwt.setNotBefore(tokenTime(b.nbf, "nbf", at, false));
        const token = await jwt.sign(new TextEncoder().encode(credentials.developerKey));
        const url = String(team.roomRecord(room).room_url);
        return { token, link: `${url}?token=${token}` };
    });

    // ---- 20, 21: statistics ----------------------------------------------------------------------
    app.get(`${API}/rooms/:room/statistics`, async (req) => {
        const room = team.findRoom(roomRef(req));
        const { from, to, metrics } = statisticsQuery(queryOf(req), team, METRICS);
        const r = team.roomRecord(room);
        return {
            room_id: room.id,
            room_external_id: r.external_id ?? null,
            room_description: r.description ?? null,
            room_friendly_url: room.friendly_url,
            room_privacy: r.privacy,
            room_source: "api",
            room_max_participants: r.max_participants,
            room_is_deleted: false,
            ...team.statistics(metrics, from, to, room.id),
            date_start: from,
            date_end: to,
        };
    });
    app.get(`${API}/statistics`, async (req) => {
        const { from, to, metrics } = statisticsQuery(queryOf(req), team, TEAM_METRICS);
        return { team_id: teamId, ...team.statistics(metrics, from, to), date_start: from, date_end: to };
    });
}
