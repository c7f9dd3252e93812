/**
 * The serialized provider of every SDK resource: the `__provider` text of a dynamic resource, a one-line module
 * that forwards to `require("pulumi-vcrooms/provider")`, resolved at run time from the program's node_modules
 * (docs/architecture.md, decision 2).
 *
 * Pulumi stores that text in state twice per resource: in the inputs (check, diff, create and update read it from
 * the new inputs) and in the outputs (read and delete have only those). So it is kept to the least text that
 * forwards, about 150 bytes, and written here rather than serialized from a provider object by
 * `pulumi.dynamic.Resource`: closure serialization wraps each method in its own scaffolding, 2.7 KB for the
 * seven methods of the earlier shim. The text never changes with this package's contents, so an upgrade changes
 * the code that runs without `__provider` showing as a change, and no credential or schema is ever captured.
 *
 * The dynamic-provider host (`@pulumi/pulumi/cmd/dynamic-provider`) loads the text with `require-from-string`,
 * calls `handler()` once per distinct text and process, then `configure` with the stack's config. The provider
 * returned is the kind's own provider object as prototype (its methods, with `this` reaching its fields) plus a
 * `configure` that hands the config to the module. Stacks written with the earlier shim keep its text in state
 * until a resource is updated or refreshed; that text forwards through the same two exports (`providers`,
 * `configure`), which therefore stay as they are.
 */
import * as pulumi from "@pulumi/pulumi";

import type { Kind as ProviderKind } from "../provider/declarations";

export type { ProviderKind };

/** The `__provider` text of a kind. */
export function shimText(kind: ProviderKind): string {
    return `exports.handler=()=>{const m=require("pulumi-vcrooms/provider");return Object.create(m.providers.${kind},{configure:{value:async r=>m.configure(r.config)}})}`;
}

/**
 * A dynamic resource (`pulumi-nodejs:dynamic/vcrooms:<type>`, run by the engine's dynamic-provider host) whose
 * provider is the kind's shim text: what `pulumi.dynamic.Resource` registers, with the text given rather than
 * serialized.
 */
export abstract class ShimResource extends pulumi.CustomResource {
    protected constructor(kind: ProviderKind, type: string, name: string, props: pulumi.Inputs, opts: pulumi.CustomResourceOptions | undefined) {
        super(`pulumi-nodejs:dynamic/vcrooms:${type}`, name, { ...props, __provider: shimText(kind) }, opts);
    }
}
