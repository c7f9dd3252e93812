/**
 * JoinToken: a participant's join token for one room, issued by the API.
 * Every input is fixed at issue, so any change replaces the token; so does the approach of its expiry
 * (provider/resources/joinToken.ts). The token and its link are always secret; the decoded claims
 * are not.
 */
import { containsUnknown, failure, type CheckFailure } from "../model/check";
import { declareResource, extra, formatted, NUMBER, oneOf, orAbsent, output, required, STRING, stringInput, type Values } from "./declaration";
import { absoluteSeconds, durationSeconds, isMinutes, MINUTES_BELOW, timeRule } from "./times";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const fixed = { createOnly: true } as const;

const nonEmpty = (v: unknown) => (typeof v === "string" && v.length > 0 ? undefined : "must be a non-empty string");

/** `YYYY-MM-DD hh:mm:ss UTC`, for messages. */
const utcText = (seconds: number) => `${new Date(seconds * 1000).toISOString().slice(0, 19).replace("T", " ")} UTC`;

/**
 * Rules across inputs: a room is required; an absolute expiry is in the future and after notBefore; renewBefore
 * needs an expiry and must be shorter than the token's lifetime, or what is left of an absolute expiry (else every
 * up would issue a token with that same expiry again).
 */
function tokenRules(inputs: Values, now: Date): CheckFailure[] {
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
    const nowSeconds = Math.floor(now.getTime() / 1000);
    const expires = absoluteSeconds(expiresAt);
    if (expires !== undefined && expires <= nowSeconds) {
        failures.push(failure("expiresAt", `must be in the future (now ${utcText(nowSeconds)}): a token issued with it would be expired already`, expiresAt));
    } else if (expires !== undefined && renew !== undefined && renew >= expires - nowSeconds) {
        failures.push(failure("renewBefore", `must be shorter than what is left until expiresAt (${utcText(expires)}), or every up would issue the token again with that same expiry; declare a later expiresAt or a shorter renewBefore`, renewBefore));
    }
    const notBefore = absoluteSeconds(inputs.notBefore);
    const latest = expires ?? (isMinutes(expiresAt) ? nowSeconds + expiresAt * 60 : undefined);
    if (notBefore !== undefined && latest !== undefined && notBefore >= latest) {
        failures.push(failure("notBefore", `must be before the token's expiry (${utcText(latest)}): the token would never be valid`, inputs.notBefore));
    }
    return failures;
}

export const joinToken = declareResource({
    type: "JoinToken",
    description: "A participant's join token for one room. Any input change, a change of its room's address by the same deployment (its Room renamed, the team's domain changed by a TeamDefaults), or the approach of its expiry (renewBefore), issues a new one; delete only forgets it: the API cannot revoke a token.",
    idDescription: "A random UUID the provider gives the token (the API gives a token no id).",
    notImportable: "the API cannot read a token back; declare a JoinToken and it issues one",
    deleteSendsNothing: true,
    scope: undefined,
    extras: {
        room: required(extra<string>(STRING, "a room UUID or friendly URL", "The room, usually a `Room`'s `id`.", nonEmpty, fixed)),
        userName: stringInput("The participant's name (claim `u`).", { ...fixed, whenOmitted: "The participant is asked for a name." }),
        userId: stringInput("An external user identifier (claim `ud`).", { ...fixed, whenOmitted: "No `ud` claim." }),
        initials: stringInput("Custom initials for the participant's tile.", { ...fixed, whenOmitted: "No custom initials." }),
        role: stringInput("The participant's role.", { ...fixed, allowed: "a role id or name of the team", whenOmitted: "The room's default role applies." }),
        breakoutId: extra<string>(STRING, "a UUID", "A breakout room to join.", (v) => (typeof v === "string" && UUID.test(v) ? undefined : "must be a UUID"), {
            ...fixed,
            whenOmitted: "No breakout room named in the token.",
        }),
        avatar: extra<string>(STRING, "an http or https URL", "The participant's avatar image.", (v) => (typeof v === "string" && /^https?:\/\/\S+$/.test(v) ? undefined : "must be an http(s) URL"), {
            ...fixed,
            whenOmitted: "No avatar.",
        }),
        notBefore: extra<number | string>(
            oneOf(NUMBER, STRING),
            "Unix seconds, or a date-time: `YYYY-MM-DD hh:mm:ss` UTC, or ISO 8601 with `Z` or an offset",
            "When the token becomes valid.",
            (v) => timeRule(v, false),
            { ...fixed, whenOmitted: "Valid from issue." },
        ),
        expiresAt: extra<number | string>(
            oneOf(NUMBER, STRING),
            `Unix seconds, a date-time as for \`notBefore\`, or minutes from issue (a number below ${MINUTES_BELOW})`,
            "When the token expires. Minutes are fixed to an absolute time when the token is issued (the `expiresAt` output), so an unchanged program does not issue a new token.",
            (v) => timeRule(v, true),
            { ...fixed, whenOmitted: "The token never expires and never rotates." },
        ),
        renewBefore: extra<string>(
            STRING,
            'a duration such as `"24h"`, `"1h30m"`, `"7d"` or `"90s"`, shorter than the token\'s lifetime; needs `expiresAt`',
            "Rotate the token this long before it expires: a token that has expired, or is within `renewBefore` of expiring by the API's clock, shows as a replacement at the next preview and is issued anew at the next up.",
            (v) => (durationSeconds(v) === undefined ? 'must be a duration such as "24h", "1h30m", "7d" or "90s"' : undefined),
            { ...fixed, whenOmitted: "Issued anew only once it has expired." },
        ),
    },
    outputs: {
        token: output<string>(formatted(STRING, "JWT"), "The signed join token (HS256). Always secret.", { secret: true, stable: true }),
        link: output<string>(formatted(STRING, "URL"), "The room address carrying the token as its `token` query parameter. Always secret.", { secret: true, stable: true }),
        teamId: output<string>(formatted(STRING, "UUID"), "The team UUID (claim `td`).", { stable: true }),
        roomId: output<string>(formatted(STRING, "UUID"), "The room UUID (claim `rd`).", { stable: true }),
        issuedAt: output<string>(formatted(STRING, "ISO 8601"), "When the API issued the token (claim `iat`).", { stable: true }),
        notBefore: output<string | undefined>(orAbsent(formatted(STRING, "ISO 8601")), "When the token becomes valid (claim `nbf`); absent when not set.", { stable: true }),
        expiresAt: output<string | undefined>(orAbsent(formatted(STRING, "ISO 8601")), "When the token expires (claim `exp`); absent when it never expires.", { stable: true }),
    },
    hooks: { rules: tokenRules },
});
