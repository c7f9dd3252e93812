/**
 * Keeps secrets a request carried out of every message built from the API's answer. An API may echo what it
 * was sent (a 422 naming the refused restream key, a 400 quoting the body, a 5xx page from a proxy), and those
 * words reach Pulumi's error output, logs and CI transcripts, so they are cleaned where they enter the client.
 */
import { isSecret, SETTINGS } from "../model/settings";

/** API names of the secret settings (the settings table's `secret` flag). */
const SECRET_FIELDS = SETTINGS.filter(isSecret).map((s) => s.name);

const SHOWN = "[secret]";

/** A value as base64 and base64url, with and without padding (how a header or a token may echo it). */
function base64Forms(v: string): string[] {
    const b64 = Buffer.from(v).toString("base64");
    const url = Buffer.from(v).toString("base64url");
    return [b64, b64.replace(/=+$/, ""), url];
}

/**
 * The secret values of a request: the developer key (also as the Basic credentials `teamId:key` it was sent as,
 * base64-encoded), and each secret setting of its JSON body.
 */
export function secretsOf(developerKey: string, body: Record<string, unknown> | undefined, teamId?: string): string[] {
    const values = [developerKey, ...SECRET_FIELDS.map((f) => body?.[f]).filter((v): v is string => typeof v === "string")];
    // Each as sent, as a JSON string would escape it, as a URL would encode it, and base64-encoded (an echoed
    // Authorization header); longest first, so a secret that contains another is replaced whole.
    const forms = values.filter((v) => v.length > 0).flatMap((v) => [v, JSON.stringify(v).slice(1, -1), encodeURIComponent(v), ...base64Forms(v)]);
    if (developerKey.length > 0) forms.push(...base64Forms(`${teamId ?? ""}:${developerKey}`));
    return [...new Set(forms)].sort((a, b) => b.length - a.length);
}

/**
 * A record the API answered with its secret settings' values replaced (at any depth), for an error about that
 * record: the values came from the API, not the request, so `redact` does not know them.
 */
export function withoutSecretFields<T>(value: T): T {
    if (Array.isArray(value)) return value.map((v) => withoutSecretFields(v)) as T;
    if (value === null || typeof value !== "object") return value;
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, (SECRET_FIELDS as readonly string[]).includes(k) && v !== null && v !== undefined ? SHOWN : withoutSecretFields(v)])) as T;
}

/** A copy of an answer (text or parsed JSON, at any depth) with every secret value replaced by "[secret]". */
export function redact<T>(value: T, secrets: readonly string[]): T {
    if (secrets.length === 0) return value;
    if (typeof value === "string") return secrets.reduce((text, secret) => text.split(secret).join(SHOWN), value as string) as T;
    if (Array.isArray(value)) return value.map((v) => redact(v, secrets)) as T;
    if (value !== null && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redact(v, secrets)])) as T;
    return value;
}
