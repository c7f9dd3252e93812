/**
 * RoomContentPurge: deletes a room's content of the kinds named, once, and
 * again whenever `kinds` or `triggers` change, as the command provider's triggers do. The API's
 * deletes are irreversible, and `delete` of the resource does nothing.
 */
import { CONTENT_KINDS, type ContentKind } from "../model/content";
import { failure, type CheckFailure } from "../model/check";
import { enumType } from "../model/types";
import { arrayOf, BOOLEAN, declareResource, extra, formatted, NUMBER, oneOf, output, orAbsent, required, STRING, type Values } from "./declaration";

const CONTENT_KIND = enumType("ContentKind", "A kind of room content.", CONTENT_KINDS);

/** A trigger value: a scalar such as a date, a version or a counter, so the schema and SDKs can type it. */
type Trigger = string | number | boolean;
function triggersRule(v: unknown): string | undefined {
    return Array.isArray(v) && v.every((t) => ["string", "number", "boolean"].includes(typeof t)) ? undefined : "must be a list of strings, numbers or booleans";
}

const fixed = { createOnly: true } as const;

function kindsRule(v: unknown): string | undefined {
    if (!Array.isArray(v)) return `must be a list of content kinds (${CONTENT_KINDS.join(", ")})`;
    const unknown = v.filter((k) => !(CONTENT_KINDS as readonly unknown[]).includes(k));
    if (unknown.length > 0) return `may hold only ${CONTENT_KINDS.join(", ")} (not ${unknown.map((k) => JSON.stringify(k)).join(", ")})`;
    if (new Set(v).size !== v.length) return "must not name a kind twice";
    return undefined;
}

function purgeRules(inputs: Values): CheckFailure[] {
    if (inputs.room === undefined || inputs.room === null) return [{ property: "room", reason: "room is required: the room's id or friendly URL (usually a Room's id)" }];
    if (Array.isArray(inputs.kinds) && inputs.kinds.length === 0) return [failure("kinds", "must name at least one kind (omit it to purge every kind)", inputs.kinds)];
    return [];
}

/** The kinds a purge deletes: those named, in the API's order, or every kind when none are. */
export function kindsToDelete(kinds: unknown): ContentKind[] {
    return Array.isArray(kinds) ? CONTENT_KINDS.filter((k) => kinds.includes(k)) : [...CONTENT_KINDS];
}

export const roomContentPurge = declareResource({
    type: "RoomContentPurge",
    description: "Deletes a room's content of the kinds named, once, and again when room names another room (the same room renamed is no change), or kinds or triggers change. Irreversible; delete does nothing.",
    idDescription: "A random UUID the provider gives the purge.",
    notImportable: "a purge is a one-off action, not a record the API keeps; declare a RoomContentPurge to run one",
    deleteSendsNothing: true,
    scope: undefined,
    extras: {
        room: required(
            extra<string>(STRING, "a room UUID or friendly URL", "The room, usually a `Room`'s `id`. A change to another room purges that room; a change that names the same room (its friendly URL after a rename, or its UUID) is no change.", (v) => (typeof v === "string" && v.length > 0 ? undefined : "must be a non-empty string"), fixed),
        ),
        kinds: extra<ContentKind[]>(arrayOf(CONTENT_KIND), `any of ${CONTENT_KINDS.map((k) => `\`${k}\``).join(", ")}, each at most once; not empty`, "The kinds of content to delete. A change purges again.", kindsRule, {
            ...fixed,
            whenOmitted: "Every kind.",
        }),
        triggers: extra<Trigger[]>(arrayOf(oneOf(STRING, NUMBER, BOOLEAN)), "strings, numbers or booleans", "When they change, the purge runs again (as the command provider's triggers).", triggersRule, {
            ...fixed,
            whenOmitted: "It runs again only when `room` or `kinds` change.",
        }),
        deletes: extra<ContentKind[]>(arrayOf(CONTENT_KIND), "(set by check)", "Filled by check: the kinds this purge deletes, so a preview lists them.", () => undefined, { fromCheck: true }),
    },
    outputs: {
        purged: output<ContentKind[]>(arrayOf(CONTENT_KIND), "The kinds deleted by the last run.", { stable: true }),
        roomId: output<string | undefined>(orAbsent(formatted(STRING, "UUID")), "The room's UUID, resolved when the purge ran: the purge follows this room, whatever its friendly URL becomes. Absent for a purge run by a release before it was kept.", {
            stable: true,
        }),
    },
    hooks: { rules: purgeRules },
});
