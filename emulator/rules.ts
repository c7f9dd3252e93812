/**
 * The emulator's own reading of the contract's write rules: the rules a
 * field's value must keep (which field takes which rule is fields.ts), the rules across fields, and
 * applying them to a body.
 *
 * Deliberately independent of provider/: when the provider's checks and these rules agree, that
 * is evidence both read the contract right (docs/architecture.md, decision 5). Each rule returns the reason
 * a value is refused, in the API's Laravel-like wording, or undefined.
 */

export type Rule = (value: unknown, field: string) => string | undefined;

export const LANGUAGE_CODES = ["ar-SA", "ca-ES", "en", "es-ES", "de-DE", "it-IT", "nb-NO", "nl-NL", "pt-PT", "ro-RO", "zh-CN", "zh-TW"];
const RESERVED_DOMAINS = ["docs", "api", "dev-api", "staging-api", "you", "dashboard"];

const isString = (v: unknown): v is string => typeof v === "string";
const label = (field: string) => field.replace(/_/g, " ");

export const boolean: Rule = (v, f) => (typeof v === "boolean" ? undefined : `The ${label(f)} field must be true or false.`);

export const anyString: Rule = (v, f) => (isString(v) ? undefined : `The ${label(f)} field must be a string.`);

export function oneOf(values: readonly string[]): Rule {
    return (v, f) => (isString(v) && values.includes(v) ? undefined : `The selected ${label(f)} is invalid. Allowed: ${values.join(", ")}.`);
}

export function length(min: number, max?: number): Rule {
    return (v, f) => {
        if (!isString(v)) return `The ${label(f)} field must be a string.`;
        const n = [...v].length;
        if (n < min) return `The ${label(f)} field must be at least ${min} characters.`;
        if (max !== undefined && n > max) return `The ${label(f)} field must not be greater than ${max} characters.`;
        return undefined;
    };
}

export function integerBetween(min: number, max?: () => number): Rule {
    return (v, f) => {
        if (typeof v !== "number" || !Number.isInteger(v)) return `The ${label(f)} field must be an integer.`;
        if (v < min) return `The ${label(f)} field must be at least ${min}.`;
        return max ? atMost(max)(v, f) : undefined;
    };
}

/** A number no greater than a maximum read when the rule runs (a plan's, which can change). */
export function atMost(max: () => number): Rule {
    return (v, f) => {
        const top = max();
        return typeof v === "number" && v > top ? `The ${label(f)} field must not be greater than ${top}.` : undefined;
    };
}

export const hexColour: Rule = (v, f) =>
    isString(v) && /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(v) ? undefined : `The ${label(f)} field must be a valid hex colour code.`;

export const uuid: Rule = (v, f) =>
    isString(v) && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v) ? undefined : `The ${label(f)} field must be a valid UUID.`;

export function listOf(item: Rule, options: { nullable?: boolean } = {}): Rule {
    return (v, f) => {
        if (v === null && options.nullable) return undefined;
        if (!Array.isArray(v)) return `The ${label(f)} field must be an array.`;
        for (const element of v) {
            const reason = item(element, f);
            if (reason) return reason.replace(`The ${label(f)} field`, `Each ${label(f)} item`).replace(`The selected ${label(f)}`, `A selected ${label(f)} item`);
        }
        return undefined;
    };
}

/** Session length in minutes, or empty (null or "") for unlimited. */
export const sessionLength: Rule = (v, f) => (v === null || v === "" ? undefined : integerBetween(1, () => 1440)(v, f));

/** Latin letters, digits, spaces and basic punctuation. */
export function watermark(max: number): Rule {
    return (v, f) =>
        length(3, max)(v, f) ?? (/^[A-Za-z0-9 .,:;!?'"()\-_/&@#%+*=]+$/.test(v as string) ? undefined : `The ${label(f)} field may contain only Latin letters, digits and basic punctuation.`);
}

export const domain: Rule = (v, f) => {
    if (!isString(v) || !/^[A-Za-z0-9_-]+$/.test(v)) return `The ${label(f)} field may contain only letters, digits, dashes and underscores.`;
    return length(3, 32)(v, f) ?? (RESERVED_DOMAINS.includes(v.toLowerCase()) ? `The ${label(f)} "${v}" is reserved.` : undefined);
};

/** An image URL, or a base64 file (raw, or a data URI). */
export const image: Rule = (v, f) => {
    if (!isString(v)) return `The ${label(f)} field must be a string.`;
    if (/^https?:\/\/[^\s]+$/.test(v)) return undefined;
    const payload = v.replace(/\s+/g, "").replace(/^data:[\w.+-]+\/[\w.+-]+;base64,/, "");
    return payload.length >= 4 && payload.length % 4 === 0 && /^[A-Za-z0-9+/]+={0,2}$/.test(payload) ? undefined : `The ${label(f)} field must be an image URL or a base64-encoded file.`;
};

export const url: Rule = (v, f) => (isString(v) && /^[a-z][a-z0-9+.-]*:\/\/\S+$/i.test(v) ? undefined : `The ${label(f)} field must be a valid URL.`);

export const nonEmptyString: Rule = (v, f) => (isString(v) && v.length > 0 ? undefined : `The ${label(f)} field must be a non-empty string.`);

export const dtmf: Rule = (v, f) => (isString(v) && /^[0-9*#Ww]+$/.test(v) ? undefined : `The ${label(f)} field may contain only digits, *, # and W or w pauses.`);

/** `YYYY-MM-DD hh:mm:ss`, a real date; "in the future" is checked by the caller, which owns the clock. */
export const dateTime: Rule = (v, f) => {
    if (!isString(v) || !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(v)) return `The ${label(f)} field must match the format Y-m-d H:i:s.`;
    const d = new Date(`${v.replace(" ", "T")}Z`);
    return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 19).replace("T", " ") !== v ? `The ${label(f)} field must be a valid date.` : undefined;
};

/**
 * 2.3, is_locked: "Single-role rooms cannot be locked on join". Judged on the record as it would become (roles
 * as ids, after merging); the error names the field the request touched, so the caller sees what to change.
 */
export function singleRoleLock(effective: Record<string, unknown>, body: Record<string, unknown>, errors: Record<string, string[]>): void {
    if (effective.is_locked !== true || !Array.isArray(effective.roles) || new Set(effective.roles).size !== 1) return;
    const field = "is_locked" in body ? "is_locked" : "roles";
    (errors[field] ??= []).push("A room with a single role cannot be locked.");
}

/** 2.3, e2ee_enabled: end-to-end encryption excludes the whiteboard, transcription and breakout rooms. */
export function e2eeConflicts(effective: Record<string, unknown>, body: Record<string, unknown>, errors: Record<string, string[]>): void {
    if (effective.e2ee_enabled !== true) return;
    for (const f of ["whiteboard_enabled", "transcription_enabled", "breakout_rooms_enabled"]) {
        if (effective[f] === true) {
            // Name the field the request touched, so the caller sees what to change.
            const field = f in body ? f : "e2ee_enabled";
            (errors[field] ??= []).push(`End-to-end encryption cannot be combined with ${f.replace(/_enabled$/, "").replace(/_/g, " ")}.`);
        }
    }
}

/** Applies rules to the known fields of a body; unknown fields are ignored, as the API does. */
export function validateFields(body: Record<string, unknown>, rules: Record<string, Rule>, errors: Record<string, string[]>): void {
    for (const [field, value] of Object.entries(body)) {
        const rule = rules[field];
        if (!rule) continue;
        const reason = rule(value, field);
        if (reason) (errors[field] ??= []).push(reason);
    }
}
