/**
 * Bookkeeping inputs travel between the providers and the engine as `__<name>` (`__resourceName`, `__stack`,
 * `__friendlyUrlGenerated`): the engine's display leaves out every property key that starts with "__"
 * (`resource.IsInternalPropertyKey` in pulumi/pkg's backend/display, which hides `__provider` the same way), so
 * `pulumi preview --diff` shows only what the user declared. The providers themselves use the plain names.
 *
 * A state written before keeps its plain names: a call that receives a plain name answers with the plain name, so an
 * existing resource shows no change after an upgrade (and its refresh no renamed property); only resources created
 * from then on carry the `__` form.
 */
import type { Declaration, Values } from "../declarations/declaration";
import { PROCESS_CONTEXT, type Context, type ResourceKind } from "./kind";
import { bookkeepingInputs, hiddenKey, resourceNameInputs, urnInputs } from "../declarations/derive";

export { hiddenKey };

/** The bag with each bookkeeping key under its plain name, and the keys that came plain (a state written before). */
function inward(keys: readonly string[], bag: Values | undefined): { plain: Values | undefined; legacy: Set<string> } {
    const legacy = new Set<string>();
    if (bag === undefined || bag === null) return { plain: bag, legacy };
    const plain: Values = { ...bag };
    for (const key of keys) {
        if (hiddenKey(key) in plain) {
            plain[key] = plain[hiddenKey(key)];
            delete plain[hiddenKey(key)];
        } else if (key in plain) legacy.add(key);
    }
    return { plain, legacy };
}

/** The bag with each bookkeeping key hidden, but those in `legacy`. */
function outward<T>(keys: readonly string[], bag: T, legacy: ReadonlySet<string>): T {
    if (bag === undefined || bag === null || typeof bag !== "object") return bag;
    const out: Values = { ...(bag as Values) };
    for (const key of keys) {
        if (key in out && !legacy.has(key)) {
            out[hiddenKey(key)] = out[key];
            delete out[key];
        }
    }
    return out as T;
}

/**
 * The call's context with the resource name and URN: the face's, or else the inputs the SDK fills (read from the bag
 * already unhidden, so a state written before, with the plain key, serves too). The dynamic face knows neither but
 * from these inputs; the plugin face knows both from the request.
 */
function named(ctx: Context | undefined, nameKeys: readonly string[], plain: Values | undefined, urnKeys: readonly string[] = []): Context {
    let base = ctx ?? PROCESS_CONTEXT;
    const input = (keys: readonly string[]) => keys.map((key) => plain?.[key]).find((value) => typeof value === "string") as string | undefined;
    const name = base.resourceName === undefined ? input(nameKeys) : undefined;
    if (name !== undefined) base = { ...base, resourceName: name };
    const urn = base.resourceUrn === undefined ? input(urnKeys) : undefined;
    return urn !== undefined ? { ...base, resourceUrn: urn } : base;
}

const union = (...sets: ReadonlyArray<ReadonlySet<string>>) => new Set(sets.flatMap((s) => [...s]));

/**
 * The kind as the engine (through either face) sees it: bookkeeping keys hidden on the way out, unhidden on the way
 * in, and the context's resource name and URN taken from their inputs when the face does not know them. The runtime wraps
 * every kind in it, so both faces share it.
 */
export function hidingBookkeeping(d: Declaration, kind: ResourceKind): ResourceKind {
    const keys = bookkeepingInputs(d);
    if (keys.length === 0) return kind;
    const nameKeys = resourceNameInputs(d);
    const urnKeys = urnInputs(d);
    const ctxOf = (ctx: Context | undefined, plain: Values | undefined) => named(ctx, nameKeys, plain, urnKeys);
    const update = kind.update?.bind(kind);
    const planned = kind.planned?.bind(kind);
    const generated = kind.generated?.bind(kind);
    return {
        async check(olds, news, ctx) {
            const o = inward(keys, olds);
            const n = inward(keys, news);
            const result = await kind.check(o.plain as Values, n.plain as Values, ctxOf(ctx, n.plain));
            // A plain name in, a plain name out: an existing resource's state keeps the form it has.
            return { ...result, inputs: outward(keys, result.inputs, union(o.legacy, n.legacy)) };
        },
        diff(id, olds, news, ctx) {
            const n = inward(keys, news).plain;
            return kind.diff(id, inward(keys, olds).plain as Values, n as Values, ctxOf(ctx, n));
        },
        async create(inputs, ctx) {
            const i = inward(keys, inputs);
            try {
                const result = await kind.create(i.plain as Values, ctxOf(ctx, i.plain));
                return { ...result, outs: outward(keys, result.outs, i.legacy) };
            } catch (error) {
                // A failed create the engine keeps in the stack (its `id` and `properties`): those go out as outputs do.
                const kept = error as { properties?: Values };
                if (kept.properties !== undefined) kept.properties = outward(keys, kept.properties, i.legacy);
                throw error;
            }
        },
        async read(id, props, ctx) {
            const s = inward(keys, props);
            const result = await kind.read(id, s.plain, ctxOf(ctx, s.plain));
            return { ...result, props: outward(keys, result.props, s.legacy), ...(result.inputs ? { inputs: outward(keys, result.inputs, s.legacy) } : {}) };
        },
        ...(update
            ? {
                  async update(id: string, olds: Values, news: Values, ctx?: Parameters<typeof update>[3]) {
                      const o = inward(keys, olds);
                      const n = inward(keys, news);
                      const result = await update(id, o.plain as Values, n.plain as Values, ctxOf(ctx, n.plain));
                      return { ...result, outs: outward(keys, result.outs, union(o.legacy, n.legacy)) };
                  },
              }
            : {}),
        delete(id, props, ctx) {
            const p = inward(keys, props).plain;
            return kind.delete(id, p as Values, ctxOf(ctx, p));
        },
        ...(planned
            ? {
                  async planned(id: string | undefined, news: Values, olds: Values | undefined, ctx?: Parameters<typeof planned>[3]) {
                      const n = inward(keys, news);
                      const o = olds === undefined ? undefined : inward(keys, olds);
                      const outs = await planned(id, n.plain as Values, o?.plain as Values | undefined, ctxOf(ctx, n.plain));
                      return outward(keys, outs, o === undefined ? n.legacy : union(o.legacy, n.legacy));
                  },
              }
            : {}),
        ...(generated ? { generated: (inputs: Values) => generated(inward(keys, inputs).plain as Values) } : {}),
    };
}
