/**
 * Keeps the values of secret inputs out of every message a kind produces: its errors, its warnings and its check
 * failures. A secret is an input the settings table or the declaration always keeps secret, or one the program gave
 * as a secret (`pulumi.secret(...)`, secret config), which only the face knows: the plugin face names them in the
 * context (`secretInputs`), the dynamic face's SDK in the `givenSecrets` input. The kinds build their messages from plain values (a friendly URL in "Unable to create room
 * "board" (friendly URL ...)", an API path, a check failure's "got ..."), so the values are taken out here, once, for
 * both faces and every kind, rather than at each message.
 *
 * A check failure about a secret input also leaves its `property` empty: the engine prints the value of the property
 * a failure names ("property friendlyUrl value {&{{...}}} has a problem"), secret or not. Its reason names the field.
 */
import { redactedWarning, type Warning } from "./warnings";
import type { CheckFailure } from "../model/check";
import { isSecret, settingByName } from "../model/settings";
import { inputSettings, type Declaration, type Values } from "../declarations/declaration";
import { givenSecretsInputs, hiddenKey, secretInputs, userExtras } from "../declarations/derive";
import { PROCESS_CONTEXT, type Context, type ResourceKind } from "./kind";
import { TEAM_RECORD } from "./teamRecord";

const SHOWN = "[secret]";

/** The leaves (strings and numbers) of a value, at any depth. */
function leaves(value: unknown, into: Array<string | number>): void {
    if (typeof value === "string" && value.length > 0) into.push(value);
    else if (typeof value === "number" && Number.isFinite(value)) into.push(value);
    else if (Array.isArray(value)) for (const v of value) leaves(v, into);
    else if (value !== null && typeof value === "object") for (const v of Object.values(value)) leaves(v, into);
}

/**
 * The secret inputs of a kind: those it always keeps secret (whole, or some keys of an object), the context's (the
 * plugin face), and those the SDK lists in the bags' `givenSecrets` (the dynamic face).
 */
function secretPaths(d: Declaration, ctx: Context | undefined, bags: ReadonlyArray<Values | undefined>): Array<[string, readonly string[] | undefined]> {
    const always = [...secretInputs(d)].map(([name, which]): [string, readonly string[] | undefined] => [name, which === true ? undefined : which]);
    const listed = bags.flatMap((bag) => givenSecretsInputs(d).flatMap((key) => [bag?.[hiddenKey(key)], bag?.[key]])).flatMap((v) => (Array.isArray(v) ? v.filter((n): n is string => typeof n === "string") : []));
    return [...always, ...[...(ctx?.secretInputs ?? []), ...listed].map((name): [string, undefined] => [name, undefined])];
}

/** Whether the program gave input `name` as a secret (or the declaration always keeps it secret), as far as the face says. */
export function givenAsSecret(d: Declaration, name: string, ctx: Context | undefined, bags: ReadonlyArray<Values | undefined>): boolean {
    return secretPaths(d, ctx, bags).some(([secret, keys]) => secret === name && keys === undefined);
}

/** The secret values the bags hold, for redaction. */
function secretValues(d: Declaration, ctx: Context | undefined, bags: ReadonlyArray<Values | undefined>): Array<string | number> {
    const found: Array<string | number> = [];
    const paths = secretPaths(d, ctx, bags);
    for (const bag of bags) {
        if (bag === undefined || bag === null) continue;
        for (const [name, keys] of paths) {
            const value = bag[name];
            if (keys === undefined) leaves(value, found);
            else if (value !== null && typeof value === "object") for (const key of keys) leaves((value as Values)[key], found);
        }
        // The bookkeeping outputs are kept as secrets (a TeamDefaults' restoreValues: the team's values before it took
        // them over, which another stack may have given as secrets), and a restore sends them: an answer echoing one
        // must not show it. Of the settings in it, those a stack can give as secrets (free text, or secret ones): a
        // colour or a number there is no one's secret, and taking it out would blank plain words of the messages.
        for (const name of Object.keys(d.bookkeeping ?? {})) {
            const held = bag[name];
            if (held === null || typeof held !== "object" || Array.isArray(held)) leaves(held, found);
            else {
                for (const [field, value] of Object.entries(held as Values)) {
                    const setting = settingByName(field);
                    if (setting === undefined || setting.freeText === true || isSecret(setting)) leaves(value, found);
                }
            }
        }
    }
    return found;
}

/**
 * The texts of a state written before the team record (0.1.0's: every create and update now writes `__team`, and a
 * refresh that finds the resource). Such a state does not list the inputs the program gave as secrets, and the
 * dynamic-provider host hands them over plain, so any text input it holds may have been one: none is shown until a
 * refresh or an up writes the record (a warning on such a state showed a secret userName).
 */
function unlistedStateTexts(d: Declaration, state: Values | undefined): string[] {
    if (state === undefined || state === null || typeof state !== "object" || TEAM_RECORD in state) return [];
    const found: Array<string | number> = [];
    for (const name of [...inputSettings(d).keys(), ...userExtras(d).map(([name]) => name)]) leaves(state[name], found);
    return found.filter((text): text is string => typeof text === "string");
}

/** Shorter secrets are replaced only where they stand alone: a PIN "w" must not take the w out of every word. */
const ANYWHERE = 4;

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** What a word is made of, friendly URLs' hyphens included: a secret's text inside a longer word is another value. */
const WORD = "\\p{L}\\p{N}_-";
const inWord = new RegExp(`^[${WORD}]$`, "u");

/**
 * Where a form of a secret is taken out: a number, or a string shorter than 4 characters, only where it stands alone;
 * a longer string wherever it is not part of a longer word (at an end that is a word's character), so a secret `twin`
 * is taken out of `/rooms/twin` and `"twin"` but leaves the words `twin1` and `twin-moved`, which are not it.
 */
function patternOf(form: string): string {
    if (form.length < ANYWHERE || /^[\d.+-]+$/.test(form)) return `(?<![\\w.])${escaped(form)}(?![\\w.])`;
    const chars = [...form];
    return `${inWord.test(chars[0]!) ? `(?<![${WORD}])` : ""}${escaped(form)}${inWord.test(chars[chars.length - 1]!) ? `(?![${WORD}])` : ""}`;
}

/**
 * A text with each secret value replaced by "[secret]": a string as it is, as JSON escapes it and as a URL path
 * carries it (longest first, so a secret holding another goes whole), where it stands as a value (`patternOf`).
 * Never inside the resource's own name (`keep`): a name is no secret (the URN shows it), and "[secret]1" for the
 * room `twin1` only hides which room a message is about.
 */
function redactText(text: string, secrets: ReadonlyArray<string | number>, keep?: string): string {
    const forms = [...new Set(secrets.flatMap((s) => (typeof s === "number" ? [String(s)] : [s, JSON.stringify(s).slice(1, -1), encodeURIComponent(s)])))];
    if (forms.length === 0) return text;
    const kept: Array<[number, number]> = [];
    for (let at = keep ? text.indexOf(keep) : -1; keep && at >= 0; at = text.indexOf(keep, at + 1)) kept.push([at, at + keep.length]);
    const pattern = new RegExp(forms.sort((a, b) => b.length - a.length).map(patternOf).join("|"), "gu");
    return text.replace(pattern, (found: string, at: number) => (kept.some(([start, end]) => start <= at && at + found.length <= end) ? found : SHOWN));
}

/** The root input a failure's property names (`roles[1]` is `roles`). */
const rootOf = (property: string) => property.split("[")[0]!;

/** Check failures without the secrets: no property for a secret input (the engine would print its value), values hidden. */
function redactFailures(failures: CheckFailure[], secretNames: ReadonlySet<string>, secrets: ReadonlyArray<string | number>, keep: string | undefined): CheckFailure[] {
    return failures.map((f) => {
        if (!secretNames.has(rootOf(f.property))) return { ...f, reason: redactText(f.reason, secrets, keep) };
        // `failure()` ends its reason with the value ("; got ..."): said to be secret instead.
        const reason = f.reason.replace(/; got [\s\S]*$/, `; got ${SHOWN}`);
        return { property: "", reason: redactText(reason, secrets, keep) };
    });
}

/** The same error, its message (and the reasons the engine keeps for a failed create) without the secrets. */
function redactError(error: unknown, secrets: ReadonlyArray<string | number>, keep: string | undefined): unknown {
    if (secrets.length === 0 || !(error instanceof Error)) return error;
    const message = redactText(error.message, secrets, keep);
    if (message !== error.message) {
        const stack = error.stack;
        error.message = message;
        if (stack !== undefined) error.stack = redactText(stack, secrets, keep);
    }
    const kept = error as { reasons?: unknown };
    if (Array.isArray(kept.reasons)) kept.reasons = kept.reasons.map((r) => (typeof r === "string" ? redactText(r, secrets, keep) : r));
    return error;
}

/**
 * A kind whose messages never show a secret input's value: its errors, its warnings (the context's `warn`) and its
 * check failures. The runtime wraps every kind in it, so both faces share it.
 */
export function redactingSecrets(d: Declaration, kind: ResourceKind): ResourceKind {
    /** Runs a call with a context whose warnings are redacted, and redacts what it throws. */
    async function guarded<T>(ctx: Context | undefined, bags: ReadonlyArray<Values | undefined>, call: (ctx: Context | undefined) => Promise<T>, state?: Values): Promise<T> {
        const secrets = [...secretValues(d, ctx, bags), ...unlistedStateTexts(d, state)];
        const base = ctx ?? PROCESS_CONTEXT;
        const inner = secrets.length === 0 ? ctx : { ...base, warn: (message: Warning) => base.warn(redactedWarning(message, (text) => redactText(text, secrets, base.resourceName))) };
        try {
            return await call(inner);
        } catch (error) {
            throw redactError(error, secrets, base.resourceName);
        }
    }
    const update = kind.update?.bind(kind);
    const planned = kind.planned?.bind(kind);
    const generated = kind.generated?.bind(kind);
    return {
        async check(olds, news, ctx) {
            const result = await guarded(ctx, [olds, news], (c) => kind.check(olds, news, c));
            const names = new Set(secretPaths(d, ctx, [olds, news]).map(([name]) => name));
            return { ...result, failures: redactFailures(result.failures, names, secretValues(d, ctx, [olds, news, result.inputs]), ctx?.resourceName) };
        },
        diff: (id, olds, news, ctx) => guarded(ctx, [olds, news], (c) => kind.diff(id, olds, news, c), olds),
        create: (inputs, ctx) => guarded(ctx, [inputs], (c) => kind.create(inputs, c)),
        read: (id, props, ctx) => guarded(ctx, [props], (c) => kind.read(id, props, c), props),
        ...(update ? { update: (id: string, olds: Values, news: Values, ctx?: Context) => guarded(ctx, [olds, news], (c) => update(id, olds, news, c), olds) } : {}),
        delete: (id, props, ctx) => guarded(ctx, [props], (c) => kind.delete(id, props, c), props),
        ...(planned ? { planned: (id: string | undefined, news: Values, olds: Values | undefined, ctx?: Context) => guarded(ctx, [news, olds], (c) => planned(id, news, olds, c)) } : {}),
        ...(generated ? { generated } : {}),
    };
}
