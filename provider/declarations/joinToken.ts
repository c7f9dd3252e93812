/**
 * JoinToken (contract 4.2 row 17, 5.3): a participant's join token for one room, issued by the API.
 * Every input is fixed at issue, so any change replaces the token; so does the approach of its expiry
 * (provider/resources/joinToken.ts). The token and its link are always secret; the decoded claims
 * are not.
 */
import { containsUnknown, failure, type CheckFailure } from "../resources/check";
import { declareResource, extra, NUMBER, output, STRING, stringInput, type Values } from "./declare";
import { durationSeconds, isMinutes, timeRule } from "./times";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const fixed = { createOnly: true } as const;
const fixedString = { ...fixed, schemaType: STRING };
/** Unix seconds, minutes, or a date-time string. */
const fixedTime = { ...fixed, schemaType: { oneOf: [NUMBER, STRING] } };

const nonEmpty = (v: unknown) => (typeof v === "string" && v.length > 0 ? undefined : "must be a non-empty string");

/** Rules across inputs: a room is required; renewBefore needs an expiry, and must be shorter than a relative one. */
function tokenRules(inputs: Values): CheckFailure[] {
    const failures: CheckFailure[] = [];
    if (inputs.room === undefined || inputs.room === null) failures.push({ property: "room", reason: "room is required: the room's id or friendly URL (usually a Room's id)" });
    const { renewBefore, expiresAt } = inputs;
    if (renewBefore !== undefined && !containsUnknown(renewBefore) && expiresAt === undefined) {
        failures.push(failure("renewBefore", "needs expiresAt: a token without an expiry never rotates", renewBefore));
    }
    const renew = durationSeconds(renewBefore);
    if (renew !== undefined && isMinutes(expiresAt) && renew >= expiresAt * 60) {
        failures.push(failure("renewBefore", `must be shorter than the token's lifetime (expiresAt ${expiresAt} minutes), or every run would issue a new token`, renewBefore));
    }
    return failures;
}

export const joinToken = declareResource({
    type: "JoinToken",
    description: "A participant's join token for one room (4.2 row 17, 5.3). Any input change, or the approach of its expiry (renewBefore), issues a new one; delete only forgets it: the API cannot revoke a token.",
    scope: undefined,
    extras: {
        room: extra<string>("The room: its UUID or friendly URL, usually a `Room`'s `id`. Required.", nonEmpty, fixedString),
        userName: stringInput("The participant's name (claim `u`); when omitted, the participant is asked for one.", fixed),
        userId: stringInput("An external user identifier (claim `ud`).", fixed),
        initials: stringInput("Custom initials for the participant's tile.", fixed),
        role: stringInput("A role id or name; when omitted, the room's default role applies.", fixed),
        breakoutId: extra<string>("A breakout room id (UUID) to join.", (v) => (typeof v === "string" && UUID.test(v) ? undefined : "must be a UUID"), fixedString),
        avatar: extra<string>("The URL of the participant's avatar image.", (v) => (typeof v === "string" && /^https?:\/\/\S+$/.test(v) ? undefined : "must be an http(s) URL"), fixedString),
        notBefore: extra<number | string>("When the token becomes valid: Unix seconds, or a date-time (`YYYY-MM-DD hh:mm:ss` UTC, or ISO 8601 with `Z` or an offset).", (v) => timeRule(v, false), fixedTime),
        expiresAt: extra<number | string>(
            "When the token expires: Unix seconds, a date-time as for `notBefore`, or a number of minutes from issue (any number below 100000000). Minutes are fixed to an absolute time when the token is issued (the `expiresAt` output), so an unchanged program does not issue a new token. Without it the token never expires and never rotates.",
            (v) => timeRule(v, true),
            fixedTime,
        ),
        renewBefore: extra<string>(
            'Rotate the token this long before it expires: a duration such as `"24h"`, `"1h30m"`, `"7d"` or `"90s"`. A token that has expired, or is within `renewBefore` of expiring by the API\'s clock, shows as a replacement at the next preview and is issued anew at the next up. Needs `expiresAt`.',
            (v) => (durationSeconds(v) === undefined ? 'must be a duration such as "24h", "1h30m", "7d" or "90s"' : undefined),
            fixedString,
        ),
    },
    outputs: {
        token: output<string>("The signed join token (HS256). Always secret.", { secret: true, stable: true }),
        link: output<string>("The room address carrying the token as its `token` query parameter. Always secret.", { secret: true, stable: true }),
        teamId: output<string>("The team UUID (claim `td`).", { stable: true }),
        roomId: output<string>("The room UUID (claim `rd`).", { stable: true }),
        issuedAt: output<string>("When the API issued the token (claim `iat`), ISO 8601.", { stable: true }),
        notBefore: output<string | undefined>("When the token becomes valid (claim `nbf`), ISO 8601; absent when not set.", { stable: true }),
        expiresAt: output<string | undefined>("When the token expires (claim `exp`), ISO 8601; absent when it never expires.", { stable: true }),
    },
    hooks: { rules: tokenRules },
});
