/**
 * The `connection` input every resource kind takes: the API and team it lives in, when that is
 * not the one of the stack configuration. Each field left out falls back to stack config, then
 * the environment (provider/resources/connections.ts). The developer key is secret: the SDK
 * wraps it, and the output holding it is an additional secret output.
 *
 * The same fields, plus the request budget, are the provider's configuration (`vcrooms:*` stack
 * config, or an explicit provider's arguments in the plugin face): one table for both.
 */
import { enumType, INTEGER, objectType, STRING, type TypeSpec } from "../api/types";
import type { ExtraInput } from "./declare";

export interface ConnectionInput {
    /** The API base URL, ending in /api/v1. */
    apiUrl?: string;
    developerKey?: string;
    /** The team id; Basic auth needs it. */
    teamId?: string;
    auth?: (typeof AUTH_SCHEMES)[number];
}

/** How the developer key may be sent (1.2): a bearer token, or Basic auth with the team id. */
const AUTH_SCHEMES = ["bearer", "basic"] as const;

/** One field of the connection or the provider configuration. */
export interface ConfigField {
    readonly description: string;
    readonly type: TypeSpec;
    readonly secret?: boolean;
    /** Returns the rule broken, or undefined. */
    readonly validate: (v: unknown) => string | undefined;
}

const isString = (v: unknown) => (typeof v === "string" ? undefined : "must be a string");

export const CONNECTION_FIELDS: Readonly<Record<keyof ConnectionInput, ConfigField>> = {
    apiUrl: { description: "The API base URL, ending in /api/v1 (falls back to VCROOMS_API_URL).", type: STRING, validate: isString },
    developerKey: { description: "The team's developer key (falls back to VCROOMS_DEVELOPER_KEY). Always secret.", type: STRING, secret: true, validate: isString },
    teamId: { description: "The team id; Basic auth needs it (falls back to VCROOMS_TEAM_ID).", type: STRING, validate: isString },
    auth: {
        description: "How the key is sent: `bearer` (the default) or `basic` (falls back to VCROOMS_AUTH).",
        type: enumType("Auth", "How the developer key is sent.", AUTH_SCHEMES),
        validate: (v) => (AUTH_SCHEMES.includes(v as ConnectionInput["auth"] & string) ? undefined : `must be ${AUTH_SCHEMES.join(" or ")}`),
    },
};

/** The provider's configuration: the connection, plus the request budget of the process. */
export const PROVIDER_CONFIG: Readonly<Record<string, ConfigField>> = {
    ...CONNECTION_FIELDS,
    requestsPerMinute: {
        description: "Requests per minute this provider process sends at most (default 700, 70% of the API's limit, which the key shares with production traffic).",
        type: INTEGER,
        // Whole: the limiter counts requests, and a fraction (2.5) made its wait NaN, which sent everything at once.
        validate: (v) => (typeof v === "number" && Number.isInteger(v) && v > 0 ? undefined : "must be a positive whole number"),
    },
};

function connectionRule(value: unknown): string | undefined {
    if (value === null || typeof value !== "object" || Array.isArray(value)) return "must be an object {apiUrl, developerKey, teamId, auth}";
    for (const [key, v] of Object.entries(value)) {
        const field = CONNECTION_FIELDS[key as keyof ConnectionInput];
        if (!field) return `has no field ${key} (fields: ${Object.keys(CONNECTION_FIELDS).join(", ")})`;
        const rule = v === undefined ? undefined : field.validate(v);
        if (rule) return `${key} ${rule}`;
    }
    return undefined;
}

export const connectionInput: ExtraInput<ConnectionInput> = {
    description: "The API and team of this resource, when not the stack's. The developer key is kept secret.",
    type: objectType(
        "Connection",
        "The API and team of one resource or call, when not its provider's.",
        Object.fromEntries(Object.entries(CONNECTION_FIELDS).map(([name, f]) => [name, { type: f.type, description: f.description, ...(f.secret ? { secret: true } : {}) }])),
    ),
    allowed: "strings, each optional; `apiUrl` ends in `/api/v1`; `auth` is `bearer` or `basic`",
    whenOmitted: "Each field left out comes from `vcrooms:*` stack config, then `VCROOMS_*` environment variables.",
    validate: connectionRule,
    secret: Object.entries(CONNECTION_FIELDS).filter(([, f]) => f.secret).map(([k]) => k),
};
