import * as pulumi from "@pulumi/pulumi";
import { room } from "../provider/declarations/room";
import { DeclaredResource } from "./declaredResource";
import type { RoomArgs, RoomOutputs } from "./generated";

export type { RoomArgs };

export interface Room extends RoomOutputs {}

/**
 * A video-conference room. When `friendlyUrl` is omitted, create names it after the resource name
 * plus a random suffix (unknown at the preview of its create, planned as kept at an update's), kept from then on; a replacement gets a new one. Changing `tags` replaces the room (the API takes
 * tags only on create); every other change is made in place with one PATCH.
 */
export class Room extends DeclaredResource {
    constructor(name: string, args: RoomArgs = {}, opts?: pulumi.CustomResourceOptions) {
        super("room", room, name, args, opts);
    }
}
