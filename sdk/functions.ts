/**
 * The data functions: each `getX(args)` resolves to a camelCase result, and `getXOutput(args)` gives
 * an `Output` of it (its arguments may be Outputs, such as a Room's id). They run in the program's
 * own process (nothing is serialized), with the connection of the resources: an explicit
 * `connection` argument, else the stack's `vcrooms:*` config, else the `VCROOMS_*` environment, so
 * the `getX` forms work in a plain Node script too.
 *
 * Both forms take Pulumi's invoke options. `getXOutput` honours `dependsOn`: it reads once those resources
 * exist (a preview that creates them gives an unknown result, as an engine invoke does). A `provider` is
 * refused (there is no provider resource behind the SDK's resources: `connection` names another team); the
 * other options (`parent`, `version`, `pluginDownloadURL`, `async`) concern engine invokes and change nothing here.
 */
import * as pulumi from "@pulumi/pulumi";
import type { FunctionArgs, FunctionName, FunctionResult } from "../provider/functions";

/** Arguments whose values may each be a Pulumi Input. */
export type InputArgs<A> = { [K in keyof A]: pulumi.Input<A[K]> };

/* eslint-disable @typescript-eslint/no-require-imports */
function invoke<N extends FunctionName>(name: N, args: FunctionArgs<N> | undefined, opts: pulumi.InvokeOptions | undefined): Promise<FunctionResult<N>> {
    if (opts?.provider) return Promise.reject(new Error(`${name}: the SDK's functions take no provider; name another team with the \`connection\` argument`));
    // The stack's config when run by Pulumi; nothing in a plain script, where the environment serves.
    const stack = { get: (key: string) => pulumi.runtime.getConfig(key) };
    return require("pulumi-vcrooms/provider").invokeFunction(name, args, stack);
}

/** Resolves once every resource of `dependsOn` exists: a custom resource's id, a component's URN. */
function dependencies(dependsOn: pulumi.InvokeOutputOptions["dependsOn"]): pulumi.Output<unknown> {
    return pulumi.output(dependsOn ?? []).apply((resources) =>
        pulumi.all(([] as pulumi.Resource[]).concat(resources as pulumi.Resource | pulumi.Resource[]).map((r) => (pulumi.CustomResource.isInstance(r) ? r.id : r.urn))),
    );
}

function outputOf<N extends FunctionName>(name: N, args: InputArgs<FunctionArgs<N>> | undefined, opts: pulumi.InvokeOutputOptions | undefined): pulumi.Output<FunctionResult<N>> {
    return pulumi.all([pulumi.output(args ?? {}), dependencies(opts?.dependsOn)]).apply(([a]) => invoke(name, a as FunctionArgs<N>, opts)) as pulumi.Output<FunctionResult<N>>;
}

type Args<N extends FunctionName> = FunctionArgs<N>;
type Result<N extends FunctionName> = Promise<FunctionResult<N>>;
type Out<N extends FunctionName> = pulumi.Output<FunctionResult<N>>;

export const getTeamDefaults = (args: Args<"getTeamDefaults"> = {}, opts?: pulumi.InvokeOptions): Result<"getTeamDefaults"> => invoke("getTeamDefaults", args, opts);
export const getTeamDefaultsOutput = (args: InputArgs<Args<"getTeamDefaults">> = {}, opts?: pulumi.InvokeOutputOptions): Out<"getTeamDefaults"> => outputOf("getTeamDefaults", args, opts);
export const getRoom = (args: Args<"getRoom">, opts?: pulumi.InvokeOptions): Result<"getRoom"> => invoke("getRoom", args, opts);
export const getRoomOutput = (args: InputArgs<Args<"getRoom">>, opts?: pulumi.InvokeOutputOptions): Out<"getRoom"> => outputOf("getRoom", args, opts);
export const getRooms = (args: Args<"getRooms"> = {}, opts?: pulumi.InvokeOptions): Result<"getRooms"> => invoke("getRooms", args, opts);
export const getRoomsOutput = (args: InputArgs<Args<"getRooms">> = {}, opts?: pulumi.InvokeOutputOptions): Out<"getRooms"> => outputOf("getRooms", args, opts);
export const getRoles = (args: Args<"getRoles"> = {}, opts?: pulumi.InvokeOptions): Result<"getRoles"> => invoke("getRoles", args, opts);
export const getRolesOutput = (args: InputArgs<Args<"getRoles">> = {}, opts?: pulumi.InvokeOutputOptions): Out<"getRoles"> => outputOf("getRoles", args, opts);
export const getRole = (args: Args<"getRole">, opts?: pulumi.InvokeOptions): Result<"getRole"> => invoke("getRole", args, opts);
export const getRoleOutput = (args: InputArgs<Args<"getRole">>, opts?: pulumi.InvokeOutputOptions): Out<"getRole"> => outputOf("getRole", args, opts);
export const getRoomStatistics = (args: Args<"getRoomStatistics">, opts?: pulumi.InvokeOptions): Result<"getRoomStatistics"> => invoke("getRoomStatistics", args, opts);
export const getRoomStatisticsOutput = (args: InputArgs<Args<"getRoomStatistics">>, opts?: pulumi.InvokeOutputOptions): Out<"getRoomStatistics"> => outputOf("getRoomStatistics", args, opts);
export const getTeamStatistics = (args: Args<"getTeamStatistics"> = {}, opts?: pulumi.InvokeOptions): Result<"getTeamStatistics"> => invoke("getTeamStatistics", args, opts);
export const getTeamStatisticsOutput = (args: InputArgs<Args<"getTeamStatistics">> = {}, opts?: pulumi.InvokeOutputOptions): Out<"getTeamStatistics"> => outputOf("getTeamStatistics", args, opts);
export const getRoomChat = (args: Args<"getRoomChat">, opts?: pulumi.InvokeOptions): Result<"getRoomChat"> => invoke("getRoomChat", args, opts);
export const getRoomChatOutput = (args: InputArgs<Args<"getRoomChat">>, opts?: pulumi.InvokeOutputOptions): Out<"getRoomChat"> => outputOf("getRoomChat", args, opts);
export const getRoomTranscripts = (args: Args<"getRoomTranscripts">, opts?: pulumi.InvokeOptions): Result<"getRoomTranscripts"> => invoke("getRoomTranscripts", args, opts);
export const getRoomTranscriptsOutput = (args: InputArgs<Args<"getRoomTranscripts">>, opts?: pulumi.InvokeOutputOptions): Out<"getRoomTranscripts"> => outputOf("getRoomTranscripts", args, opts);
export const exportRoomTranscripts = (args: Args<"exportRoomTranscripts">, opts?: pulumi.InvokeOptions): Result<"exportRoomTranscripts"> => invoke("exportRoomTranscripts", args, opts);
export const exportRoomTranscriptsOutput = (args: InputArgs<Args<"exportRoomTranscripts">>, opts?: pulumi.InvokeOutputOptions): Out<"exportRoomTranscripts"> => outputOf("exportRoomTranscripts", args, opts);

/* Each function's arguments and result, by name (`GetRoomArgs`, `GetRoomResult`, ...). */
export type GetTeamDefaultsArgs = FunctionArgs<"getTeamDefaults">;
export type GetTeamDefaultsResult = FunctionResult<"getTeamDefaults">;
export type GetRoomArgs = FunctionArgs<"getRoom">;
export type GetRoomResult = FunctionResult<"getRoom">;
export type GetRoomsArgs = FunctionArgs<"getRooms">;
export type GetRoomsResult = FunctionResult<"getRooms">;
export type GetRolesArgs = FunctionArgs<"getRoles">;
export type GetRolesResult = FunctionResult<"getRoles">;
export type GetRoleArgs = FunctionArgs<"getRole">;
export type GetRoleResult = FunctionResult<"getRole">;
export type GetRoomStatisticsArgs = FunctionArgs<"getRoomStatistics">;
export type GetRoomStatisticsResult = FunctionResult<"getRoomStatistics">;
export type GetTeamStatisticsArgs = FunctionArgs<"getTeamStatistics">;
export type GetTeamStatisticsResult = FunctionResult<"getTeamStatistics">;
export type GetRoomChatArgs = FunctionArgs<"getRoomChat">;
export type GetRoomChatResult = FunctionResult<"getRoomChat">;
export type GetRoomTranscriptsArgs = FunctionArgs<"getRoomTranscripts">;
export type GetRoomTranscriptsResult = FunctionResult<"getRoomTranscripts">;
export type ExportRoomTranscriptsArgs = FunctionArgs<"exportRoomTranscripts">;
export type ExportRoomTranscriptsResult = FunctionResult<"exportRoomTranscripts">;
