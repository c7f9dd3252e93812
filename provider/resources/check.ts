/**
 * Input validation derived from a resource's declaration: each declared value against its rule in
 * the settings table, plus the resource's own extra inputs and cross-field rules. Runs in `check`,
 * during preview, before any request is sent; every failure at once, each naming the property,
 * the rule and the value.
 */
import type { ZodType } from "zod";
import { containsUnknown, failure, type CheckFailure } from "../model/check";
import { toApiName, toCamelName } from "../model/names";
import { isSecret, settingByName, type AnySetting, type Target } from "../model/settings";
import { inputSettings, type Declaration } from "../declarations/declaration";

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
            failures.push(failure(where, issue.message, shown, isSecret(setting)));
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
