import * as pulumi from "@pulumi/pulumi";
import { room } from "../provider/declarations/room";
import { resourceOptions, resourceProps } from "./declare";
import { shimProvider } from "./shim";
import type { ArgsOf, OutputsOf, RoomState } from "./types";

export type RoomArgs = ArgsOf<typeof room>;

export interface Room extends OutputsOf<RoomState> {}

/**
 * A video-conference room. When `friendlyUrl` is omitted, it is derived from the resource name
 * plus a random suffix and kept from then on. Changing `tags` replaces the room (the API takes
 * tags only on create); every other change is made in place with one PATCH.
 */
export class Room extends pulumi.dynamic.Resource {
    constructor(name: string, args: RoomArgs = {}, opts?: pulumi.CustomResourceOptions) {
        super(shimProvider("room"), name, resourceProps(room, name, args), resourceOptions(room, opts), "vcrooms", room.type);
    }
}
