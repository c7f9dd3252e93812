/**
 * What an SDK resource registers, derived from its kind's declaration (data only; the provider's
 * behaviour is reached only through the shim's run-time require): every output named (a dynamic
 * resource exposes as properties only the keys present in the props it registers), secret inputs
 * wrapped whatever the caller passed, the inputs the SDK fills itself, and the outputs the engine
 * must keep secret.
 */
import * as pulumi from "@pulumi/pulumi";
import type { Declaration } from "../provider/declarations/declare";
import { outputPlaceholders, resourceNameInputs, secretInputs, secretOutputNames, stackInputs } from "../provider/declarations/derive";
import { shimProvider, type ProviderKind } from "./shim";

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
    for (const key of resourceNameInputs(d)) props[key] = name;
    for (const key of stackInputs(d)) props[key] = `${pulumi.getProject()}/${pulumi.getStack()}`;
    return props;
}

/** The caller's options plus the kind's secret outputs. */
export function resourceOptions(d: Declaration, opts: pulumi.CustomResourceOptions | undefined): pulumi.CustomResourceOptions {
    return { ...opts, additionalSecretOutputs: [...(opts?.additionalSecretOutputs ?? []), ...secretOutputNames(d)] };
}

/**
 * The base of every SDK resource: registers a kind's declaration through its shim provider.
 *
 * Registration runs with stack capture off. For each registered output the SDK makes four promises and
 * captures a stack trace for each (`debuggablePromise`), kept only for its report of leaked promises; under
 * `pulumi` the stack is formatted through source-map-support, frame by frame. A Room registers about 130
 * outputs, so that capture was most of a preview's time: 100 rooms through the real CLI took 22.1 s against
 * 5.7 s for 100 no-op dynamic resources, and 8.1 s with capture off (bench/realCli.ts; docs/performance).
 * Nothing the engine shows is lost: the SDK records the resource's source position with its own stack limit,
 * and a leak report still names each promise by resource and property.
 */
export abstract class DeclaredResource extends pulumi.dynamic.Resource {
    protected constructor(kind: ProviderKind, d: Declaration, name: string, args: object, opts: pulumi.CustomResourceOptions | undefined) {
        const limit = Error.stackTraceLimit;
        Error.stackTraceLimit = 0;
        try {
            super(shimProvider(kind), name, resourceProps(d, name, args as Record<string, unknown>), resourceOptions(d, opts), "vcrooms", d.type);
        } finally {
            Error.stackTraceLimit = limit;
        }
    }
}
