/**
 * Quickstart: a team's default room settings, a public room, a private room, and a join token for
 * the private room. Stack outputs: both room URLs and the join link (a secret).
 *
 *   pulumi config set vcrooms:apiUrl http://127.0.0.1:8080/api/v1
 *   pulumi config set --secret vcrooms:developerKey <key>
 *   pulumi up
 */
import * as vcrooms from "pulumi-vcrooms";

export = async () => {
    const defaults = new vcrooms.TeamDefaults("defaults", {
        paletteMode: "dark",
        language: "en",
        defaultRole: "attendee",
        chatEnabled: true,
    });

    const lobby = new vcrooms.Room(
        "lobby",
        {
            friendlyUrl: "quickstart-lobby",
            description: "Open to anyone with the link",
            privacy: "public",
            maxParticipants: 100,
        },
        { dependsOn: defaults },
    );

    const standup = new vcrooms.Room(
        "standup",
        {
            friendlyUrl: "quickstart-standup",
            description: "Team stand-up: join with a token",
            privacy: "private",
            maxParticipants: 12,
        },
        { dependsOn: defaults },
    );

    // A token for one participant of the private room. Its `link` and `token` are always secrets.
    const alice = new vcrooms.JoinToken("alice", {
        room: standup.id,
        userName: "Alice",
        expiresAt: 7 * 24 * 60, // minutes from issue: one week
        renewBefore: "24h", // issued anew at the first up within a day of expiry
    });

    return {
        lobbyUrl: lobby.roomUrl,
        standupUrl: standup.roomUrl,
        aliceJoinLink: alice.link,
    };
};
