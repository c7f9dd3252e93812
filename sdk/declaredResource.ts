/**
 * What an SDK resource registers, derived from its kind's declaration (data only; the provider's
 * behaviour is reached only through the shim's run-time require): every output named (a dynamic
 * resource exposes as properties only the keys present in the props it registers), secret inputs
 * wrapped whatever the caller passed, the inputs the SDK fills itself, and the outputs the engine
 * must keep secret.
 */
import * as pulumi from "@pulumi/pulumi";
import type { Declaration } from "../provider/declarations/declaration";
import { declarations } from "../provider/declarations";
import { inputSettings } from "../provider/declarations/declaration";
import { carryingOutputs, echoSentinel, hiddenKey, outputPlaceholders, unplannedEchoes, resourceNameInputs, secretInputs, secretOutputNames, stackInputs } from "../provider/declarations/derive";
import { ShimResource, type ProviderKind } from "./shim";

/**
 * Makes a secret input secret in state and plans whatever the caller passed. An object input with
 * secret keys (the connection's developerKey) keeps its other fields readable when it is a plain
 * object; given as one Output, it becomes a secret as a whole.
 */
function secretForm(value: unknown, secret: true | readonly string[]): unknown {
    if (value === undefined) return undefined;
    if (secret === true || pulumi.Output.isInstance(value) || value instanceof Promise || value === null || typeof value !== "object") return pulumi.secret(value);
    const object = value as Record<string, unknown>;
    return { ...object, ...Object.fromEntries(secret.filter((k) => object[k] !== undefined).map((k) => [k, pulumi.secret(object[k])])) };
}

/** The props a resource registers: placeholders for every output, then the args, secrets wrapped. */
export function resourceProps(d: Declaration, name: string, args: Record<string, unknown>): Record<string, unknown> {
    const props: Record<string, unknown> = { ...outputPlaceholders(d), ...args };
    for (const [key, secret] of secretInputs(d)) if (key in args) props[key] = secretForm(args[key], secret);
    // Bookkeeping, under the `__` names the engine's display hides (provider/resources/hiddenKeys.ts).
    for (const key of resourceNameInputs(d)) props[hiddenKey(key)] = name;
    for (const key of stackInputs(d)) props[hiddenKey(key)] = `${pulumi.getProject()}/${pulumi.getStack()}`;
    return props;
}

/**
 * Whether a value may be a secret: the SDK cannot tell synchronously (an Output's secretness is a promise), so any
 * Output or promise counts. A plain value the program wrote is not secret.
 */
const maySecret = (v: unknown) => pulumi.Output.isInstance(v) || v instanceof Promise;

/**
 * Inherited secrets across the program: by the type inherited from (TeamDefaults), the settings given to it as maybe
 * secret values, and the secret-output lists of the resources that inherit them (rooms) with what each declares itself.
 * The lists are read when the resource's registration is sent, after the program's synchronous declarations have all
 * run, so a TeamDefaults declared after its rooms still reaches them.
 */
const inherited = new Map<string, { names: Set<string>; heirs: Array<{ list: string[]; declared: Set<string> }> }>();
const inheritance = (type: string) => inherited.get(type) ?? inherited.set(type, { names: new Set(), heirs: [] }).get(type)!;

/** The caller's options plus the kind's secret outputs, those carrying a maybe-secret input's value, and those inherited. */
export function resourceOptions(d: Declaration, opts: pulumi.CustomResourceOptions | undefined, args: Record<string, unknown> = {}): pulumi.CustomResourceOptions {
    const list = [...(opts?.additionalSecretOutputs ?? []), ...secretOutputNames(d), ...carryingOutputs(d).filter(([, input]) => maySecret(args[input])).map(([output]) => output)];
    if (Object.values(declarations).some((other) => other.inheritsFrom === d.type)) {
        const given = inheritance(d.type);
        for (const name of inputSettings(d).keys()) if (maySecret(args[name])) given.names.add(name);
        for (const heir of given.heirs) for (const name of given.names) if (!heir.declared.has(name) && !heir.list.includes(name)) heir.list.push(name);
    }
    if (d.inheritsFrom) {
        const from = inheritance(d.inheritsFrom);
        const declared = new Set(Object.keys(args).filter((k) => args[k] !== undefined));
        list.push(...[...from.names].filter((name) => !declared.has(name)));
        from.heirs.push({ list, declared });
    }
    return { ...opts, additionalSecretOutputs: list };
}

/**
 * The base of every SDK resource: registers a kind's declaration through its shim provider.
 *
 * Registration runs with stack capture off. For each registered output the SDK makes four promises and
 * captures a stack trace for each (`debuggablePromise`), kept only for its report of leaked promises; under
 * `pulumi` the stack is formatted through source-map-support, frame by frame. A Room registers about 130
 * outputs, so that capture was most of a preview's time: 100 rooms through the real CLI took 22.1 s against
 * 5.7 s for 100 no-op dynamic resources, and 8.1 s with capture off (bench/realCli.ts; the README's performance section).
 * Nothing the engine shows is lost: the SDK records the resource's source position with its own stack limit,
 * and a leak report still names each promise by resource and property.
 */
export abstract class DeclaredResource extends ShimResource {
    protected constructor(kind: ProviderKind, d: Declaration, name: string, args: object, opts: pulumi.CustomResourceOptions | undefined) {
        const limit = Error.stackTraceLimit;
        const prepare = Error.prepareStackTrace;
        Error.stackTraceLimit = 0;
        Error.prepareStackTrace = (error, frames) => (prepare ?? defaultStack)(error, frames.filter((f) => !BETWEEN.has(f.getFileName() ?? "")));
        try {
            super(kind, d.type, name, resourceProps(d, name, args as Record<string, unknown>), resourceOptions(d, opts, args as Record<string, unknown>));
        } finally {
            Error.stackTraceLimit = limit;
            Error.prepareStackTrace = prepare;
        }
        if (pulumi.runtime.isDryRun()) withoutEchoes(this, d);
    }
}

/**
 * A dynamic resource's preview of a create or update is the engine's: it answers with the inputs as outputs (the
 * dynamic-provider host has no preview of its own). An output of an input's name that is another value or type once
 * the up has run (a join token's `expiresAt` of 60 minutes is an instant; a room's `defaultRole` name is a role
 * object) must not be planned as that input: it is made unknown wherever the kind's sentinel output, which no input
 * gives, is unknown (that is, where the engine answered with the inputs). An unchanged resource keeps its outputs.
 */
function withoutEchoes(resource: DeclaredResource, d: Declaration): void {
    const sentinel = echoSentinel(d);
    const outputs = resource as unknown as Record<string, pulumi.Output<unknown> | undefined>;
    const known = sentinel === undefined ? undefined : outputs[sentinel];
    if (known === undefined) return;
    for (const name of unplannedEchoes(d)) {
        const echo = outputs[name];
        if (echo !== undefined) outputs[name] = pulumi.all([echo, known]).apply(([value]) => value);
    }
}

/**
 * The files of the constructors between a resource's own class (Room) and `pulumi.CustomResource`. The SDK takes a
 * resource's source position and stack trace from `new Error().stack`, skipping a fixed number of frames: as many
 * as a generated SDK's one class adds. Left in, these two frames became the resource's source position (this file,
 * not the program's line that declared the resource) and two frames of every resource's stack trace in state,
 * about 290 bytes a Room. Without them the engine records the program's line, as for the plugin face.
 */
const BETWEEN = new Set([__filename, require.resolve("./shim")]);

/** V8's own format, for a process without source-map-support (the engine's host always has it). */
const defaultStack = (error: Error, frames: NodeJS.CallSite[]) => [String(error), ...frames.map((f) => `    at ${f}`)].join("\n");
