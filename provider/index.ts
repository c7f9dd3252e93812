/**
 * `require("pulumi-vcrooms/provider")`: the dynamic face. The SDK's serialized shims require this module at run
 * time and call `configure(config)` and `providers[kind].check/diff/create/read/update/delete(...)` with Pulumi's
 * dynamic-provider arguments (docs/architecture.md, decision 2); the SDK's getX call `invokeFunction`.
 *
 * A thin translation of the process's runtime (provider/runtime.ts): each call of Pulumi's dynamic interface is the
 * kind's own call. Each provider is a `pulumi.dynamic.ResourceProvider` usable directly.
 */
import type * as pulumi from "@pulumi/pulumi";
import { declarations, type Kind } from "./declarations";
import type { Declaration, Values } from "./declarations/declaration";
import { generatedCarrier, hiddenKey, REPLACE_ON_CHANGES } from "./declarations/derive";
import { withReplaceOnChanges } from "./resources/diff";
import type { Context, ResourceKind } from "./resources/kind";
import type { FunctionName, FunctionResult } from "./functions";
import type { StackConfig } from "./model/connection";
import { NO_STACK_CONFIG, Runtime } from "./runtime";
import { reported, reportingOnce } from "./resources/hostErrors";
import { warnOnStderr } from "./resources/kind";
import { engineAddress, whenEngineGone } from "./engineWatch";

const runtime = new Runtime();

/**
 * Loaded by the dynamic-provider host (the engine's plugin that runs the shims), the process ends as soon as that
 * engine is gone: the host runs in a process group of its own, so a kill of the CLI's group leaves it running, and it
 * would finish a create for no one (engineWatch.ts). Only there: a program's process, or an Automation API process
 * running an inline program, is the user's, who decides when it ends.
 */
if (/[\\/]@pulumi[\\/]pulumi[\\/]cmd[\\/]dynamic-provider[\\/]index\.js$/.test(require.main?.filename ?? "")) {
    whenEngineGone(engineAddress(process.argv.slice(2)), () => process.exit(1));
}

/** Pulumi's dynamic interface, every call present but `update` (a kind whose every change replaces has none). */
export type DynamicProvider = Required<Omit<pulumi.dynamic.ResourceProvider, "update" | "configure">> & Pick<pulumi.dynamic.ResourceProvider, "update">;

/**
 * The runtime's kinds as Pulumi's dynamic interface, each failure reported once, not again by the dynamic-provider
 * host (resources/hostErrors.ts). A kind is already a dynamic provider: its calls are the dynamic interface's with an
 * optional context, which the dynamic host never passes (the kinds hide the bookkeeping inputs and take the resource
 * name from the SDK's name input: resources/hiddenKeys.ts).
 */
export const providers = Object.fromEntries(
    Object.entries(runtime.kinds).map(([kind, k]) => [kind, reportingOnce<DynamicProvider>(replacingOnChanges(declarations[kind as Kind], planningGenerated(declarations[kind as Kind], k)))]),
) as Record<Kind, DynamicProvider>;

export type ProviderKind = Kind;

/**
 * The kind with its generated unique input (a room's friendly URL: `uniqueInput` with `generatedFlag`) carried through
 * an update in the hidden input `generatedCarrier` names. The engine answers a dynamic resource's update preview with
 * its checked inputs (the dynamic-provider host has no preview of its own), and a generated name is not among them: it
 * was planned unknown, and a purge or join token naming the room by it was previewed as replaced. Check carries the
 * value the resource has: the one carried before, else the one its create made (the kind's `generated`, from the create
 * id and resource name the old inputs hold); a refresh's inputs carry the value read. The SDK plans the output from it.
 * Hidden, it never shows in the engine's display as a declared input, and the kind never sees it, so it never renames
 * the room nor makes a replacement delete first; a replacement, checked with no olds, carries nothing and gets a new name.
 */
function planningGenerated(d: Declaration, kind: ResourceKind): ResourceKind {
    const unique = d.uniqueInput;
    const flag = d.generatedFlag;
    const carrier = generatedCarrier(d);
    const generated = kind.generated?.bind(kind);
    if (unique === undefined || flag === undefined || carrier === undefined || generated === undefined) return kind;
    // The engine's form hides the flag (`__<name>`); a state written before holds the plain name.
    const flagged = (bag: Values) => bag[hiddenKey(flag)] === true || bag[flag] === true;
    const without = (bag: Values): Values => {
        if (!(carrier in bag)) return bag;
        const { [carrier]: _carried, ...rest } = bag;
        return rest;
    };
    // Only where the name is generated and the inputs do not hold it themselves (a state written before may).
    const carrying = (inputs: Values, value: unknown) => (flagged(inputs) && inputs[unique] === undefined && typeof value === "string" ? { ...inputs, [carrier]: value } : inputs);
    const update = kind.update?.bind(kind);
    return {
        ...kind,
        async check(olds, news, ctx) {
            const result = await kind.check(without(olds), news, ctx);
            const value = typeof olds[carrier] === "string" ? olds[carrier] : flagged(olds) ? generated(olds) : undefined;
            return { ...result, inputs: carrying(result.inputs, value) };
        },
        diff: (id, olds, news, ctx) => kind.diff(id, olds, without(news), ctx),
        create: (inputs, ctx) => kind.create(without(inputs), ctx),
        async read(id, props, ctx) {
            const result = await kind.read(id, props, ctx);
            return result.inputs === undefined ? result : { ...result, inputs: carrying(result.inputs, result.props[unique]) };
        },
        ...(update ? { update: (id: string, olds: Values, news: Values, ctx?: Context) => update(id, olds, without(news), ctx) } : {}),
        delete: (id, props, ctx) => kind.delete(id, props, ctx),
    };
}

/** The bag without the replaceOnChanges input, and that input's paths. */
function withoutPaths(bag: Values | undefined): { plain: Values; paths: string[] | undefined } {
    const { [REPLACE_ON_CHANGES]: given, ...plain } = bag ?? {};
    return { plain, paths: Array.isArray(given) ? given.filter((p): p is string => typeof p === "string") : undefined };
}

/**
 * The kind with the resource's `replaceOnChanges` option honoured: the SDK passes it as an input
 * (`__replaceOnChanges`), check keeps it in the inputs (so the engine keeps it in state, where a diff finds it), and a
 * diff replaces on a change the option covers. The dynamic host sends the engine only a diff's `replaces`, no list of
 * changed properties, so the engine itself cannot match the option.
 */
function replacingOnChanges(d: Declaration, kind: ResourceKind): ResourceKind {
    const update = kind.update?.bind(kind);
    const planned = kind.planned?.bind(kind);
    return {
        read: kind.read.bind(kind),
        delete: kind.delete.bind(kind),
        ...(planned ? { planned } : {}),
        async check(olds, news, ctx) {
            const n = withoutPaths(news);
            const result = await kind.check(withoutPaths(olds).plain, n.plain, ctx);
            return n.paths === undefined ? result : { ...result, inputs: { ...result.inputs, [REPLACE_ON_CHANGES]: n.paths } };
        },
        async diff(id, olds, news, ctx) {
            const n = withoutPaths(news);
            const o = withoutPaths(olds).plain;
            const diff = await kind.diff(id, o, n.plain, ctx);
            return n.paths === undefined ? diff : withReplaceOnChanges(d, diff, n.paths, o, n.plain);
        },
        create: (inputs, ctx) => kind.create(withoutPaths(inputs).plain, ctx),
        ...(update ? { update: (id: string, olds: Values, news: Values, ctx?: Context) => update(id, withoutPaths(olds).plain, withoutPaths(news).plain, ctx) } : {}),
    };
}

/**
 * Called by the shims' `configure` with the stack configuration (`vcrooms:*`). Its warnings go to stderr, which the
 * engine shows on the stack (the dynamic-provider host has no engine log).
 */
export function configure(config: StackConfig): void {
    for (const warning of runtime.configure(config)) warnOnStderr(warning);
}

/**
 * What the SDK's `__provider` text returns for a kind (sdk/shim.ts): its provider plus the `configure` the
 * dynamic-provider host calls with the stack's config. Here rather than in that text, which state keeps twice per
 * resource. The earlier texts forward through `providers` and `configure`, which stay for them.
 */
export const shims = Object.fromEntries(
    // A configuration refused is reported once too: the host calls configure inside check and prints what it throws.
    Object.entries(providers).map(([kind, p]) => [kind, { ...p, configure: (req: pulumi.dynamic.ConfigureRequest) => reported(async () => configure(req.config)) }]),
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
