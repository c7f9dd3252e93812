/**
 * The `connection` input every resource kind takes: the API and team it lives in, when that is
 * not the one of the stack configuration. Each field left out falls back to stack config, then
 * the environment (provider/resources/connections.ts). The developer key is secret: the SDK
 * wraps it, and the output holding it is an additional secret output.
 *
 * The same fields, plus the request budget, are the provider's configuration (`vcrooms:*` stack
 * config, or an explicit provider's arguments in the plugin face): one table for both.
 */
import { containsUnknown, showValue, type CheckFailure } from "./check";
import { enumType, INTEGER, PACKAGE, STRING, type TypeSpec } from "./types";

export interface ConnectionInput {
    /** The API base URL, ending in /api/v1. */
    apiUrl?: string;
    developerKey?: string;
    /** The team id; Basic auth needs it. */
    teamId?: string;
    auth?: (typeof AUTH_SCHEMES)[number];
}

/** How the developer key may be sent: a bearer token, or Basic auth with the team id. */
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
        // Whole: the limiter counts requests, and a fraction such as 2.5 made its wait NaN, which sent everything at once.
        validate: (v) => (typeof v === "number" && Number.isInteger(v) && v > 0 ? undefined : "must be a positive whole number"),
    },
};

/** The rule of a `connection` value: an object of the connection's fields, each by its own rule. */
export function connectionRule(value: unknown): string | undefined {
    if (value === null || typeof value !== "object" || Array.isArray(value)) return "must be an object {apiUrl, developerKey, teamId, auth}";
    for (const [key, v] of Object.entries(value)) {
        const field = CONNECTION_FIELDS[key as keyof ConnectionInput];
        if (!field) return `has no field ${key} (fields: ${Object.keys(CONNECTION_FIELDS).join(", ")})`;
        const rule = v === undefined ? undefined : field.validate(v);
        if (rule) return `${key} ${rule}`;
    }
    return undefined;
}

// ---- the one validator of a configuration: stack config, an explicit provider's arguments, a connection ----------

/** A field's value as configuration gives it: stack config arrives as text, so a number written in the file is "60". */
export function configValue(field: ConfigField, raw: unknown): unknown {
    const numeric = "type" in field.type && (field.type.type === "integer" || field.type.type === "number");
    return numeric && typeof raw === "string" && raw.trim() !== "" ? Number(raw) : raw;
}

/** The rule a configuration field's value breaks, with the value shown (never a secret's), or undefined. */
export function configFailure(name: string, raw: unknown): string | undefined {
    const field = PROVIDER_CONFIG[name]!;
    const rule = field.validate(configValue(field, raw));
    return rule === undefined ? undefined : `${rule}; got ${showValue(raw, field.secret)}`;
}

/**
 * The provider's configuration checked field by field (an explicit provider's arguments, or the stack's `vcrooms:*`
 * config for the default provider): each field's rule, and no key the provider does not have (a misspelt `apiURL`
 * would otherwise be ignored, and the provider would fall back to the environment). `ignored`: keys the engine adds.
 * Answers the values as the client takes them (numbers from text).
 */
export function checkConfigFields(values: Record<string, unknown>, ignored: readonly string[]): { values: Record<string, unknown>; failures: CheckFailure[] } {
    const failures: CheckFailure[] = [];
    const out: Record<string, unknown> = { ...values };
    for (const [name, raw] of Object.entries(values)) {
        const field = Object.hasOwn(PROVIDER_CONFIG, name) ? PROVIDER_CONFIG[name] : undefined;
        if (!field && !ignored.includes(name) && !name.startsWith("__")) failures.push({ property: name, reason: unknownSetting(name) });
        if (!field || raw === undefined || raw === null || containsUnknown(raw)) continue;
        const rule = configFailure(name, raw);
        if (rule) failures.push({ property: name, reason: `${name} ${rule}` });
        else out[name] = configValue(field, raw);
    }
    return { values: out, failures };
}

/** `apiURL is not a setting of the vcrooms provider (did you mean apiUrl?); ...` */
function unknownSetting(name: string): string {
    const known = Object.keys(PROVIDER_CONFIG);
    const near = known.find((k) => k.toLowerCase() === name.toLowerCase()) ?? known.find((k) => editDistance(k.toLowerCase(), name.toLowerCase()) <= 2);
    return `${name} is not a setting of the ${PACKAGE} provider${near ? ` (did you mean ${near}?)` : ""}; its settings: ${known.join(", ")}`;
}

function editDistance(a: string, b: string): number {
    let row = Array.from({ length: b.length + 1 }, (_, j) => j);
    for (let i = 1; i <= a.length; i++) {
        const next = [i];
        for (let j = 1; j <= b.length; j++) next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
        row = next;
    }
    return row[b.length]!;
}

/**
 * What the dynamic-provider host hands to `configure`: namespaced stack config, e.g. `vcrooms:apiUrl`. Here, with the
 * configuration table, so that the provider entry's public declarations do not reach the client (and zod's types).
 */
export interface StackConfig {
    get(key: string): string | undefined;
}
