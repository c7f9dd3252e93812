/**
 * TeamDefaults: the team's single default-settings record.
 */
import { e2eeFailures, lockFailures } from "../model/check";
import { booleanInput, declareResource, formatted, INTEGER, NUMBER, orNull, output, STRING, stringInput } from "./declaration";

export const teamDefaults = declareResource({
    type: "TeamDefaults",
    description: "The team's default room settings: one record per team, taken over on create and put back as it was on destroy (restoreOnDestroy).",
    idDescription: "The default-settings record's id.",
    notImportable: "the team's one defaults record needs no import; declare a TeamDefaults and it takes the record over",
    scope: "defaults",
    extras: {
        resourceName: stringInput("Set by the SDK to the Pulumi resource name; tells two declarations of one team apart.", { fromResourceName: true }),
        resourceUrn: stringInput("Set to the resource's URN (by the SDK, or the plugin from the engine's request); what tells two declarations of one name under two parents apart.", { fromUrn: true }),
        stack: stringInput("Set by the SDK to `<project>/<stack>`: with the resource name and the team, it names the record of the team's original values kept outside the state (provider/resources/localRecords.ts).", { fromStack: true }),
        restoreOnDestroy: booleanInput("On destroy, put back the values the managed settings had before Pulumi took them over.", { whenOmitted: "`true`." }),
    },
    outputs: {
        ownerId: output<string>(formatted(STRING, "UUID"), "The team owner's user id."),
        customCname: output<string | null>(orNull(STRING), "The team's custom domain name, if any."),
        maxParticipants: output<number>(INTEGER, "The plan's maximum participants per room."),
        maxSessions: output<number>(INTEGER, "The plan's maximum concurrent sessions."),
        subscriptionStart: output<string>(formatted(STRING, "`YYYY-MM-DD hh:mm:ss`"), "Start of the subscription period."),
        subscriptionEnd: output<string>(formatted(STRING, "`YYYY-MM-DD hh:mm:ss`"), "End of the subscription period."),
        usedParticipationMinutes: output<number>(NUMBER, "Participation minutes used in the subscription period."),
    },
    bookkeeping: {
        restoreValues: "the values the managed settings had before Pulumi first changed them, which destroy puts back",
    },
    hooks: {
        rules: (inputs) => [...e2eeFailures(inputs), ...lockFailures(inputs)],
    },
});
