/**
 * Input validation shared by every resource kind: each declared value against its rule in the
 * settings table, plus the resource's own extra inputs and cross-field rules. Runs in `check`,
 * during preview, before any request is sent; every failure at once, each naming the property,
 * the rule and the value.
 */
import type { ZodType } from "zod";
import { toApiName, toCamelName } from "../api/names";
import { settingByName, settingsFor, type AnySetting, type Target } from "../api/settings";

/** The value the engine sends for an input that is not known yet (during preview). */
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

export interface CheckFailure {
    property: string;
    reason: string;
}

/** An input that is not a setting of the API: the resource's own options, with their rule. */
export interface ExtraInput {
    readonly name: string;
    readonly description: string;
    /** Returns the rule broken, or undefined. */
    readonly validate: (value: unknown) => string | undefined;
}

export const booleanInput = (name: string, description: string): ExtraInput => ({
    name,
    description,
    validate: (v) => (typeof v === "boolean" ? undefined : "must be true or false"),
});

export const stringInput = (name: string, description: string): ExtraInput => ({
    name,
    description,
    validate: (v) => (typeof v === "string" ? undefined : "must be a string"),
});

/** True when a value, or anything inside it, is not known yet. */
export function containsUnknown(value: unknown): boolean {
    if (value === UNKNOWN) return true;
    if (Array.isArray(value)) return value.some(containsUnknown);
    if (value !== null && typeof value === "object") return Object.values(value).some(containsUnknown);
    return false;
}

/** A short, safe rendering of a value for a message; secrets are never shown. */
export function showValue(value: unknown, secret = false): string {
    if (secret) return "[secret]";
    const text = JSON.stringify(value) ?? String(value);
    return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

export function failure(property: string, rule: string, value: unknown, secret = false): CheckFailure {
    return { property, reason: `${property} ${rule}; got ${showValue(value, secret)}` };
}

/** Validators built once per setting and target: building costs far more than validating. */
const validators = new Map<string, ZodType>();
function validatorOf(setting: AnySetting, target: Target): ZodType {
    const key = `${target}:${setting.name}`;
    let validator = validators.get(key);
    if (!validator) {
        validator = setting.schema(target) as ZodType;
        validators.set(key, validator);
    }
    return validator;
}

function settingFor(target: Target, camelName: string): AnySetting | undefined {
    const setting = settingByName(toApiName(camelName));
    if (!setting || toCamelName(setting.name) !== camelName) return undefined;
    return setting.scope === "shared" || setting.scope === target ? setting : undefined;
}

/**
 * Validates every declared input of a resource. Values not known yet pass through; `null` and
 * `undefined` mean "not declared" except where the table allows null (session length, breakouts).
 */
export function checkInputs(
    target: Target,
    kindName: string,
    inputs: Record<string, unknown>,
    extras: readonly ExtraInput[],
): CheckFailure[] {
    const failures: CheckFailure[] = [];
    for (const [key, value] of Object.entries(inputs)) {
        if (key === "__provider" || value === undefined || containsUnknown(value)) continue;
        const extra = extras.find((e) => e.name === key);
        if (extra) {
            const rule = extra.validate(value);
            if (rule) failures.push(failure(key, rule, value));
            continue;
        }
        const setting = settingFor(target, key);
        if (!setting) {
            failures.push({ property: key, reason: unknownInputReason(target, kindName, key) });
            continue;
        }
        const result = validatorOf(setting, target).safeParse(value);
        if (!result.success) {
            const issue = result.error.issues[0]!;
            const where = issue.path.length > 0 ? `${key}[${issue.path.join("][")}]` : key;
            const shown = issue.path.length > 0 ? issue.path.reduce<unknown>((v, p) => (v as Record<PropertyKey, unknown>)?.[p], value) : value;
            failures.push(failure(where, issue.message, shown, "secret" in setting && setting.secret === true));
        }
    }
    return failures;
}

function unknownInputReason(target: Target, kindName: string, key: string): string {
    const camel = toCamelName(key);
    if (camel !== key && settingFor(target, camel)) return `${key} is not an input of ${kindName}; write it in camelCase: ${camel}`;
    const other = settingByName(toApiName(key));
    if (other) return `${key} is not an input of ${kindName}: the API accepts it only for ${other.scope === "room" ? "rooms" : "team defaults"}`;
    return `${key} is not an input of ${kindName}`;
}

/** Every setting name a target accepts, camelCase: for docs and the no-perpetual-diff table. */
export function settingInputNames(target: Target): string[] {
    return settingsFor(target).map((s) => toCamelName(s.name));
}

/** End-to-end encryption excludes whiteboard, transcription and breakout rooms (contract 2.3, 2.4). */
export function e2eeFailures(inputs: Record<string, unknown>): CheckFailure[] {
    if (inputs.e2eeEnabled !== true) return [];
    return ["whiteboardEnabled", "transcriptionEnabled", "breakoutRoomsEnabled"]
        .filter((k) => inputs[k] === true)
        .map((k) => failure(k, "cannot be true while e2eeEnabled is true (end-to-end encryption excludes it)", inputs[k]));
}
