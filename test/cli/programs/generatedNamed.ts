/**
 * The program of test/cli/generatedNamePreview.test.ts: a Room "gen" whose friendly URL is generated, a JoinToken
 * "pass" and a RoomContentPurge "wipe" that name it by that friendly URL, as the docs show, driven by stack config:
 *
 *   test:description  the room's description
 *
 * Stack outputs: `genFriendlyUrl`, the room's friendly URL.
 */
import * as pulumi from "@pulumi/pulumi";
import * as vcrooms from "pulumi-vcrooms";

export = () => {
    const config = new pulumi.Config("test");
    const gen = new vcrooms.Room("gen", { description: config.require("description") });
    new vcrooms.JoinToken("pass", { room: gen.friendlyUrl, userName: "Ann", expiresAt: 60 });
    new vcrooms.RoomContentPurge("wipe", { room: gen.friendlyUrl });
    return { genFriendlyUrl: gen.friendlyUrl };
};
