/**
 * The main job of pulumi-vcrooms: a team's default room settings and its rooms, declared.
 *
 *   pulumi config set vcrooms:apiUrl https://<team>.digitalsamba.com/api/v1
 *   pulumi config set --secret vcrooms:developerKey <key>
 *   pulumi up
 *
 * The test suite runs this program through the engine stand-in (test/resources/example.test.ts)
 * and the real Pulumi CLI (test/examples/readmeCommands.test.ts, as the README says) against the embedded emulator.
 */
import * as vcrooms from "pulumi-vcrooms";

export = async () => {
    const defaults = new vcrooms.TeamDefaults("defaults", {
        paletteMode: "dark",
        primaryColor: "#3771E0",
        language: "en",
        languages: ["en", "de-DE", "nl-NL"],
        defaultRole: "attendee",
        chatEnabled: true,
        recordingsEnabled: false,
    });

    const allHands = new vcrooms.Room(
        "all-hands",
        {
            description: "Monday all-hands",
            privacy: "public",
            maxParticipants: 500,
            maxBroadcasters: 5,
            roles: ["moderator", "speaker", "attendee"],
            defaultRole: "attendee",
            raiseHandEnabled: true,
            qaEnabled: true,
            tags: ["company"],
        },
        { dependsOn: defaults },
    );

    const board = new vcrooms.Room(
        "board",
        {
            friendlyUrl: "board-q3",
            description: "Quarterly board meeting",
            privacy: "private",
            maxParticipants: 20,
            maxBroadcasters: 20,
            roles: ["moderator", "speaker"],
            defaultRole: "speaker",
            e2eeEnabled: true,
            recordingsEnabled: false,
            watermarkEnabled: true,
            watermarkText: "Board confidential",
        },
        { dependsOn: defaults, protect: false },
    );

    return { allHandsUrl: allHands.roomUrl, boardUrl: board.roomUrl, domain: defaults.domain };
};
