/**
 * TeamDefaults (contract 2.2, 2.3; endpoints 1 and 2): the team's single default-settings record.
 */
import { e2eeFailures, lockFailures } from "../resources/check";
import { booleanInput, declareResource, INTEGER, NUMBER, output, stringInput } from "./declare";

export const teamDefaults = declareResource({
    type: "TeamDefaults",
    description: "The team's default room settings (2.2, 2.3): one record per team, taken over on create and put back as it was on destroy (restoreOnDestroy).",
    scope: "defaults",
    extras: {
        resourceName: stringInput("Set by the SDK to the Pulumi resource name; tells two declarations of one team apart.", { fromResourceName: true }),
        restoreOnDestroy: booleanInput("On destroy, put back the values the managed settings had before Pulumi took them over (default true)."),
    },
    outputs: {
        ownerId: output<string>("The team owner's user id."),
        customCname: output<string | null>("The team's custom domain name, if any."),
        maxParticipants: output<number>("The plan's maximum participants per room.", { schemaType: INTEGER }),
        maxSessions: output<number>("The plan's maximum concurrent sessions.", { schemaType: INTEGER }),
        subscriptionStart: output<string>("Start of the subscription period."),
        subscriptionEnd: output<string>("End of the subscription period."),
        usedParticipationMinutes: output<number>("Participation minutes used in the subscription period.", { schemaType: NUMBER }),
    },
    hooks: {
        rules: (inputs) => [...e2eeFailures(inputs), ...lockFailures(inputs)],
    },
});
