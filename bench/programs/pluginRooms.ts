/**
 * `bench:rooms` Rooms of the plugin face (stack config): `vcrooms:index:Room` registered as a generated SDK's
 * resource class does, run by the provider plugin the project's Pulumi.yaml names.
 */
import * as pulumi from "@pulumi/pulumi";
import { benchRoomArgs, noteFirstRegistration } from "./roomArgs";

class Room extends pulumi.CustomResource {
    constructor(name: string, args: Record<string, unknown>) {
        super("vcrooms:index:Room", name, { roomUrl: undefined, ...args });
    }
}

export = async () => {
    const count = new pulumi.Config("bench").requireNumber("rooms");
    for (let i = 0; i < count; i++) {
        new Room(`room-${i}`, benchRoomArgs(i));
        noteFirstRegistration();
    }
};
