/**
 * Room: the declaration, and the rules across its fields. What a room
 * does (its generated friendly URL, adoption, the create body, expiry) is in provider/resources/room.ts.
 */
import { containsUnknown, e2eeFailures, failure, lockFailures, type CheckFailure } from "../model/check";
import { canonicalInstant } from "../model/compare";
import { isRealDateTime } from "../model/settings";
import { objectType } from "../model/types";
import { arrayOf, BOOLEAN, booleanInput, declareResource, formatted, output, STRING, stringInput, type Values } from "./declaration";

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

/** Rules across fields, on the values declared; `olds` are the inputs last applied. */
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

export const room = declareResource({
    type: "Room",
    description: "A room: its settings, created, updated in place, replaced when a create-only setting changes, deleted on destroy.",
    idDescription: "The room's UUID.",
    importId: "the room's UUID (lower-case) or its friendly URL",
    inheritsFrom: "TeamDefaults",
    scope: "room",
    extras: {
        resourceName: stringInput("Set by the SDK to the Pulumi resource name; the start of the generated friendly URL.", { fromResourceName: true }),
        resourceUrn: stringInput("Set to the resource's URN (by the SDK, or the plugin from the engine's request); what tells two Rooms of one name under two parents apart.", { fromUrn: true }),
        stack: stringInput("Set by the SDK to `<project>/<stack>`. Nothing derives from it any more (two backends may hold stacks of one name); kept so states written with it stay as they are.", { fromStack: true }),
        stackInstance: stringInput(
            "Set by the SDK to the stack's organisation, and a digest of PULUMI_BACKEND_URL when that is set (never the URL, which may hold credentials): with the stack and the resource, what names the record of a create kept on this machine (provider/resources/localRecords.ts), so a stack of the same names in another organisation or backend never takes it.",
            { fromStackInstance: true },
        ),
        friendlyUrlGenerated: booleanInput("Set by check when friendlyUrl is generated rather than declared.", { fromCheck: true }),
        createId: stringInput("Set by check: random, chosen when the resource is created or replaced and kept from then on; the generated friendly URL's suffix and the creation marker derive from it.", { fromCheck: true }),
        adoptExisting: booleanInput("When a room with this friendlyUrl already exists, take it over (one PATCH of the declared settings) instead of failing.", {
            whenOmitted: "`false`: the create fails when a room with this friendlyUrl exists.",
        }),
        deleteContentOnDestroy: booleanInput("On destroy, also delete the room's recordings, chat and other content (delete_resources).", {
            whenOmitted: "`false`: destroy deletes the room without `delete_resources`.",
        }),
    },
    outputs: {
        topic: output<string>(STRING, "The room's topic, as the dashboard shows it (the API's other name for `description`; the friendlyUrl for a room without one).", { sameAs: "description", carries: "friendlyUrl" }),
        roomUrl: output<string>(
            formatted(STRING, "URL"),
            "The address participants open. A preview through the `vcrooms` plugin shows the address the up will give when it is known: a declared friendlyUrl of letters, digits and - . _ ~ under the team's domain, or the address an update leaves; otherwise (a generated friendlyUrl, a custom CNAME, a TeamDefaults of the program declaring `domain`, an API the preview cannot read), and always with the dynamic resources (`require(\"pulumi-vcrooms\")`, which run no provider code at preview), it is unknown until up.",
            { carries: "friendlyUrl", carriesInherited: "domain" }),
        files: output<RoomFile[]>(arrayOf(ROOM_FILE), "Files attached to the room."),
        createdAt: output<string>(formatted(STRING, "`YYYY-MM-DDThh:mm:ssZ`"), "When the room was created.", { stable: true }),
        updatedAt: output<string>(formatted(STRING, "`YYYY-MM-DDThh:mm:ssZ`"), "When the room was last changed."),
        filesPanelEnabled: output<boolean>(BOOLEAN, "Files panel shown."),
        expired: output<boolean>(
            BOOLEAN,
            "True once the room passed expiresAt and the API deleted it: a refresh keeps it in the stack as expired until the program changes; a change then creates a new room.",
            { stateOnly: true }),
    },
    uniqueInput: "friendlyUrl",
    generatedFlag: "friendlyUrlGenerated",
    createIdInput: "createId",
    hooks: { rules: crossFieldFailures },
});
