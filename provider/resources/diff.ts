/**
 * The diff of any resource kind, derived from its declaration (docs/architecture.md, decision 3): only
 * what the user declared counts, each setting compared by its compare kind, each extra input by
 * value; create-only inputs replace; an input unique in the team makes the replacement delete
 * first.
 */
import type { Declaration, Values } from "../declarations/declaration";
import { replacementInputs, stableOutputs, userExtras } from "../declarations/derive";
import type { KnownRoles } from "../model/compare";
import type { KindDiff, PropertyDiffKind } from "./kind";
import { changedSettings } from "./reconcile";

function sameExtra(a: unknown, b: unknown): boolean {
    return JSON.stringify(a) === JSON.stringify(b);
}

/** How one input changes from `olds` to `news`: added, deleted or updated, and whether that replaces. */
export function changeKind(key: string, olds: Values, news: Values, replace: boolean): PropertyDiffKind {
    const base = news[key] === undefined ? "DELETE" : olds[key] === undefined ? "ADD" : "UPDATE";
    return `${base}${replace ? "_REPLACE" : ""}` as PropertyDiffKind;
}

/** The detailed diff of the inputs that change, those in `replaces` replacing. */
export function detailOf(changed: readonly string[], replaces: readonly string[], olds: Values, news: Values): KindDiff["detailedDiff"] {
    return Object.fromEntries([...new Set([...changed, ...replaces])].map((k) => [k, changeKind(k, olds, news, replaces.includes(k))]));
}

/** A diff in which `key` changes and replaces the resource (a team move, an expired room), whatever else it had. */
export function replacedBy(diff: KindDiff, key: string, olds: Values, news: Values): KindDiff {
    const replaces = diff.replaces.includes(key) ? diff.replaces : [...diff.replaces, key];
    return { ...diff, changes: true, replaces, detailedDiff: { ...diff.detailedDiff, [key]: changeKind(key, olds, news, true) } };
}

/**
 * Whether a replacement must delete first: it would collide with the resource it replaces under the same declared
 * unique value. A generated value is generated anew for the replacement (the engine checks it again with no olds), so
 * the new resource can come first and the old one go at the end, as Pulumi's auto-naming does.
 */
function deletesFirst(d: Declaration, olds: Values, news: Values): boolean {
    const unique = d.uniqueInput;
    return unique !== undefined && news[unique] === olds[unique] && !(d.generatedFlag !== undefined && news[d.generatedFlag] === true);
}

/**
 * Whether a `replaceOnChanges` path (`description`, `*`, `roles[0]`) covers a changed input, as the engine matches
 * them (a path covers what lies under it; `*` any one name): a diff names top-level inputs, so only a one-name path
 * covers one, as in the plugin face, where the engine matches the same detailed diff.
 */
export function pathCovers(path: string, key: string): boolean {
    const names = path.match(/[^.[\]"]+/g) ?? [];
    return names.length === 1 && (names[0] === "*" || names[0] === key);
}

/**
 * The diff with every change a `replaceOnChanges` path covers replacing, as the engine makes it from a detailed diff
 * (the dynamic face, whose host sends the engine none: provider/index.ts).
 */
export function withReplaceOnChanges(d: Declaration, diff: KindDiff, paths: readonly string[], olds: Values, news: Values): KindDiff {
    const covered = Object.keys(diff.detailedDiff).filter((key) => paths.some((p) => pathCovers(p, key)));
    if (!diff.changes || covered.length === 0) return diff;
    const replaces = [...new Set([...diff.replaces, ...covered])];
    return { ...diff, replaces, deleteBeforeReplace: diff.deleteBeforeReplace || deletesFirst(d, olds, news), detailedDiff: { ...diff.detailedDiff, ...detailOf(covered, covered, olds, news) } };
}

/** `olds` are the last outputs (the live record as last seen, plus extra inputs and bookkeeping). */
export function diffOf(d: Declaration, olds: Values, news: Values, teamRoles: KnownRoles = []): KindDiff {
    const changed = [...changedSettings(d, news, olds, teamRoles), ...userExtras(d).map(([name]) => name).filter((name) => !sameExtra(news[name], olds[name]))];
    const replacing = new Set(replacementInputs(d));
    const replaces = changed.filter((k) => replacing.has(k));
    return {
        changes: changed.length > 0,
        replaces,
        deleteBeforeReplace: replaces.length > 0 && deletesFirst(d, olds, news),
        stables: stableOutputs(d),
        detailedDiff: detailOf(changed, replaces, olds, news),
    };
}
