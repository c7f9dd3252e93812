import * as pulumi from "@pulumi/pulumi";
import { roomContentPurge } from "../provider/declarations/roomContentPurge";
import { DeclaredResource } from "./declaredResource";
import type { RoomContentPurgeArgs, RoomContentPurgeOutputs } from "./generated";

export type { RoomContentPurgeArgs };

export interface RoomContentPurge extends RoomContentPurgeOutputs {}

/**
 * Deletes a room's content of the kinds named (every kind when `kinds` is omitted) when created, and
 * again only when `room`, `kinds` or `triggers` change. The API's deletes are irreversible; deleting
 * this resource does nothing.
 */
export class RoomContentPurge extends DeclaredResource {
    constructor(name: string, args: RoomContentPurgeArgs, opts?: pulumi.CustomResourceOptions) {
        super("roomContentPurge", roomContentPurge, name, args, opts);
    }
}
