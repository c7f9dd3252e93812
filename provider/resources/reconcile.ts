/**
 * The reconciliation steps every settings resource shares, driven by its declaration: which
 * declared settings differ from the live record, the API body that fixes them, the outputs a
 * record becomes, and the inputs `read` hands back so that drift shows on exactly the fields
 * that drifted.
 */
import { deepKeysToCamel, toApiName } from "../model/names";
import { isSecret, type AnySetting } from "../model/settings";
import { inputSettings, type Declaration, type Values } from "../declarations/declaration";
import { declaredFormOf, imageDigest, isImageUpload, sameValue, type KnownRoles } from "../model/compare";

/** What the last write uploaded for an image setting, so a base64 input matches its CDN URL. */
export interface ImageUpload {
    digest: string;
    url: unknown;
}

/** Outputs the provider keeps beside the record's fields. */
export interface Bookkeeping {
    /** The settings as declared in the program (secrets left out), for `read` to hand back. */
    declaredInputs: Values;
    /** Per image setting uploaded as base64: its digest and the URL it became. */
    imageUploads: Record<string, ImageUpload>;
}

/** Stands in for a declared secret among the declared inputs: the value itself lives only in its secret output. */
const SECRET_KEPT_OUT = "[secret]";

/** The declared settings of an input bag, camelCase, in the order written. */
export function declaredSettings(d: Declaration, inputs: Values): Array<[string, unknown, AnySetting]> {
    const settings = inputSettings(d);
    const out: Array<[string, unknown, AnySetting]> = [];
    for (const [key, value] of Object.entries(inputs)) {
        const setting = settings.get(key);
        if (setting && value !== undefined) out.push([key, value, setting]);
    }
    return out;
}

/** The role objects a record shows (its roles and default role), to match names against ids. */
function knownRoles(record: Values): KnownRoles {
    const roles = Array.isArray(record.roles) ? (record.roles as KnownRoles) : [];
    const fallback = record.defaultRole && typeof record.defaultRole === "object" ? [record.defaultRole as KnownRoles[number]] : [];
    return [...roles, ...fallback];
}

/**
 * Declared settings whose live value (in `olds`, the last outputs) means something else. `teamRoles` (teamRoles.ts)
 * resolves role ids the record's own role objects do not show.
 */
export function changedSettings(d: Declaration, news: Values, olds: Values, teamRoles: KnownRoles = []): string[] {
    const uploads = (olds.imageUploads ?? {}) as Record<string, ImageUpload>;
    const roles = [...knownRoles(olds), ...teamRoles];
    const declared = (olds.declaredInputs ?? {}) as Values;
    // A setting the outputs lack (state written before absent fields kept their last known value) is as last
    // declared, i.e. as last sent: absent is not a change (a secret's declared copy is not kept, so it cannot stand in).
    const last = (key: string) => (olds[key] === undefined && declared[key] !== SECRET_KEPT_OUT ? declared[key] : olds[key]);
    return declaredSettings(d, news)
        .filter(([key, value, setting]) => !sameValue(setting.compare, value, last(key), uploads[key], roles))
        .map(([key]) => key);
}

/**
 * The declared settings of `inputs` (only `keys` when given), camelCase: what a write sends, and so the last known
 * value of each until an answer shows another.
 */
export function sentSettings(d: Declaration, inputs: Values, keys?: readonly string[]): Values {
    return Object.fromEntries(declaredSettings(d, inputs).filter(([k]) => keys === undefined || keys.includes(k)).map(([k, v]) => [k, v]));
}

/** The API body for the given declared keys: snake_case names, values as declared. */
export function apiBody(inputs: Values, keys: readonly string[]): Values {
    return Object.fromEntries(keys.map((k) => [toApiName(k), inputs[k]]));
}

/**
 * Turns an API record into outputs: every field camelCase (roles stay objects), the resource's
 * own extra inputs, and the bookkeeping that later diffs and reads rely on.
 *
 * `lastKnown` (camelCase record fields: the last outputs, and what a write just sent) stands in for every field the
 * answer leaves out: a field absent from an answer is not a change (the hosted service's documented records lack
 * many settings the contract lists), so the last known value stays, and no output is ever `undefined` (the engine
 * cannot carry one).
 */
export function outputsOf(d: Declaration, record: Values, inputs: Values, previousUploads: Record<string, ImageUpload> = {}, lastKnown: Values = {}): Values {
    const outputs = deepKeysToCamel(record) as Values;
    // The record's id is the resource's id; Pulumi reserves `id` as a property name.
    delete outputs.id;
    for (const [key, value] of Object.entries(recordFromOutputs(d, lastKnown))) if (outputs[key] === undefined && value !== undefined && key !== "id") outputs[key] = value;
    for (const key of Object.keys(outputs)) if (outputs[key] === undefined) delete outputs[key];
    for (const name of Object.keys(d.extras)) if (inputs[name] !== undefined) outputs[name] = inputs[name];
    const declaredInputs: Values = {};
    const imageUploads: Record<string, ImageUpload> = {};
    for (const [key, value, setting] of declaredSettings(d, inputs)) {
        declaredInputs[key] = isSecret(setting) ? SECRET_KEPT_OUT : value;
        if (setting.compare === "image" && isImageUpload(value)) {
            const digest = imageDigest(value);
            const previous = previousUploads[key];
            // Same upload as before: keep the URL it became, so a later change of that URL is drift.
            imageUploads[key] = previous && previous.digest === digest ? previous : { digest, url: outputs[key] };
        }
    }
    const bookkeeping: Bookkeeping = { declaredInputs, imageUploads };
    return { ...outputs, ...bookkeeping };
}

/**
 * After a write: the settings of `sentKeys` the answer shows with another value than was sent (the service did not
 * apply them), as one sentence naming each, or undefined. A field the answer leaves out is not "not applied" (it
 * keeps the value sent: `outputsOf`). Secret values are named, never shown: those the table keeps secret, and those
 * the program gave as secrets (`givenSecret`), whose answer is as secret as what was sent (an API that trims or
 * truncates a text answers most of it).
 */
export function unappliedSettings(
    d: Declaration,
    inputs: Values,
    sentKeys: readonly string[],
    record: Values,
    outputs: Values,
    teamRoles: KnownRoles = [],
    givenSecret: (key: string) => boolean = () => false,
): string | undefined {
    const answered = deepKeysToCamel(record) as Values;
    const uploads = (outputs.imageUploads ?? {}) as Record<string, ImageUpload>;
    const roles = [...knownRoles(outputs), ...teamRoles];
    const show = (v: unknown) => {
        const text = JSON.stringify(v) ?? "undefined";
        return text.length > 60 ? `${text.slice(0, 57)}...` : text;
    };
    const unapplied = declaredSettings(d, inputs)
        .filter(([key]) => sentKeys.includes(key) && answered[key] !== undefined)
        .filter(([key, value, setting]) => !sameValue(setting.compare, value, answered[key], uploads[key], roles))
        .map(([key, value, setting]) => (isSecret(setting) || givenSecret(key) ? `${key} (a secret)` : `${key} (sent ${show(value)}, it answered ${show(answered[key])})`));
    return unapplied.length === 0 ? undefined : `the API did not apply ${unapplied.join(", ")}; they are kept as the API answered them, so the next preview shows them as changes`;
}

/**
 * The inputs `read` returns: each declared setting as declared while the live value still means
 * the same, or the live value (in declared form) where it drifted; extra inputs unchanged.
 */
export function inputsAfterRead(d: Declaration, previous: Values, liveOutputs: Values, teamRoles: KnownRoles = []): Values {
    const declared = (previous.declaredInputs ?? {}) as Values;
    const uploads = (previous.imageUploads ?? {}) as Record<string, ImageUpload>;
    const inputs: Values = {};
    for (const name of Object.keys(d.extras)) if (previous[name] !== undefined) inputs[name] = previous[name];
    for (const [key, value, setting] of declaredSettings(d, declared)) {
        if (liveOutputs[key] === undefined) {
            // Never read back and never known (outputsOf keeps the last known value otherwise): the declaration
            // stands, except a secret's, which is not kept in plain text and so is left out.
            if (!isSecret(setting)) inputs[key] = value;
        } else if (isSecret(setting)) {
            // The declared secret is not kept in plain text; its live value (a secret output) stands in while it is
            // the value last written. Drifted, it is left out: the engine masks both sides of a secret as
            // "[secret]", so where the provider's diff carries no per-field detail (the dynamic face's host drops
            // it) a changed secret input would show as unchanged, while an absent one shows as the change it is.
            const drifted = previous[key] !== undefined && !sameValue(setting.compare, previous[key], liveOutputs[key]);
            if (!drifted) inputs[key] = liveOutputs[key];
        } else {
            inputs[key] = sameValue(setting.compare, value, liveOutputs[key], uploads[key], [...knownRoles(liveOutputs), ...teamRoles]) ? value : declaredFormOf(setting.compare, liveOutputs[key], value);
        }
    }
    return inputs;
}

/** A value a room-only setting holds when it is on: anything but null, false, "" or []. */
function isOn(value: unknown): boolean {
    return !(value === null || value === false || value === "" || (Array.isArray(value) && value.length === 0));
}

/**
 * The inputs of a record taken under management by `pulumi import` (a read with only an id), in declared form:
 * what a user would have written, so the generated program reads like a declared one and shows no change. That is
 * the friendly URL; each setting shared with the team defaults whose value differs from the team's (`teamDefaults`,
 * camelCase; compared as the diff compares); and each room-only setting that is on. A setting left out stays as it
 * is, unmanaged, until the program declares it. Secret settings are never imported: the generated code would hold
 * them in plain text; a program declares them from secret config.
 */
export function importedInputs(d: Declaration, liveOutputs: Values, teamDefaults: Values): Values {
    const inputs: Values = {};
    for (const [key, setting] of inputSettings(d)) {
        const live = liveOutputs[key];
        if (live === undefined || live === null || isSecret(setting)) continue;
        const declared = declaredFormOf(setting.compare, live, undefined);
        const inherited = teamDefaults[key];
        const wanted =
            key === "friendlyUrl" ||
            (setting.scope === "shared" ? inherited === undefined || !sameValue(setting.compare, declaredFormOf(setting.compare, inherited, undefined), live) : isOn(live));
        if (wanted) inputs[key] = declared;
    }
    return inputs;
}

/**
 * Imported inputs with the role ids a setting reads back as bare ids (`roleIdList`: privateGroupChatRoles) written as
 * the team's role names, as users write them and as every other role setting is imported; an id the team's roles do
 * not name stays an id.
 */
export function roleIdsAsNames(d: Declaration, inputs: Values, teamRoles: KnownRoles): Values {
    const named = { ...inputs };
    for (const [key, value, setting] of declaredSettings(d, inputs)) {
        if (setting.compare !== "roleIdList" || !Array.isArray(value)) continue;
        named[key] = value.map((id) => teamRoles.find((r) => r.id === id)?.name ?? id);
    }
    return named;
}

/** The inputs a resource was last given, rebuilt from its outputs: extra inputs plus the declared settings. */
export function previousInputs(d: Declaration, outputs: Values): Values {
    const inputs: Values = { ...((outputs.declaredInputs ?? {}) as Values) };
    for (const name of Object.keys(d.extras)) if (outputs[name] !== undefined) inputs[name] = outputs[name];
    return inputs;
}

/** The record part of outputs (camelCase), without the extra inputs and bookkeeping. */
export function recordFromOutputs(d: Declaration, outputs: Values): Values {
    const bookkeeping = new Set<string>(["declaredInputs", "imageUploads", "__provider", ...Object.keys(d.extras)]);
    return Object.fromEntries(Object.entries(outputs).filter(([k]) => !bookkeeping.has(k)));
}
