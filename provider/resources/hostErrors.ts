/**
 * One report per failure in the dynamic face. When check, diff, read or delete throws, @pulumi/pulumi's
 * dynamic-provider host (cmd/dynamic-provider) both answers the engine with the error, which the engine shows on
 * the resource, and first writes `${error}: ${error.stack}` to its stderr, which the engine shows a second time, on
 * the stack, as "Error: X: Error: X" followed by frames into the host's compiled sources. (Create and update errors
 * go only to the engine.) The provider's messages already name the resource and what failed, so the host's stderr
 * copy of an error this provider threw is dropped: that exact text, once; everything else the host prints stays.
 *
 * Patching console.error is the only hook: the host prints with it and offers no option to stop. So the patch is as
 * narrow as it can be: installed only in the dynamic-provider host's process (its script is the process's main
 * module), and only at the first error this provider throws there; elsewhere (a program, a test, the plugin) this
 * module changes nothing.
 */
import type * as pulumi from "@pulumi/pulumi";

/**
 * True in the dynamic-provider host: Pulumi starts it as `node <@pulumi/pulumi>/cmd/dynamic-provider <args>`
 * (pulumi-resource-pulumi-nodejs), so its script is the process's first argument.
 */
const inDynamicProviderHost = /[\\/]cmd[\\/]dynamic-provider([\\/]index\.js)?$/.test(process.argv[1] ?? "");

/** The texts the host is about to print for errors thrown here (a few at a time: each is dropped when printed). */
const expected = new Set<string>();
let filtering = false;

function dropHostCopy(error: unknown): void {
    if (!inDynamicProviderHost || !(error instanceof Error)) return;
    if (!filtering) {
        filtering = true;
        const print = console.error.bind(console);
        console.error = (...args: unknown[]) => {
            if (args.length === 1 && typeof args[0] === "string" && expected.delete(args[0])) return;
            print(...args);
        };
    }
    // The host's own formatting; `stack` is formatted once and kept, so the text is the one it will print.
    expected.add(`${String(error)}: ${error.stack}`);
    // Bounded: the host prints none for an error it does not see (one caught further in), so they could pile up.
    if (expected.size > 50) expected.delete(expected.values().next().value!);
}

/** The call, its error reported once (by the engine, on the resource whose check configured the provider). */
export async function reported<T>(call: () => Promise<T>): Promise<T> {
    try {
        return await call();
    } catch (error) {
        dropHostCopy(error);
        throw error;
    }
}

/** The provider, its check, diff, read and delete errors reported once (by the engine, on the resource). */
export function reportingOnce<P extends pulumi.dynamic.ResourceProvider>(provider: P): P {
    const p = provider as pulumi.dynamic.ResourceProvider;
    return {
        check: p.check ? (olds, news) => reported(() => p.check!(olds, news)) : undefined,
        diff: p.diff ? (id, olds, news) => reported(() => p.diff!(id, olds, news)) : undefined,
        create: (inputs) => p.create(inputs),
        read: p.read ? (id, props) => reported(() => p.read!(id, props)) : undefined,
        update: p.update ? (id, olds, news) => p.update!(id, olds, news) : undefined,
        delete: p.delete ? (id, props) => reported(() => p.delete!(id, props)) : undefined,
    } as P;
}
