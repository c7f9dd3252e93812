/**
 * The diff of any resource kind, derived from its declaration (docs/architecture.md, decision 3): only
 * what the user declared counts, each setting compared by its compare kind, each extra input by
 * value; create-only inputs replace; an input unique in the team makes the replacement delete
 * first.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { Declaration, Values } from "../declarations/declare";
import { replacementInputs, stableOutputs, userExtras } from "../declarations/derive";
import type { KnownRoles } from "./compare";
import { changedSettings } from "./reconcile";

function sameExtra(a: unknown, b: unknown): boolean {
    return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * A diff that also names the inputs that changed: the dynamic-provider host passes on only changes and
 * replaces, but the plugin face turns `changed` into the engine's detailed diff (provider/plugin/adapter.ts).
 */
export type NamedDiff = pulumi.dynamic.DiffResult & { changed?: string[] };

/** `olds` are the last outputs (the live record as last seen, plus extra inputs and bookkeeping). */
export function diffOf(d: Declaration, olds: Values, news: Values, teamRoles: KnownRoles = []): NamedDiff {
    const changed = [...changedSettings(d, news, olds, teamRoles), ...userExtras(d).map(([name]) => name).filter((name) => !sameExtra(news[name], olds[name]))];
    const replacing = new Set(replacementInputs(d));
    const replaces = changed.filter((k) => replacing.has(k));
    const unique = d.uniqueInput;
    return {
        changes: changed.length > 0,
        changed,
        replaces,
        // A replacement under the same declared unique value would collide with the resource it replaces. A
        // generated value is generated anew for the replacement (the engine checks it again with no olds), so
        // the new resource can come first and the old one go at the end, as Pulumi's auto-naming does.
        deleteBeforeReplace: replaces.length > 0 && unique !== undefined && news[unique] === olds[unique] && !(d.generatedFlag !== undefined && news[d.generatedFlag] === true),
        stables: stableOutputs(d),
    };
}
