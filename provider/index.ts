/**
 * `require("pulumi-vcrooms/provider")`: the dynamic face. The SDK's serialized shims require this module at run
 * time and call `configure(config)` and `providers[kind].check/diff/create/read/update/delete(...)` with Pulumi's
 * dynamic-provider arguments (docs/architecture.md, decision 2); the SDK's getX call `invokeFunction`.
 *
 * A thin translation of the process's runtime (provider/runtime.ts): each call of Pulumi's dynamic interface is the
 * kind's own call. Each provider is a `pulumi.dynamic.ResourceProvider` usable directly.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { Kind } from "./declarations";
import type { FunctionName, FunctionResult } from "./functions";
import type { StackConfig } from "./model/connection";
import { NO_STACK_CONFIG, Runtime } from "./runtime";
import { reportingOnce } from "./resources/hostErrors";

const runtime = new Runtime();

/** Pulumi's dynamic interface, every call present but `update` (a kind whose every change replaces has none). */
export type DynamicProvider = Required<Omit<pulumi.dynamic.ResourceProvider, "update" | "configure">> & Pick<pulumi.dynamic.ResourceProvider, "update">;

/**
 * The runtime's kinds as Pulumi's dynamic interface, each failure reported once, not again by the dynamic-provider
 * host (resources/hostErrors.ts). A kind is already a dynamic provider: its calls are the dynamic interface's with an
 * optional context, which the dynamic host never passes (the kinds hide the bookkeeping inputs and take the resource
 * name from the SDK's name input: resources/hiddenKeys.ts).
 */
export const providers = Object.fromEntries(Object.entries(runtime.kinds).map(([kind, k]) => [kind, reportingOnce<DynamicProvider>(k)])) as Record<Kind, DynamicProvider>;

export type ProviderKind = Kind;

/** Called by the shims' `configure` with the stack configuration (`vcrooms:*`). */
export function configure(config: StackConfig): void {
    runtime.configure(config);
}

/**
 * What the SDK's `__provider` text returns for a kind (sdk/shim.ts): its provider plus the `configure` the
 * dynamic-provider host calls with the stack's config. Here rather than in that text, which state keeps twice per
 * resource. The earlier texts forward through `providers` and `configure`, which stay for them.
 */
export const shims = Object.fromEntries(
    Object.entries(providers).map(([kind, p]) => [kind, { ...p, configure: async (req: pulumi.dynamic.ConfigureRequest) => configure(req.config) }]),
) as Record<Kind, DynamicProvider & Required<Pick<pulumi.dynamic.ResourceProvider, "configure">>>;

/**
 * The data functions, by name: `invokeFunction("getRoom", {room}, stackConfig)` (what the SDK's getX call). `stack`
 * is the program's stack config (`vcrooms:*`), absent in a plain script, where the environment serves.
 */
export function invokeFunction<N extends FunctionName>(name: N, args: unknown, stack?: StackConfig): Promise<FunctionResult<N>> {
    runtime.configure(stack ?? NO_STACK_CONFIG);
    return runtime.invoke(name, args);
}
export { secretResultFields } from "./functions";
export type { FunctionName } from "./functions";

/** For integrators who build join tokens themselves (the SDK's signJoinToken and verifyJoinToken). */
export { JoinTokenError, signJoinToken, verifyJoinToken } from "./api/joinToken";
