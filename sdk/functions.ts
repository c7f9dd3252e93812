/**
 * The data functions (their exports, with docs, are rendered into sdk/generated.ts): each `getX(args)` resolves to a camelCase result, and `getXOutput(args)` gives
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
import type { SecretSettingName } from "../provider/model/settings";
import type { FunctionArgs, FunctionName, FunctionResult } from "../provider/functions";

/** Arguments whose values may each be a Pulumi Input. */
export type InputArgs<A> = { [K in keyof A]: pulumi.Input<A[K]> };

/**
 * A result whose secret settings (a room's `restreamKey`, ...) are secret Outputs: exported or passed on, they stay
 * secret in state and plans. Results without such fields are as the function returns them.
 */
export type WithSecrets<R> = [Extract<keyof R, SecretSettingName>] extends [never] ? R : { [K in keyof R]: K extends SecretSettingName ? pulumi.Output<R[K]> : R[K] };

/* eslint-disable @typescript-eslint/no-require-imports */
export async function invoke<N extends FunctionName>(name: N, args: FunctionArgs<N> | undefined, opts: pulumi.InvokeOptions | undefined): Promise<WithSecrets<FunctionResult<N>>> {
    if (opts?.provider) throw reported(`${name}: the SDK's functions take no provider; name another team with the \`connection\` argument`);
    // The stack's config when run by Pulumi; nothing in a plain script, where the environment serves.
    const stack = { get: (key: string) => pulumi.runtime.getConfig(key) };
    const provider = require("pulumi-vcrooms/provider");
    let result: Record<string, unknown>;
    try {
        result = await provider.invokeFunction(name, args, stack);
    } catch (error) {
        throw reported(error);
    }
    const secret: string[] = provider.secretResultFields(name);
    return Object.fromEntries(Object.entries(result).map(([k, v]) => [k, secret.includes(k) ? pulumi.secret(v) : v])) as WithSecrets<FunctionResult<N>>;
}

/**
 * A function's failure as the program reports it: its message alone, as the providers report a resource's failure
 * (it names the function, the room or role, and the API's answer or the broken argument). A `RunError` is what the
 * Pulumi CLI prints without a stack trace. The stack is not only left unprinted but dropped, and the original error
 * not attached: @pulumi/pulumi also formats every uncaught program error with `util.inspect(err, { colors: true })`
 * for its trace, and on Node 20 that spins for tens of seconds over the SDK's own source-mapped stack lines before
 * it gives up (docs/assumptions.md), so a getRoom of a missing room took 45 s to report.
 */
function reported(error: unknown): Error {
    const message = error instanceof Error ? error.message : String(error);
    const failure = new pulumi.RunError(message);
    failure.stack = message;
    return failure;
}

/** Resolves once every resource of `dependsOn` exists: a custom resource's id, a component's URN. */
function dependencies(dependsOn: pulumi.InvokeOutputOptions["dependsOn"]): pulumi.Output<unknown> {
    return pulumi.output(dependsOn ?? []).apply((resources) =>
        pulumi.all(([] as pulumi.Resource[]).concat(resources as pulumi.Resource | pulumi.Resource[]).map((r) => (pulumi.CustomResource.isInstance(r) ? r.id : r.urn))),
    );
}

export function outputOf<N extends FunctionName>(name: N, args: InputArgs<FunctionArgs<N>> | undefined, opts: pulumi.InvokeOutputOptions | undefined): pulumi.Output<WithSecrets<FunctionResult<N>>> {
    return pulumi.all([pulumi.output(args ?? {}), dependencies(opts?.dependsOn)]).apply(([a]) => invoke(name, a as FunctionArgs<N>, opts)) as pulumi.Output<WithSecrets<FunctionResult<N>>>;
}
