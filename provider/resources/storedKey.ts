/**
 * A key the API refuses during a refresh, said as it is, for both faces (the runtime wraps every kind in it): a
 * refresh (`pulumi refresh`, `preview --refresh`, `up --refresh`, the audit) reads each resource with the provider
 * configured from the stack's state as the last `pulumi up` left it, and with the `connection` the resource's state
 * keeps, not from today's config (docs/assumptions.md, "Provider configuration is kept in state"). After a developer
 * key rotated and set in config, every read is refused while the config holds the right key, and the API's advice to
 * "check the developer key" alone sent users to a key that was right. Every other member of the kind is its own.
 */
import { AuthenticationError } from "../api";
import type { ResourceKind } from "./kind";

/** What a refused read adds to its error: which key it used, and the way out. */
export const STORED_KEY_REMEDY =
    "a refresh uses the developer key the stack's state holds from its last `pulumi up` (the provider's configuration, or the resource's own `connection`), not the one the config holds now: after rotating the key, run `pulumi up` first (or `pulumi refresh --run-program`, for the provider's key)";

/** Whether the failure, or one it was caused by, is the API refusing the key (401 or 403). */
function refusedKey(error: unknown): boolean {
    const seen = new Set<unknown>();
    for (let e: unknown = error; e instanceof Error && !seen.has(e); e = (e as Error & { cause?: unknown }).cause) {
        if (e instanceof AuthenticationError) return true;
        seen.add(e);
    }
    return false;
}

export function explainingStoredKey(kind: ResourceKind): ResourceKind {
    const read: ResourceKind["read"] = async (id, props, ctx) => {
        try {
            return await kind.read(id, props, ctx);
        } catch (error) {
            // A read with no state is an import, which the engine configures from today's config: nothing stored to blame.
            if (props === undefined || Object.keys(props).length === 0 || !refusedKey(error)) throw error;
            throw new Error(`${(error as Error).message}; ${STORED_KEY_REMEDY}`, { cause: error });
        }
    };
    return new Proxy(kind, {
        get(target, property, receiver) {
            if (property === "read") return read;
            const value: unknown = Reflect.get(target, property, receiver);
            return typeof value === "function" ? value.bind(target) : value;
        },
    });
}
