/**
 * Drift audit: the rooms a scheduled pipeline checks against the API. `drift-audit.sh` runs
 * `pulumi-vcrooms audit` (the engine's `pulumi preview --refresh`, the team's unmanaged rooms, the
 * governance pack), whose report it publishes and which fails when someone changed one of these
 * rooms (or the team's defaults) outside Pulumi; `drift-audit.sh --repair` runs `pulumi up --refresh`,
 * which puts the declared settings back.
 */
import * as vcrooms from "pulumi-vcrooms";

export = async () => {
    const defaults = new vcrooms.TeamDefaults("defaults", {
        paletteMode: "light",
        defaultRole: "attendee",
        chatEnabled: true,
    });

    const support = new vcrooms.Room(
        "support",
        {
            friendlyUrl: "support-desk",
            description: "Customer support desk",
            privacy: "public",
            maxParticipants: 10,
            toolbarColor: "#3771E0",
            recordingsEnabled: false,
        },
        { dependsOn: defaults },
    );

    return { supportUrl: support.roomUrl };
};
