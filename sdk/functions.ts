/**
 * The data functions: each `getX(args)` resolves to a camelCase result, and `getXOutput(args)` gives
 * an `Output` of it (its arguments may be Outputs, such as a Room's id). They run in the program's
 * own process (nothing is serialized), with the connection of the resources: an explicit
 * `connection` argument, else the stack's `vcrooms:*` config, else the `VCROOMS_*` environment, so
 * the `getX` forms work in a plain Node script too.
 */
import * as pulumi from "@pulumi/pulumi";
import type { SecretSettingName } from "../provider/api/settings";
import type { FunctionArgs, FunctionName, FunctionResult } from "../provider/functions";

/** Arguments whose values may each be a Pulumi Input. */
export type InputArgs<A> = { [K in keyof A]: pulumi.Input<A[K]> };

/**
 * A result whose secret settings (a room's `restreamKey`, ...) are secret Outputs: exported or passed on, they stay
 * secret in state and plans. Results without such fields are as the function returns them.
 */
export type WithSecrets<R> = [Extract<keyof R, SecretSettingName>] extends [never] ? R : { [K in keyof R]: K extends SecretSettingName ? pulumi.Output<R[K]> : R[K] };

/* eslint-disable @typescript-eslint/no-require-imports */
async function invoke<N extends FunctionName>(name: N, args: FunctionArgs<N> | undefined): Promise<WithSecrets<FunctionResult<N>>> {
    // The stack's config when run by Pulumi; nothing in a plain script, where the environment serves.
    const stack = { get: (key: string) => pulumi.runtime.getConfig(key) };
    const provider = require("pulumi-vcrooms/provider");
    const result = (await provider.invokeFunction(name, args, stack)) as Record<string, unknown>;
    const secret: string[] = provider.secretResultFields(name);
    return Object.fromEntries(Object.entries(result).map(([k, v]) => [k, secret.includes(k) ? pulumi.secret(v) : v])) as WithSecrets<FunctionResult<N>>;
}

function outputOf<N extends FunctionName>(name: N, args: InputArgs<FunctionArgs<N>> | undefined): pulumi.Output<WithSecrets<FunctionResult<N>>> {
    return pulumi.output(args ?? {}).apply((a) => invoke(name, a as FunctionArgs<N>)) as pulumi.Output<WithSecrets<FunctionResult<N>>>;
}

type Args<N extends FunctionName> = FunctionArgs<N>;
type Result<N extends FunctionName> = Promise<WithSecrets<FunctionResult<N>>>;
type Out<N extends FunctionName> = pulumi.Output<WithSecrets<FunctionResult<N>>>;

export const getTeamDefaults = (args: Args<"getTeamDefaults"> = {}): Result<"getTeamDefaults"> => invoke("getTeamDefaults", args);
export const getTeamDefaultsOutput = (args: InputArgs<Args<"getTeamDefaults">> = {}): Out<"getTeamDefaults"> => outputOf("getTeamDefaults", args);
export const getRoom = (args: Args<"getRoom">): Result<"getRoom"> => invoke("getRoom", args);
export const getRoomOutput = (args: InputArgs<Args<"getRoom">>): Out<"getRoom"> => outputOf("getRoom", args);
export const getRooms = (args: Args<"getRooms"> = {}): Result<"getRooms"> => invoke("getRooms", args);
export const getRoomsOutput = (args: InputArgs<Args<"getRooms">> = {}): Out<"getRooms"> => outputOf("getRooms", args);
export const getRoles = (args: Args<"getRoles"> = {}): Result<"getRoles"> => invoke("getRoles", args);
export const getRolesOutput = (args: InputArgs<Args<"getRoles">> = {}): Out<"getRoles"> => outputOf("getRoles", args);
export const getRole = (args: Args<"getRole">): Result<"getRole"> => invoke("getRole", args);
export const getRoleOutput = (args: InputArgs<Args<"getRole">>): Out<"getRole"> => outputOf("getRole", args);
export const getRoomStatistics = (args: Args<"getRoomStatistics">): Result<"getRoomStatistics"> => invoke("getRoomStatistics", args);
export const getRoomStatisticsOutput = (args: InputArgs<Args<"getRoomStatistics">>): Out<"getRoomStatistics"> => outputOf("getRoomStatistics", args);
export const getTeamStatistics = (args: Args<"getTeamStatistics"> = {}): Result<"getTeamStatistics"> => invoke("getTeamStatistics", args);
export const getTeamStatisticsOutput = (args: InputArgs<Args<"getTeamStatistics">> = {}): Out<"getTeamStatistics"> => outputOf("getTeamStatistics", args);
export const getRoomChat = (args: Args<"getRoomChat">): Result<"getRoomChat"> => invoke("getRoomChat", args);
export const getRoomChatOutput = (args: InputArgs<Args<"getRoomChat">>): Out<"getRoomChat"> => outputOf("getRoomChat", args);
export const getRoomTranscripts = (args: Args<"getRoomTranscripts">): Result<"getRoomTranscripts"> => invoke("getRoomTranscripts", args);
export const getRoomTranscriptsOutput = (args: InputArgs<Args<"getRoomTranscripts">>): Out<"getRoomTranscripts"> => outputOf("getRoomTranscripts", args);
export const exportRoomTranscripts = (args: Args<"exportRoomTranscripts">): Result<"exportRoomTranscripts"> => invoke("exportRoomTranscripts", args);
export const exportRoomTranscriptsOutput = (args: InputArgs<Args<"exportRoomTranscripts">>): Out<"exportRoomTranscripts"> => outputOf("exportRoomTranscripts", args);
