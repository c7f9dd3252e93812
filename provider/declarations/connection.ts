/**
 * The `connection` input every resource kind takes: the API and team it lives in, when that is
 * not the one of the stack configuration. Each field left out falls back to stack config, then
 * the environment (provider/resources/connections.ts). The developer key is secret: the SDK
 * wraps it, and the output holding it is an additional secret output.
 */
import type { ExtraInput } from "./declare";

export interface ConnectionInput {
    /** The API base URL, ending in /api/v1. */
    apiUrl?: string;
    developerKey?: string;
    /** The team id; Basic auth needs it. */
    teamId?: string;
    auth?: "bearer" | "basic";
}

const FIELDS: Record<keyof ConnectionInput, (v: unknown) => boolean> = {
    apiUrl: (v) => typeof v === "string",
    developerKey: (v) => typeof v === "string",
    teamId: (v) => typeof v === "string",
    auth: (v) => v === "bearer" || v === "basic",
};

function connectionRule(value: unknown): string | undefined {
    if (value === null || typeof value !== "object" || Array.isArray(value)) return "must be an object {apiUrl, developerKey, teamId, auth}";
    for (const [key, v] of Object.entries(value)) {
        const valid = FIELDS[key as keyof ConnectionInput];
        if (!valid) return `has no field ${key} (fields: ${Object.keys(FIELDS).join(", ")})`;
        if (v !== undefined && !valid(v)) return key === "auth" ? "auth must be bearer or basic" : `${key} must be a string`;
    }
    return undefined;
}

export const connectionInput: ExtraInput<ConnectionInput> = {
    description: "The API and team of this resource, when not the stack's. The developer key is kept secret.",
    type: "object `{apiUrl, developerKey, teamId, auth}`",
    allowed: "strings, each optional; `apiUrl` ends in `/api/v1`; `auth` is `bearer` or `basic`",
    whenOmitted: "Each field left out comes from `vcrooms:*` stack config, then `VCROOMS_*` environment variables.",
    validate: connectionRule,
    secret: ["developerKey"],
};
