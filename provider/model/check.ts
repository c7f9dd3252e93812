/**
 * Check primitives every layer shares: the engine's placeholder for a value not known yet, a check failure and how
 * it shows a value (never a secret), and the rules across settings that teams and rooms both have. Pure: no
 * validator, no client.
 */

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

/**
 * Failures as the engine can show them. It prints a failure's property with the value the program gave it, so a
 * failure on a property the program did not give (a friendly URL kept from an earlier create, a setting check filled
 * in) read "property friendlyUrl value {<nil>} has a problem". Such a failure is put on the resource instead (no
 * property), its reason naming the property.
 */
export function anchoredFailures(failures: CheckFailure[], given: Record<string, unknown>): CheckFailure[] {
    return failures.map((f) => {
        const top = f.property.split(/[.[]/)[0] ?? "";
        if (f.property === "" || given[top] !== undefined) return f;
        return { property: "", reason: f.reason.startsWith(f.property) ? f.reason : `${f.property}: ${f.reason}` };
    });
}

/** End-to-end encryption excludes whiteboard, transcription and breakout rooms. */
export function e2eeFailures(inputs: Record<string, unknown>): CheckFailure[] {
    if (inputs.e2eeEnabled !== true) return [];
    return ["whiteboardEnabled", "transcriptionEnabled", "breakoutRoomsEnabled"]
        .filter((k) => inputs[k] === true)
        .map((k) => failure(k, "cannot be true while e2eeEnabled is true (end-to-end encryption excludes it)", inputs[k]));
}

/**
 * The API refuses `is_locked` on a single-role room ("Single-role rooms cannot be locked on join"). Checkable here only when both are
 * declared; otherwise the effective roles (inherited from the team defaults) are the API's to judge.
 */
export function lockFailures(inputs: Record<string, unknown>): CheckFailure[] {
    const { isLocked, roles } = inputs;
    if (isLocked !== true || !Array.isArray(roles) || containsUnknown(roles) || new Set(roles).size !== 1) return [];
    return [failure("isLocked", `cannot be true while roles has a single role (${JSON.stringify(roles[0])}): single-role rooms cannot be locked on join; declare a second role or leave isLocked false`, isLocked)];
}
