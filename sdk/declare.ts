/**
 * What an SDK resource registers, derived from its kind's declaration (data only; the provider's
 * behaviour is reached only through the shim's run-time require): every output named (a dynamic
 * resource exposes as properties only the keys present in the props it registers), secret inputs
 * wrapped whatever the caller passed, the inputs the SDK fills itself, and the outputs the engine
 * must keep secret.
 */
import * as pulumi from "@pulumi/pulumi";
import type { Declaration } from "../provider/declarations/declare";
import { outputPlaceholders, resourceNameInputs, secretInputs, secretOutputNames } from "../provider/declarations/derive";

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
    return props;
}

/** The caller's options plus the kind's secret outputs. */
export function resourceOptions(d: Declaration, opts: pulumi.CustomResourceOptions | undefined): pulumi.CustomResourceOptions {
    return { ...opts, additionalSecretOutputs: [...(opts?.additionalSecretOutputs ?? []), ...secretOutputNames(d)] };
}
