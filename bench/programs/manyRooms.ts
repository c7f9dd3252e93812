/** `bench:rooms` Rooms (stack config), for the real-CLI bench: the same settings as the stand-in bench. */
import * as pulumi from "@pulumi/pulumi";
import * as vcrooms from "pulumi-vcrooms";

export = async () => {
    const count = new pulumi.Config("bench").requireNumber("rooms");
    for (let i = 0; i < count; i++) {
        new vcrooms.Room(`room-${i}`, { description: `Bench room ${i}`, maxParticipants: 10 + (i % 100), toolbarColor: "#ABCDEF", roles: ["moderator", "attendee"], defaultRole: "moderator", tags: ["bench"] });
    }
};
