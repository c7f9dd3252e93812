/**
 * Error messages in one pattern (DESIGN.md): what failed, on what, the API's words with the
 * fields in the names users write, and the remedy when known.
 */
import { toCamelName } from "../api/names";

interface ApiFailure {
    message?: string;
    apiMessage?: string;
    fieldErrors?: Record<string, string[]>;
    status?: number;
}

/** Remedies for the rules whose fix is not obvious from the API's words. */
const REMEDIES: Record<string, string> = {
    friendly_url: "choose another friendlyUrl, or set adoptExisting: true to manage the existing room",
    max_broadcasters: "lower maxBroadcasters or raise maxParticipants",
    max_participants: "stay within your plan's maximum",
    expires_at: "set expiresAt to a future time, YYYY-MM-DD hh:mm:ss UTC",
};

/** `Unable to update room "board" (friendly URL board-q3): maxBroadcasters: must not exceed ...; lower ...` */
export function describeFailure(action: string, what: string, error: unknown): Error {
    const e = (error ?? {}) as ApiFailure;
    let detail: string;
    if (e.fieldErrors && Object.keys(e.fieldErrors).length > 0) {
        detail = Object.entries(e.fieldErrors)
            .map(([field, reasons]) => {
                const remedy = REMEDIES[field];
                return `${toCamelName(field)}: ${reasons.join("; ")}${remedy ? ` (${remedy})` : ""}`;
            })
            .join("; ");
    } else {
        detail = e.message ?? e.apiMessage ?? String(error);
    }
    const wrapped = new Error(`Unable to ${action} ${what}: ${detail}`);
    (wrapped as Error & { cause?: unknown }).cause = error;
    return wrapped;
}
