/**
 * Every warning a resource kind gives the user, by name: the one table of them. A kind warns through its context
 * (`ctx.warn`), which takes only a `Warning`, and a `Warning` is made here only, so a new warning is a new row here,
 * and the harness that shows each one reaches the user in every face and language
 * (test/invariants/warnings.test.ts) must then trigger it: its cases are a record over these names.
 */

/** A warning's text, as only this table makes it. */
export type Warning = string & { readonly __warning: "provider/resources/warnings.ts" };

const made = (text: string) => text as Warning;
const named = (kind: string, name: string | undefined) => (name === undefined ? kind : `${kind} "${name}"`);

export const WARNINGS = {
    /** Room check: the program stops declaring expiresAt, which the API cannot clear. */
    roomExpiryKept: (name: string | undefined, expiresAt: string) =>
        made(
            `${named("Room", name)}: expiresAt is no longer declared, but the API cannot clear an expiry, so the room is still deleted at ${expiresAt} UTC (and then created anew, empty, by the next up). Declare a later expiresAt to keep it longer`,
        ),
    /** Room check: a friendly URL its link cannot carry as it is (never the value itself: it may be a secret). */
    roomLinkBroken: (name: string | undefined, found: readonly string[]) =>
        made(
            `${named("Room", name)}: friendlyUrl holds ${found.join(", ")}, which the API accepts but the room's link cannot carry as it is (its link and join links may not reach the room); letters, digits and - . _ ~ keep it plain`,
        ),
    /** Room create or update: the API answered other values than were sent. */
    roomUnapplied: (label: string, unapplied: string) => made(`${label}: ${unapplied}`),
    /** Room delete: another Room of the stack took the room over (adoptExisting). */
    roomHandedOver: (label: string, owner: string) => made(`${label} is not deleted: ${owner} of this stack manages it now; it only leaves the stack`),
    /** Room delete of a replaced room whose replacement adopted it. */
    roomKeptByReplacement: (label: string) =>
        made(
            `${label} is not deleted: its replacement took it over (adoptExisting, or the room this resource's own create made before its CLI was stopped), so it stays the resource's room; for a new room under the same friendly URL, set deleteBeforeReplace: true`,
        ),
    /** TeamDefaults create or update: the API answered other values than were sent. */
    defaultsUnapplied: (unapplied: string) => made(`team defaults: ${unapplied}`),
    /** TeamDefaults delete while another TeamDefaults of the stack manages the team (a rename). */
    defaultsHandedOver: (name: string | undefined, owner: string) => made(`team defaults "${name}" restores nothing: ${owner} of this stack manages the team's defaults now`),
    /** TeamDefaults: the record of the team's original values (kept outside the state) could not be written. */
    defaultsRecordUnwritten: (reason: string) => made(`team defaults: ${reason}`),
    /** TeamDefaults create: the record of the team's original values could not be read (another key, damaged). */
    defaultsRecordUnread: (reason: string) => made(`team defaults: the record of the team's values from before Pulumi changed them is not used: ${reason}`),
    /** TeamDefaults delete: values the API would not take back. */
    defaultsNotRestored: (name: string, refused: readonly string[]) => made(`team defaults "${name}": not put back, set them by hand if they matter: ${refused.join(", ")}`),
    /**
     * The plugin, at its first claim: the folder where the provider processes of one deployment record which resource
     * declares which room cannot be used (provider/plugin/deploymentClaims.ts); the process keeps its own.
     */
    claimsFolderUnusable: (folder: string, reason: string) =>
        made(
            `the vcrooms provider cannot use ${folder}, the folder where the provider processes of one deployment record which resource declares which room and team defaults (${reason}). This provider process keeps them itself instead, so two explicit vcrooms providers declaring one room or one team's defaults are not told apart. To fix it, remove ${folder} if it is not a folder of yours (the provider makes it again), or set TMPDIR to a folder you can write`,
        ),
    /** JoinToken refresh, or its diff (a rotated key): the token no longer admits anyone. */
    tokenStale: (label: string, reason: string) => made(`${label}: ${reason}; an up issues it anew`),
    /** JoinToken refresh: its room was deleted by the API at its expiry (a Room kept as expired), so no token can be issued for it. */
    tokenRoomExpired: (label: string, room: string, expiresAt: string) =>
        made(
            `${label}: its room ${room} expired at ${expiresAt} UTC (its expiresAt: the API deleted it), so the token admits no one; it is kept, not issued anew, as no token can be issued for a room that is gone, until the program gives the room a later expiresAt (a new room, for which the token is issued again)`,
        ),
} as const;

export type WarningName = keyof typeof WARNINGS;

/** A table warning with a secret input's values taken out (secretRedaction.ts): still the table's warning, redacted. */
export const redactedWarning = (warning: Warning, redact: (text: string) => string): Warning => made(redact(warning));
