/**
 * Room (contract 2.1, 2.3, 2.4; endpoints 3 to 6): the declaration, and the hooks only a room has.
 */
import { createHash } from "node:crypto";
import type * as pulumi from "@pulumi/pulumi";
import type { RoomRecord, RoomsClient } from "../api";
import { deepKeysToCamel } from "../api/names";
import { isRealDateTime } from "../api/settings";
import { containsUnknown, e2eeFailures, failure, lockFailures, UNKNOWN, type CheckFailure } from "../resources/check";
import { canonicalInstant, sameValue } from "../resources/compare";
import { apiBody, changedSettings, declaredSettings } from "../resources/reconcile";
import { teamRolesFor } from "../resources/teamRoles";
import { objectType } from "../api/types";
import { arrayOf, BOOLEAN, booleanInput, declareResource, formatted, output, STRING, stringInput, type Values } from "./declare";
import { replacementInputs } from "./derive";

/** A file attached to a room. */
export interface RoomFile {
    id: string;
    name: string;
    url: string;
    thumbnailUrl: string;
}

/** `RoomFile` as a type of the plugin's schema and the reference. */
const ROOM_FILE = objectType("RoomFile", "A file attached to a room.", {
    id: { type: STRING, description: "The file's id." },
    name: { type: STRING, description: "The file's name." },
    url: { type: STRING, description: "The file's url." },
    thumbnailUrl: { type: STRING, description: "The file's thumbnailUrl." },
});

const digest = (text: string) => createHash("sha256").update(text).digest("hex");

/** What tells this resource from every other across runs: its project and stack (`stack`), and its name. */
function identityOf(inputs: Values): string {
    return `${typeof inputs.stack === "string" ? inputs.stack : ""}\n${String(inputs.resourceName)}`;
}

/**
 * Pulumi-style auto-name: the resource name, made URL-safe, plus a suffix; 3 to 32 characters. The suffix is
 * derived, not random: from the resource's identity and its create-only inputs, so preview shows the name up
 * creates, and a create retried after its answer was lost asks for the same name (and finds the room it made),
 * while a replacement for a create-only change gets a new name. Unknown create-only inputs leave it unknown.
 */
export function generateFriendlyUrl(inputs: Values, createOnly: readonly string[]): string {
    const values = createOnly.map((k) => inputs[k]);
    if (containsUnknown(values)) return UNKNOWN;
    const base = String(inputs.resourceName).toLowerCase().replace(/[^a-z0-9-]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 24) || "room";
    return `${base}-${digest(`friendly URL\n${identityOf(inputs)}\n${JSON.stringify(values)}`).slice(0, 7)}`;
}

/**
 * The creation marker: the `external_id` a create writes when the program declares none, derived again on every
 * attempt from the resource's identity. A room under the resource's friendly URL that carries it was made by an
 * earlier attempt of this resource whose answer was lost, not by another stack or person.
 */
export function creationMarker(inputs: Values): string | undefined {
    if (inputs.externalId !== undefined || typeof inputs.resourceName !== "string") return undefined;
    return `pulumi-vcrooms:${digest(`creation marker\n${identityOf(inputs)}`).slice(0, 24)}`;
}

/** Rules across fields (contract 2.3, 2.4, 8), on the values declared; `olds` are the inputs last applied. */
function crossFieldFailures(inputs: Values, now: Date, olds: Values): CheckFailure[] {
    const failures: CheckFailure[] = [];
    const known = (k: string) => inputs[k] !== undefined && !containsUnknown(inputs[k]);
    const { maxParticipants, maxBroadcasters, expiresAt } = inputs;
    if (known("maxParticipants") && known("maxBroadcasters") && typeof maxParticipants === "number" && typeof maxBroadcasters === "number" && maxBroadcasters > maxParticipants) {
        failures.push(failure("maxBroadcasters", `must not exceed maxParticipants (${maxParticipants})`, maxBroadcasters));
    }
    failures.push(...e2eeFailures(inputs));
    failures.push(...lockFailures(inputs));
    // A malformed or unreal date is the settings table's failure; only the future rule is left here. It is a rule
    // for a value being set: one already applied passes unchanged, so the program stays valid once the time has
    // come (the room is then expired: see `expiredDiff`).
    const applied = olds.expiresAt !== undefined && canonicalInstant(olds.expiresAt) === canonicalInstant(expiresAt);
    if (known("expiresAt") && typeof expiresAt === "string" && isRealDateTime(expiresAt) && !applied && (canonicalInstant(expiresAt) as number) <= now.getTime()) {
        failures.push(failure("expiresAt", `must be in the future (now ${now.toISOString().slice(0, 19).replace("T", " ")} UTC)`, expiresAt));
    }
    return failures;
}

/** True when a room's recorded expiry (its `expiresAt` output, as the API wrote it) has passed. */
export function hasExpired(outputs: Values, now: Date): boolean {
    const at = canonicalInstant(outputs.expiresAt);
    return typeof at === "number" && at <= now.getTime();
}

/**
 * The diff of a room kept as expired (the API deleted it at expiresAt): with the same expiresAt declared and
 * nothing else changed, the program is met; any other program needs a room again, so a new one replaces it
 * (the old one is already gone, so it goes first).
 */
export function expiredDiff<D extends pulumi.dynamic.DiffResult>(diff: D, olds: Values, news: Values): D {
    const same = news.expiresAt !== undefined && canonicalInstant(news.expiresAt) === canonicalInstant(olds.expiresAt);
    if (same && !diff.changes) return diff;
    const replaces = diff.replaces?.length ? diff.replaces : ["expiresAt"];
    return { ...diff, changes: true, replaces, deleteBeforeReplace: true };
}

/** Warns at check that dropping expiresAt keeps the expiry: the API cannot clear one (null is refused). */
export function droppedExpiryWarning(olds: Values, news: Values): string | undefined {
    if (typeof olds.expiresAt !== "string" || news.expiresAt !== undefined) return undefined;
    const name = typeof news.resourceName === "string" ? `"${news.resourceName}"` : "";
    return `Room ${name}: expiresAt is no longer declared, but the API cannot clear an expiry, so the room is still deleted at ${olds.expiresAt} UTC (and then created anew, empty, by the next up). Declare a later expiresAt to keep it longer`;
}

export const room = declareResource({
    type: "Room",
    description: "A room (2.1, 2.4): its settings, created, updated in place, replaced when a create-only setting changes, deleted on destroy.",
    idDescription: "The room's UUID.",
    importId: "the room's UUID (lower-case) or its friendly URL",
    inheritsFrom: "TeamDefaults",
    scope: "room",
    extras: {
        resourceName: stringInput("Set by the SDK to the Pulumi resource name; the seed of the generated friendly URL.", { fromResourceName: true }),
        stack: stringInput("Set by the SDK to `<project>/<stack>`: with the resource name, what makes the generated friendly URL and the creation marker this resource's own.", { fromStack: true }),
        friendlyUrlGenerated: booleanInput("Set by check when friendlyUrl was generated rather than declared.", { fromCheck: true }),
        adoptExisting: booleanInput("When a room with this friendlyUrl already exists, take it over (one PATCH of the declared settings) instead of failing.", {
            whenOmitted: "`false`: the create fails when a room with this friendlyUrl exists.",
        }),
        deleteContentOnDestroy: booleanInput("On destroy, also delete the room's recordings, chat and other content (delete_resources).", {
            whenOmitted: "`false`: destroy deletes the room without `delete_resources`.",
        }),
    },
    outputs: {
        topic: output<string>(STRING, "The room's topic, as the dashboard shows it (the API's other name for `description`).", { sameAs: "description" }),
        roomUrl: output<string>(formatted(STRING, "URL"), "The address participants open."),
        files: output<RoomFile[]>(arrayOf(ROOM_FILE), "Files attached to the room."),
        createdAt: output<string>(formatted(STRING, "`YYYY-MM-DDThh:mm:ssZ`"), "When the room was created.", { stable: true }),
        updatedAt: output<string>(formatted(STRING, "`YYYY-MM-DDThh:mm:ssZ`"), "When the room was last changed."),
        filesPanelEnabled: output<boolean>(BOOLEAN, "Files panel shown."),
        expired: output<boolean>(
            BOOLEAN,
            "True once the room passed expiresAt and the API deleted it: a refresh keeps it in the stack as expired until the program changes; a change then creates a new room."),
    },
    uniqueInput: "friendlyUrl",
    generatedFlag: "friendlyUrlGenerated",
    hooks: {
        /**
         * Keeps the name generated last time (one generated before names were derived keeps its random suffix). A
         * replacement is checked with no olds: it gets the name its create-only inputs derive, a new one when they
         * changed, like Pulumi's auto-named resources.
         */
        complete(olds: Values, news: Values): Values {
            if (news.friendlyUrl !== undefined || typeof news.resourceName !== "string") return news;
            const kept = typeof olds.friendlyUrl === "string" ? olds.friendlyUrl : undefined;
            return { ...news, friendlyUrl: kept ?? generateFriendlyUrl(news, replacementInputs(room)), friendlyUrlGenerated: true };
        },
        rules: crossFieldFailures,
        /** Takes an existing room over: one PATCH of the declared settings that differ; create-only ones must already match. */
        async adopt(client: RoomsClient, inputs: Values, existing: RoomRecord): Promise<RoomRecord> {
            const live = deepKeysToCamel(existing) as Values;
            const createOnly = replacementInputs(room);
            for (const [key, value, setting] of declaredSettings(room, inputs)) {
                // Absent from the record (the service's documented room record has no tags) is not a difference.
                if (createOnly.includes(key) && live[key] !== undefined && !sameValue(setting.compare, value, live[key])) {
                    throw new Error(
                        `it exists with ${key} ${JSON.stringify(live[key] ?? null)} but the program declares ${JSON.stringify(value)}; ${key} can be set only when a room is created, so declare the existing ${key} or drop adoptExisting`,
                    );
                }
            }
            const keys = changedSettings(room, inputs, live, await teamRolesFor(client, room, inputs)).filter((k) => !createOnly.includes(k));
            return keys.length === 0 ? existing : client.updateRoom(existing.id, apiBody(inputs, keys));
        },
        /** The create body: every declared setting. */
        createBody(inputs: Values): Values {
            return apiBody(inputs, declaredSettings(room, inputs).map(([k]) => k));
        },
    },
});
