/** `bench:rooms` Rooms of the dynamic face (stack config), for the real-CLI bench. */
import * as pulumi from "@pulumi/pulumi";
import * as vcrooms from "pulumi-vcrooms";
import { benchRoomArgs, noteFirstRegistration } from "./roomArgs";

export = async () => {
    const count = new pulumi.Config("bench").requireNumber("rooms");
    for (let i = 0; i < count; i++) {
        new vcrooms.Room(`room-${i}`, benchRoomArgs(i));
        noteFirstRegistration();
    }
};
