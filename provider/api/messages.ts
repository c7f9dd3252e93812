/**
 * Error messages in one pattern (docs/architecture.md): what failed, on what, the API's words with the
 * fields in the names users write, and the remedy when known.
 */
import { toCamelName } from "../model/names";
import { settingByName } from "../model/settings";

interface ApiFailure {
    message?: string;
    apiMessage?: string;
    fieldErrors?: Record<string, string[]>;
    status?: number;
}

/** A 404 on a room Pulumi still holds: say why it may be gone and how to get back in step. */
const GONE = "the room no longer exists (deleted outside Pulumi, or expired at expiresAt); run `pulumi refresh` (or `pulumi up --refresh`) to drop it from the stack, and `pulumi up` then creates it again";

/**
 * `Unable to update room "board" (friendly URL board-q3): maxBroadcasters: must not exceed ...; lower ...`.
 * `remedies`, by the API's field name: advice that replaces the settings table's, where the caller knows better.
 */
export function describeFailure(action: string, what: string, error: unknown, remedies: Partial<Record<string, string>> = {}): Error {
    const e = (error ?? {}) as ApiFailure;
    let detail: string;
    if (e.fieldErrors && Object.keys(e.fieldErrors).length > 0) {
        detail = Object.entries(e.fieldErrors)
            .map(([field, reasons]) => {
                // The settings table's remedy for the fields whose fix the API's words do not say.
                const own: string | undefined = remedies[field];
                const known = own ?? settingByName(field)?.remedy;
                const remedy = typeof known === "function" ? known(action) : known;
                return `${toCamelName(field)}: ${reasons.join("; ")}${remedy ? ` (${remedy})` : ""}`;
            })
            .join("; ");
    } else {
        detail = e.message ?? e.apiMessage ?? String(error);
        if (e.status === 404 && action === "update") detail += `: ${GONE}`;
    }
    const wrapped = new Error(`Unable to ${action} ${what}: ${detail}`);
    (wrapped as Error & { cause?: unknown }).cause = error;
    return wrapped;
}
