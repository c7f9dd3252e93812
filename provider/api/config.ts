/**
 * Client configuration: explicit options first (read from a stack's `vcrooms:*` config by optionsFromStack), then the
 * environment (VCROOMS_API_URL, VCROOMS_DEVELOPER_KEY, VCROOMS_TEAM_ID, VCROOMS_AUTH), validated once with errors that
 * name the setting.
 */
import { checkConfigFields, configFailure, configValue, PROVIDER_CONFIG, type StackConfig } from "../model/connection";
import { PACKAGE } from "../model/types";
import { ConfigurationError } from "./errors";

export interface ClientOptions {
    /** The API base URL; must end in /api/v1. */
    apiUrl: string;
    developerKey: string;
    /** Needed for Basic auth (team id as user name). */
    teamId?: string;
    auth: "bearer" | "basic";
    /** Per attempt. */
    timeoutMs: number;
    requestsPerMinute: number;
    maxInFlight: number;
    maxAttempts: number;
    /** Total time for one call across its retries. */
    retryDeadlineMs: number;
    /** Receives one line per retry or failure; never the developer key. */
    logger?: (line: string) => void;
    /** Connections per API origin. */
    connections: number;
}

export type ClientConfig = Readonly<ClientOptions>;

export const CLIENT_DEFAULTS = {
    auth: "bearer",
    timeoutMs: 30_000,
    // 70% of the API's 1000 per minute: the key (and its budget) is the team's, shared with its
    // production backend; a deploy must not take the whole minute and refuse live traffic. 500 rooms
    // still go in one burst. Raise it to 1000 only for a key nothing else uses (docs: rate limits).
    requestsPerMinute: 700,
    maxInFlight: 32,
    maxAttempts: 6,
    retryDeadlineMs: 120_000,
    connections: 32,
} as const;

/** A URL for a message: a password inside it (`https://user:pw@host`) is never shown. */
export function shownUrl(text: string): string {
    return JSON.stringify(text.replace(/^([a-z][a-z0-9+.-]*:\/\/[^/@:]*):[^/@]*@/i, "$1:[secret]@"));
}

function nonEmpty(value: string | undefined): string | undefined {
    return value === undefined || value.trim() === "" ? undefined : value.trim();
}

export function resolveClientConfig(options: Partial<ClientOptions> = {}, env: NodeJS.ProcessEnv = process.env): ClientConfig {
    const apiUrl = nonEmpty(options.apiUrl) ?? nonEmpty(env.VCROOMS_API_URL);
    if (!apiUrl) throw new ConfigurationError("No API URL: set vcrooms:apiUrl in the stack config or VCROOMS_API_URL (for example https://<team>.digitalsamba.com/api/v1, or the emulator's URL)");
    // Where the value came from, so the message names what to fix.
    const source = nonEmpty(options.apiUrl) ? "vcrooms:apiUrl (or the resource's connection.apiUrl)" : "VCROOMS_API_URL";
    const invalid = (rule: string) => new ConfigurationError(`Invalid API URL ${shownUrl(apiUrl)} from ${source}: ${rule}`);
    let parsed: URL;
    try {
        parsed = new URL(apiUrl);
    } catch {
        throw invalid("not a URL");
    }
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") throw invalid("must be http or https");
    const path = parsed.pathname.replace(/\/+$/, "");
    if (!path.endsWith("/api/v1")) throw invalid("the path must end in /api/v1 (for example https://<team>.digitalsamba.com/api/v1)");
    if (parsed.search || parsed.hash) throw invalid("must not carry a query or fragment");
    // The client never sends them (the key goes in the Authorization header), so they could only leak.
    if (parsed.username || parsed.password) throw invalid("must not carry a user name or password (give the key as developerKey)");
    const developerKey = nonEmpty(options.developerKey) ?? nonEmpty(env.VCROOMS_DEVELOPER_KEY);
    if (!developerKey) throw new ConfigurationError("No developer key: set vcrooms:developerKey (as a secret) in the stack config or VCROOMS_DEVELOPER_KEY");
    const teamId = nonEmpty(options.teamId) ?? nonEmpty(env.VCROOMS_TEAM_ID);
    const auth = options.auth ?? nonEmpty(env.VCROOMS_AUTH) ?? CLIENT_DEFAULTS.auth;
    if (auth !== "bearer" && auth !== "basic") throw new ConfigurationError(`Invalid auth ${JSON.stringify(auth)}: set vcrooms:auth or VCROOMS_AUTH to bearer or basic`);
    if (auth === "basic" && !teamId) throw new ConfigurationError("Basic auth needs the team id: set vcrooms:teamId or VCROOMS_TEAM_ID (or teamId in the resource's connection)");
    const positive = (name: keyof typeof CLIENT_DEFAULTS, value: number | undefined): number => {
        const v = value ?? (CLIENT_DEFAULTS[name] as number);
        if (!Number.isFinite(v) || v <= 0) throw new ConfigurationError(`Invalid ${name} ${v}: must be a positive number`);
        return v;
    };
    // The limiter counts requests: a fraction would make its wait NaN (no limit at all).
    const whole = (name: "requestsPerMinute", value: number | undefined): number => {
        const v = positive(name, value);
        if (!Number.isInteger(v)) throw new ConfigurationError(`Invalid ${name} ${v}: must be a positive whole number`);
        return v;
    };
    return Object.freeze({
        apiUrl: `${parsed.origin}${path}`,
        developerKey,
        teamId,
        auth,
        timeoutMs: positive("timeoutMs", options.timeoutMs),
        requestsPerMinute: whole("requestsPerMinute", options.requestsPerMinute),
        maxInFlight: positive("maxInFlight", options.maxInFlight),
        maxAttempts: positive("maxAttempts", options.maxAttempts),
        retryDeadlineMs: positive("retryDeadlineMs", options.retryDeadlineMs),
        connections: positive("connections", options.connections),
        logger: options.logger,
    });
}

export type { StackConfig };

/** The API's request rate for a team (the contract: limits; the vendor's 429 past it). */
export const API_REQUESTS_PER_MINUTE = 1000;

/** Whether a URL's host is this machine's (an emulator, a local proxy): not the service the contract's limits are of. */
function onLoopback(url: string | undefined): boolean {
    try {
        const host = new URL((url ?? "").trim()).hostname;
        return host === "localhost" || host === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(host);
    } catch {
        return false;
    }
}

/**
 * What a valid configuration still gets wrong, said as warnings, never refused: `requestsPerMinute` is this provider's
 * own budget, which nothing in the contract bounds, and the API's answer past its rate (429 with retry-after) is
 * waited out. Above the API's rate the budget is never reached: the up is no faster, and it takes the whole minute
 * from the team's other traffic, which shares the key's budget. Not for an API on this machine (an emulator, whose
 * rate is its own: the tests' and benchmarks' stand-ins run unthrottled). `env`: where an unset apiUrl comes from.
 */
export function configurationWarnings(options: Partial<ClientOptions>, env: NodeJS.ProcessEnv = process.env): string[] {
    const rate = options.requestsPerMinute;
    if (rate === undefined || rate <= API_REQUESTS_PER_MINUTE || onLoopback(nonEmpty(options.apiUrl) ?? env.VCROOMS_API_URL)) return [];
    return [
        `vcrooms:requestsPerMinute ${rate} is above the API's rate of ${API_REQUESTS_PER_MINUTE} requests per minute for a team: past it the API answers 429 and each call waits out its retry-after, so an up is no faster, and the team's other traffic on the key is refused meanwhile; ${API_REQUESTS_PER_MINUTE} at most (the default, ${CLIENT_DEFAULTS.requestsPerMinute}, leaves the rest to that traffic)`,
    ];
}

/**
 * Reads `vcrooms:*` stack config, each field by its rule in the configuration table (provider/model/connection.ts);
 * keys left unset fall back to the environment when a client is built.
 */
export function optionsFromStack(config: StackConfig): Partial<ClientOptions> {
    const options: Record<string, unknown> = {};
    for (const [name, field] of Object.entries(PROVIDER_CONFIG)) {
        const raw = config.get(`${PACKAGE}:${name}`);
        if (raw === undefined || raw === "") continue;
        const rule = configFailure(name, raw);
        if (rule) throw new ConfigurationError(`Invalid configuration ${PACKAGE}:${name}: ${rule}`);
        options[name] = configValue(field, raw);
    }
    return options as Partial<ClientOptions>;
}

/**
 * The `vcrooms:*` keys of a stack's config that name no setting (a misspelt `vcrooms:apiURL`), said as the provider's
 * configuration check says them: read by key, such a key would be ignored and the environment used instead.
 */
export function unknownStackKeys(keys: readonly string[]): string[] {
    const ours = keys.filter((k) => k.startsWith(`${PACKAGE}:`)).map((k) => k.slice(PACKAGE.length + 1));
    return checkConfigFields(Object.fromEntries(ours.map((k) => [k, undefined])), []).failures.map((f) => f.reason);
}
