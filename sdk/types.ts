/**
 * Input and output types of the SDK's resources, derived from the kinds' declarations so no field
 * is listed twice. Type-only imports: erased at run time.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { Declaration, InputsOf, StateOf } from "../provider/declarations/declaration";
import type { room, teamDefaults } from "../provider/declarations";

export type { RoleRef, NamedRef } from "../provider/model/settings";
export type { ConnectionInput, RoomFile } from "../provider/declarations";

/** A value, or for a plain object one whose fields may each be a Pulumi Input (the connection). */
type Inputish<T> = T extends readonly unknown[] ? T : T extends object ? { [K in keyof T]: pulumi.Input<T[K]> } : T;

/** Every input may be a plain value or a Pulumi Input (a promise or another resource's Output); required ones stay required. */
export type ArgsOf<D extends Declaration> = { [K in keyof InputsOf<D>]: pulumi.Input<Inputish<Exclude<InputsOf<D>[K], undefined>>> };

/** Every output of a resource, as Pulumi Outputs. */
export type OutputsOf<T> = { readonly [K in keyof T]-?: pulumi.Output<T[K]> };

export type RoomInputs = InputsOf<typeof room>;
export type RoomState = StateOf<typeof room>;
export type TeamDefaultsInputs = InputsOf<typeof teamDefaults>;
export type TeamDefaultsState = StateOf<typeof teamDefaults>;

export type JoinTokenState = StateOf<typeof import("../provider/declarations").joinToken>;
export type RoomContentPurgeState = StateOf<typeof import("../provider/declarations").roomContentPurge>;
