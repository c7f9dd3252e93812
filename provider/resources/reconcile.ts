/**
 * The reconciliation steps shared by Room and TeamDefaults: which declared settings differ from
 * the live record, the API body that fixes them, the outputs a record becomes, and the inputs
 * `read` hands back so that drift shows on exactly the fields that drifted.
 */
import { deepKeysToCamel, toApiName, toCamelName } from "../api/names";
import { settingByName, type AnySetting, type Target } from "../api/settings";
import { declaredFormOf, imageDigest, isImageUpload, sameValue, type KnownRoles } from "./compare";

/** What the last write uploaded for an image setting, so a base64 input matches its CDN URL. */
export interface ImageUpload {
    digest: string;
    url: unknown;
}

/** Outputs the provider keeps beside the record's fields. */
export interface Bookkeeping {
    /** The settings as declared in the program (secrets left out), for `read` to hand back. */
    declaredInputs: Record<string, unknown>;
    /** Per image setting uploaded as base64: its digest and the URL it became. */
    imageUploads: Record<string, ImageUpload>;
}

/** Stands in for a declared secret among the declared inputs: the value itself lives only in its secret output. */
const SECRET_KEPT_OUT = "[secret]";

export function settingOf(target: Target, camelKey: string): AnySetting | undefined {
    const s = settingByName(toApiName(camelKey));
    return s && toCamelName(s.name) === camelKey && (s.scope === "shared" || s.scope === target) ? s : undefined;
}

/** The declared settings of an input bag, camelCase, in the order written. */
export function declaredSettings(target: Target, inputs: Record<string, unknown>): Array<[string, unknown, AnySetting]> {
    const out: Array<[string, unknown, AnySetting]> = [];
    for (const [key, value] of Object.entries(inputs)) {
        if (value === undefined) continue;
        const setting = settingOf(target, key);
        if (setting) out.push([key, value, setting]);
    }
    return out;
}

/** The role objects a record shows (its roles and default role), to match names against ids. */
function knownRoles(record: Record<string, unknown>): KnownRoles {
    const roles = Array.isArray(record.roles) ? (record.roles as KnownRoles) : [];
    const fallback = record.defaultRole && typeof record.defaultRole === "object" ? [record.defaultRole as KnownRoles[number]] : [];
    return [...roles, ...fallback];
}

/** Declared settings whose live value (in `olds`, the last outputs) means something else. */
export function changedSettings(target: Target, news: Record<string, unknown>, olds: Record<string, unknown>): string[] {
    const uploads = (olds.imageUploads ?? {}) as Record<string, ImageUpload>;
    const roles = knownRoles(olds);
    return declaredSettings(target, news)
        .filter(([key, value, setting]) => !sameValue(setting.compare, value, olds[key], uploads[key], roles))
        .map(([key]) => key);
}

/** The API body for the given declared keys: snake_case names, values as declared. */
export function apiBody(inputs: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
    return Object.fromEntries(keys.map((k) => [toApiName(k), inputs[k]]));
}

function isSecret(setting: AnySetting | undefined): boolean {
    return setting !== undefined && "secret" in setting && setting.secret === true;
}

/**
 * Turns an API record into outputs: every field camelCase (roles stay objects), the resource's
 * own extra inputs, and the bookkeeping that later diffs and reads rely on.
 */
export function outputsOf(
    target: Target,
    record: Record<string, unknown>,
    inputs: Record<string, unknown>,
    extraNames: readonly string[],
    previousUploads: Record<string, ImageUpload> = {},
): Record<string, unknown> {
    const outputs = deepKeysToCamel(record) as Record<string, unknown>;
    // The record's id is the resource's id; Pulumi reserves `id` as a property name.
    delete outputs.id;
    for (const name of extraNames) if (inputs[name] !== undefined) outputs[name] = inputs[name];
    const declaredInputs: Record<string, unknown> = {};
    const imageUploads: Record<string, ImageUpload> = {};
    for (const [key, value, setting] of declaredSettings(target, inputs)) {
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
 * The inputs `read` returns: each declared setting as declared while the live value still means
 * the same, or the live value (in declared form) where it drifted; extra inputs unchanged.
 */
export function inputsAfterRead(
    target: Target,
    previous: Record<string, unknown>,
    liveOutputs: Record<string, unknown>,
    extraNames: readonly string[],
): Record<string, unknown> {
    const declared = (previous.declaredInputs ?? {}) as Record<string, unknown>;
    const uploads = (previous.imageUploads ?? {}) as Record<string, ImageUpload>;
    const inputs: Record<string, unknown> = {};
    for (const name of extraNames) if (previous[name] !== undefined) inputs[name] = previous[name];
    for (const [key, value, setting] of declaredSettings(target, declared)) {
        if (isSecret(setting)) {
            // The declared secret is not kept in plain text; its live value (a secret output) stands in.
            inputs[key] = liveOutputs[key];
        } else {
            inputs[key] = sameValue(setting.compare, value, liveOutputs[key], uploads[key], knownRoles(liveOutputs)) ? value : declaredFormOf(setting.compare, liveOutputs[key], value);
        }
    }
    return inputs;
}

/** The inputs a resource was last given, rebuilt from its outputs: extra inputs plus the declared settings. */
export function previousInputs(outputs: Record<string, unknown>, extraNames: readonly string[]): Record<string, unknown> {
    const inputs: Record<string, unknown> = { ...((outputs.declaredInputs ?? {}) as Record<string, unknown>) };
    for (const name of extraNames) if (outputs[name] !== undefined) inputs[name] = outputs[name];
    return inputs;
}

/** The record part of outputs (camelCase), without the extra inputs and bookkeeping. */
export function recordFromOutputs(outputs: Record<string, unknown>, extraNames: readonly string[]): Record<string, unknown> {
    const bookkeeping = new Set<string>(["declaredInputs", "imageUploads", "__provider", ...extraNames]);
    return Object.fromEntries(Object.entries(outputs).filter(([k]) => !bookkeeping.has(k)));
}
