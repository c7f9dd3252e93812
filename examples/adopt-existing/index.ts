/**
 * Adopting an existing room: `adoptExisting: true` makes the first `pulumi up` take over the room that
 * already has this friendly URL (one PATCH of the declared settings) instead of failing because the
 * friendly URL is taken. Dynamic resources cannot be imported with `pulumi import`; this is the way in.
 *
 *   pulumi config set adopt:friendlyUrl town-hall    # optional; default town-hall
 */
import * as pulumi from "@pulumi/pulumi";
import * as vcrooms from "pulumi-vcrooms";

export = async () => {
    const config = new pulumi.Config("adopt");
    const townHall = new vcrooms.Room("town-hall", {
        friendlyUrl: config.get("friendlyUrl") ?? "town-hall",
        adoptExisting: true,
        // The settings to manage from now on; the ones left out keep whatever the room has.
        description: "Company town hall",
        privacy: "public",
        maxParticipants: 300,
        qaEnabled: true,
    });
    return { townHallId: townHall.id, townHallUrl: townHall.roomUrl };
};
