// Every kind through the dynamic face; see ../README.md.
const pulumi = require("@pulumi/pulumi");
const vcrooms = require("pulumi-vcrooms");

const description = new pulumi.Config().get("description") ?? "Recorded baseline";
const defaults = new vcrooms.TeamDefaults("defaults", { paletteMode: "dark", toolbarPosition: "left" });
const declared = new vcrooms.Room("declared", { friendlyUrl: "up-dynamic-ts-declared", description, privacy: "private", maxParticipants: 20, tags: ["upgrade", "dynamic"] }, { dependsOn: [defaults] });
const generated = new vcrooms.Room("generated", { description: "Generated address", privacy: "public" }, { dependsOn: [defaults] });
const hidden = new vcrooms.Room("hidden", { friendlyUrl: pulumi.secret("up-dynamic-ts-hidden"), privacy: "private" }, { dependsOn: [defaults] });
const alice = new vcrooms.JoinToken("alice", { room: declared.id, userName: "Alice", expiresAt: "2099-12-31 00:00:00", renewBefore: "24h" });
new vcrooms.RoomContentPurge("purge", { room: generated.id, kinds: ["chat", "recordings"] });
const found = vcrooms.getRoomOutput({ room: declared.id });

module.exports = {
    declaredUrl: declared.roomUrl,
    generatedUrl: generated.roomUrl,
    hiddenUrl: hidden.roomUrl,
    aliceLink: alice.link,
    foundDescription: found.description,
};
