/**
 * Input and output types of the SDK's resources, derived from the provider's field tables so no
 * field is listed twice. Type-only imports: erased at run time.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { CamelCase } from "../provider/api/names";
import type { SettingsInputs } from "../provider/api/settings";

/** A role as records read it back. */
export interface RoleRef {
    id: string;
    name: string;
    displayName: string;
    allowPrivateGroupChat?: boolean;
}

/** A file attached to a room. */
export interface RoomFile {
    id: string;
    name: string;
    url: string;
    thumbnailUrl: string;
}

/** Every input may be a plain value or a Pulumi Input (a promise or another resource's Output). */
export type InputsOf<T> = { [K in keyof T]?: pulumi.Input<Exclude<T[K], undefined>> };

/** Every output of a resource, as Pulumi Outputs. */
export type OutputsOf<T> = { readonly [K in keyof T]-?: pulumi.Output<T[K]> };

type RoleFields = "defaultRole" | "roles" | "privateGroupChatRoles";

/** The settings as the API reads them back: roles become objects, the rest keeps its type. */
type SettingsState<Target extends "defaults" | "room"> = Omit<Required<SettingsInputs<Target>>, RoleFields> & {
    defaultRole: RoleRef;
    roles: RoleRef[];
    privateGroupChatRoles: string[];
};

type Camel<T extends Record<string, unknown>> = { [K in keyof T as K extends string ? CamelCase<K> : never]: T[K] };

/** Room record fields beyond the writable settings (contract 2.1). */
export interface RoomReadOnly {
    topic: string;
    roomUrl: string;
    files: RoomFile[];
    createdAt: string;
    updatedAt: string;
    filesPanelEnabled: boolean;
}

/** Default settings record fields beyond the writable settings (contract 2.2). */
export type TeamDefaultsReadOnly = Camel<{
    owner_id: string;
    custom_cname: string | null;
    max_participants: number;
    max_sessions: number;
    subscription_start: string;
    subscription_end: string;
    used_participation_minutes: number;
}>;

export type RoomState = SettingsState<"room"> & RoomReadOnly;
export type TeamDefaultsState = SettingsState<"defaults"> & TeamDefaultsReadOnly;
