/**
 * The serialized provider of every SDK resource: the `__provider` text of a dynamic resource, a one-line module
 * that forwards to `require("pulumi-vcrooms/provider")`, resolved at run time from the program's node_modules
 * (docs/architecture.md, decision 2).
 *
 * Pulumi stores that text in state twice per resource: in the inputs (check, diff, create and update read it from
 * the new inputs) and in the outputs (read and delete have only those). So it is kept to the least text that
 * forwards, about 70 bytes (150 before, when it built the provider object itself), and written here rather than
 * serialized from a provider object by `pulumi.dynamic.Resource`: closure serialization wraps each method in its
 * own scaffolding, 2.7 KB for the seven methods of the earliest shim. The text never changes with this package's
 * contents, so an upgrade changes the code that runs without `__provider` showing as a change, and no credential
 * or schema is ever captured.
 *
 * The dynamic-provider host (`@pulumi/pulumi/cmd/dynamic-provider`) loads the text with `require-from-string`,
 * calls `handler()` once per distinct text and process, then `configure` with the stack's config. The provider
 * returned is the module's `shims[kind]`: the kind's provider plus a `configure` that hands the config to the
 * module. Stacks written with the earlier shims keep their text in state until a resource is updated or
 * refreshed; those texts forward through the module's `providers` and `configure`, which therefore stay as they are.
 */
import * as pulumi from "@pulumi/pulumi";

import type { Kind as ProviderKind } from "../provider/declarations";

export type { ProviderKind };

/** The `__provider` text of a kind. */
export function shimText(kind: ProviderKind): string {
    return `exports.handler=()=>require("pulumi-vcrooms/provider").shims.${kind}`;
}

/** The type token a kind's dynamic resources register under (and their URNs carry). */
export function dynamicType(type: string): string {
    return `pulumi-nodejs:dynamic/vcrooms:${type}`;
}

/**
 * A dynamic resource (`pulumi-nodejs:dynamic/vcrooms:<type>`, run by the engine's dynamic-provider host) whose
 * provider is the kind's shim text: what `pulumi.dynamic.Resource` registers, with the text given rather than
 * serialized.
 */
export abstract class ShimResource extends pulumi.CustomResource {
    protected constructor(kind: ProviderKind, type: string, name: string, props: pulumi.Inputs, opts: pulumi.CustomResourceOptions | undefined) {
        super(dynamicType(type), name, { ...props, __provider: shimText(kind) }, opts);
    }
}
