/**
 * TeamDefaults (contract 2.2, 2.3; endpoints 1 and 2): the team's single default-settings record.
 */
import { e2eeFailures, lockFailures } from "../resources/check";
import { booleanInput, declareResource, output, stringInput } from "./declare";

export const teamDefaults = declareResource({
    type: "TeamDefaults",
    idDescription: "The default-settings record's id (2.2).",
    scope: "defaults",
    extras: {
        resourceName: stringInput("Set by the SDK to the Pulumi resource name; tells two declarations of one team apart.", { fromResourceName: true }),
        restoreOnDestroy: booleanInput("On destroy, put back the values the managed settings had before Pulumi took them over.", { whenOmitted: "`true`." }),
    },
    outputs: {
        ownerId: output<string>("string (UUID)", "The team owner's user id."),
        customCname: output<string | null>("string or null", "The team's custom domain name, if any."),
        maxParticipants: output<number>("integer", "The plan's maximum participants per room."),
        maxSessions: output<number>("integer", "The plan's maximum concurrent sessions."),
        subscriptionStart: output<string>("string (`YYYY-MM-DD hh:mm:ss`)", "Start of the subscription period."),
        subscriptionEnd: output<string>("string (`YYYY-MM-DD hh:mm:ss`)", "End of the subscription period."),
        usedParticipationMinutes: output<number>("integer", "Participation minutes used in the subscription period."),
    },
    hooks: {
        rules: (inputs) => [...e2eeFailures(inputs), ...lockFailures(inputs)],
    },
});
