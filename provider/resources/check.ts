/**
 * Input validation derived from a resource's declaration: each declared value against its rule in
 * the settings table, plus the resource's own extra inputs and cross-field rules. Runs in `check`,
 * during preview, before any request is sent; every failure at once, each naming the property,
 * the rule and the value.
 */
import type { ZodType } from "zod";
import { toApiName, toCamelName } from "../api/names";
import { settingByName, type AnySetting, type Target } from "../api/settings";
import { inputSettings, type Declaration } from "../declarations/declare";

/** The value the engine sends for an input that is not known yet (during preview). */
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

export interface CheckFailure {
    property: string;
    reason: string;
}

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

/**
 * Validates every declared input of a resource against its declaration: settings by their rule in
 * the table, extra inputs by their own, then the kind's cross-field rules. Values not known yet
 * pass through; `null` and `undefined` mean "not declared" except where the table allows null
 * (session length, breakouts).
 */
export function checkInputs(d: Declaration, inputs: Record<string, unknown>, now: Date, olds: Record<string, unknown> = {}): CheckFailure[] {
    const failures: CheckFailure[] = [];
    const settings = inputSettings(d);
    for (const [key, value] of Object.entries(inputs)) {
        if (key === "__provider" || value === undefined || containsUnknown(value)) continue;
        const extra = d.extras[key];
        if (extra) {
            const rule = extra.validate(value);
            if (rule) failures.push(failure(key, rule, value, extra.secret !== undefined));
            continue;
        }
        const setting = settings.get(key);
        if (!setting || d.scope === undefined) {
            failures.push({ property: key, reason: unknownInputReason(d, key) });
            continue;
        }
        const result = validatorOf(setting, d.scope).safeParse(value);
        if (!result.success) {
            const issue = result.error.issues[0]!;
            const where = issue.path.length > 0 ? `${key}[${issue.path.join("][")}]` : key;
            const shown = issue.path.length > 0 ? issue.path.reduce<unknown>((v, p) => (v as Record<PropertyKey, unknown>)?.[p], value) : value;
            failures.push(failure(where, issue.message, shown, "secret" in setting && setting.secret === true));
        }
    }
    return d.hooks.rules ? [...failures, ...d.hooks.rules(inputs, now, olds)] : failures;
}

function unknownInputReason(d: Declaration, key: string): string {
    const camel = toCamelName(key);
    if (camel !== key && inputSettings(d).has(camel)) return `${key} is not an input of ${d.type}; write it in camelCase: ${camel}`;
    const other = settingByName(toApiName(key));
    if (other) return `${key} is not an input of ${d.type}: the API accepts it only for ${other.scope === "room" ? "rooms" : "team defaults"}`;
    return `${key} is not an input of ${d.type}`;
}

/** End-to-end encryption excludes whiteboard, transcription and breakout rooms (contract 2.3, 2.4). */
export function e2eeFailures(inputs: Record<string, unknown>): CheckFailure[] {
    if (inputs.e2eeEnabled !== true) return [];
    return ["whiteboardEnabled", "transcriptionEnabled", "breakoutRoomsEnabled"]
        .filter((k) => inputs[k] === true)
        .map((k) => failure(k, "cannot be true while e2eeEnabled is true (end-to-end encryption excludes it)", inputs[k]));
}

/**
 * Contract 2.3, is_locked: "Single-role rooms cannot be locked on join". Checkable here only when both are
 * declared; otherwise the effective roles (inherited from the team defaults) are the API's to judge.
 */
export function lockFailures(inputs: Record<string, unknown>): CheckFailure[] {
    const { isLocked, roles } = inputs;
    if (isLocked !== true || !Array.isArray(roles) || containsUnknown(roles) || new Set(roles).size !== 1) return [];
    return [failure("isLocked", `cannot be true while roles has a single role (${JSON.stringify(roles[0])}): single-role rooms cannot be locked on join; declare a second role or leave isLocked false`, isLocked)];
}
