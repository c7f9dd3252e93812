/**
 * The serialized provider of every SDK resource: a shim that names its kind and forwards each
 * call to `require("pulumi-vcrooms/provider")`, resolved at run time from the program's
 * node_modules (docs/architecture.md, decision 2).
 *
 * Why a shim: Pulumi stores the provider's code text in state as `__provider`. Keeping it a few
 * hundred bytes that never change means an upgrade of this package changes the code that runs
 * without `__provider` ever showing as a change, and no credential or schema is ever captured.
 * The `require` calls sit inside the method bodies on purpose: there closure serialization does
 * not capture them, so the text stays the same whatever this package contains.
 */
import type * as pulumi from "@pulumi/pulumi";

import type { Kind as ProviderKind } from "../provider/declarations";

export type { ProviderKind };

/**
 * One shim per kind for the whole program: the SDK caches a provider's serialized text per
 * provider object, so 500 rooms cost one closure serialization instead of 500.
 */
const shims = new Map<ProviderKind, pulumi.dynamic.ResourceProvider>();

export function shimProvider(kind: ProviderKind): pulumi.dynamic.ResourceProvider {
    let shim = shims.get(kind);
    if (!shim) {
        shim = makeShim(kind);
        shims.set(kind, shim);
    }
    return shim;
}

/* eslint-disable @typescript-eslint/no-require-imports */
function makeShim(kind: ProviderKind): pulumi.dynamic.ResourceProvider {
    return {
        async configure(req) {
            require("pulumi-vcrooms/provider").configure(req.config);
        },
        async check(olds, news) {
            return require("pulumi-vcrooms/provider").providers[kind].check(olds, news);
        },
        async diff(id, olds, news) {
            return require("pulumi-vcrooms/provider").providers[kind].diff(id, olds, news);
        },
        async create(inputs) {
            return require("pulumi-vcrooms/provider").providers[kind].create(inputs);
        },
        async read(id, props) {
            return require("pulumi-vcrooms/provider").providers[kind].read(id, props);
        },
        async update(id, olds, news) {
            return require("pulumi-vcrooms/provider").providers[kind].update(id, olds, news);
        },
        async delete(id, props) {
            return require("pulumi-vcrooms/provider").providers[kind].delete(id, props);
        },
    };
}
