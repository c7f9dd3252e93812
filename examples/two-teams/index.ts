/**
 * Two teams from one program: staging and production each get the same default settings and a
 * stand-up room, each resource reaching its team through its own `connection`.
 *
 *   pulumi config set teams:stagingApiUrl https://acme-staging.digitalsamba.com/api/v1
 *   pulumi config set --secret teams:stagingDeveloperKey <staging key>
 *   pulumi config set teams:productionApiUrl https://acme.digitalsamba.com/api/v1
 *   pulumi config set --secret teams:productionDeveloperKey <production key>
 *   pulumi up
 */
import * as pulumi from "@pulumi/pulumi";
import * as vcrooms from "pulumi-vcrooms";

const TEAMS = ["staging", "production"] as const;

export = async () => {
    const config = new pulumi.Config("teams");
    const urls: Record<string, pulumi.Output<string>> = {};
    for (const team of TEAMS) {
        // requireSecret: the key stays a secret in the program, in state and in every output.
        const connection = { apiUrl: config.require(`${team}ApiUrl`), developerKey: config.requireSecret(`${team}DeveloperKey`) };
        const defaults = new vcrooms.TeamDefaults(`${team}-defaults`, {
            connection,
            language: "en",
            defaultRole: "attendee",
            chatEnabled: true,
        });
        const standup = new vcrooms.Room(
            `${team}-standup`,
            {
                connection,
                friendlyUrl: "standup",
                description: `Daily stand-up (${team})`,
                privacy: "private",
                maxParticipants: team === "production" ? 50 : 10,
            },
            { dependsOn: defaults },
        );
        urls[team] = standup.roomUrl;
    }
    return { standupUrls: urls };
};
