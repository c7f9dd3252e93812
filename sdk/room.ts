import * as pulumi from "@pulumi/pulumi";
import { ROOM_READ_ONLY_FIELDS } from "../provider/api/fields";
import type { SettingsInputs } from "../provider/api/settings";
import { outputPlaceholders } from "./declare";
import { shimProvider } from "./shim";
import type { InputsOf, OutputsOf, RoomState } from "./types";

/** Inputs of a Room: every writable setting of contract 2.3 and 2.4, camelCase, plus the resource's options. */
export interface RoomInputs extends SettingsInputs<"room"> {
    /**
     * When a room with this `friendlyUrl` already exists, take it over with one PATCH of the
     * declared settings instead of failing. This is how existing rooms come under management:
     * dynamic resources cannot use `pulumi import`.
     */
    adoptExisting?: boolean;
    /** On destroy, also delete the room's recordings, chat and other content. Default false. */
    deleteContentOnDestroy?: boolean;
}

export type RoomArgs = InputsOf<RoomInputs>;

export interface Room extends OutputsOf<RoomState> {}

/**
 * A video-conference room. When `friendlyUrl` is omitted, it is derived from the resource name
 * plus a random suffix and kept from then on. Changing `tags` replaces the room (the API takes
 * tags only on create); every other change is made in place with one PATCH.
 */
export class Room extends pulumi.dynamic.Resource {
    constructor(name: string, args: RoomArgs = {}, opts?: pulumi.CustomResourceOptions) {
        super(
            shimProvider("room"),
            name,
            {
                ...outputPlaceholders("room", ROOM_READ_ONLY_FIELDS),
                ...args,
                // A secret whatever the caller passed: it must never sit in state or plans as plain text.
                restreamKey: args.restreamKey === undefined ? undefined : pulumi.secret(args.restreamKey),
                resourceName: name,
            },
            { ...opts, additionalSecretOutputs: [...(opts?.additionalSecretOutputs ?? []), "restreamKey"] },
            "vcrooms",
            "Room",
        );
    }
}
