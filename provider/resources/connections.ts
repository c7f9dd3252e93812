/**
 * The API clients of a runtime, one per team it talks to, all sharing the runtime's request budgets and connection
 * pools (provider/api/sharedTransport.ts). A resource's own `connection`
 * input comes first, field by field; then the stack configuration the dynamic-provider host passes
 * to `configure` (`vcrooms:*`); then the environment (`VCROOMS_*`, read by resolveClientConfig).
 *
 * Credentials are read here, at run time (docs/architecture.md, decision 4): never captured in the serialized
 * provider, so they never sit in `__provider` text; the clients are cached under a digest of the
 * key, never the key itself.
 */
import { createHash } from "node:crypto";
import { ConfigurationError, RoomsClient, SharedTransport, resolveClientConfig, type ClientOptions } from "../api";
import { shownUrl } from "../api/config";
import { configFailure, configValue, PROVIDER_CONFIG, type ConnectionInput, type StackConfig } from "../model/connection";
import { PACKAGE } from "../model/types";
import { containsUnknown, type CheckFailure } from "../model/check";
import { teamOf } from "./claims";
import { replacedBy } from "./diff";
import type { KindDiff } from "./kind";

export type { StackConfig } from "../model/connection";

/** Gives the client for a resource's connection input (undefined: the stack's). */
export type ClientFor = (connection?: ConnectionInput) => RoomsClient;

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

export class Connections {
    private stack: Partial<ClientOptions> = {};
    private readonly clients = new Map<string, RoomsClient>();

    constructor(
        private readonly env: NodeJS.ProcessEnv = process.env,
        private readonly shared: SharedTransport = new SharedTransport(),
    ) {}

    /**
     * Called by the host with the stack configuration: once per serialized provider, so once per resource kind
     * in one process. The same configuration keeps the clients (and what is cached per client, such as the team's
     * roles); another one starts afresh, with the same budgets and pools (a new requestsPerMinute applies to them).
     */
    configure(config: StackConfig): void {
        const stack = optionsFromStack(config);
        if (JSON.stringify(stack) === JSON.stringify(this.stack)) return;
        this.stack = stack;
        this.clients.clear();
    }

    /** The client for a connection input, built on first use: a provider never configured reads the environment. */
    readonly clientFor: ClientFor = (connection = {}) => {
        const given = Object.fromEntries(Object.entries(connection).filter(([, v]) => v !== undefined && v !== "")) as ConnectionInput;
        const config = resolveClientConfig({ ...this.stack, ...given }, this.env);
        // The stack's key belongs to the stack's API: a connection to another host brings its own.
        if (given.apiUrl !== undefined && given.developerKey === undefined && config.apiUrl !== normalUrl(this.stack.apiUrl ?? this.env.VCROOMS_API_URL)) {
            throw new ConfigurationError(
                `connection.developerKey is required: connection.apiUrl ${shownUrl(config.apiUrl)} is not the stack's API URL, and the stack's developer key is never sent to another host; give that team's key in connection.developerKey`,
            );
        }
        const digest = createHash("sha256").update(config.developerKey).digest("hex");
        const key = [config.apiUrl, config.teamId ?? "", config.auth, digest, config.requestsPerMinute].join("|");
        let client = this.clients.get(key);
        if (!client) {
            client = new RoomsClient(config, this.shared);
            this.clients.set(key, client);
        }
        return client;
    };
}

/** A URL as the client uses it (origin and path, no trailing slash), to tell whether two name the same API. */
function normalUrl(text: string | undefined): string | undefined {
    try {
        const url = new URL((text ?? "").trim());
        return `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
    } catch {
        return undefined;
    }
}

/**
 * For `check`: a connection that cannot be resolved (no API URL, one not ending in /api/v1, no key) fails at
 * preview, naming the setting, rather than at `up`. A connection not known yet is judged when it is.
 */
export function configurationFailures(clientFor: ClientFor, connection: unknown): CheckFailure[] {
    if (containsUnknown(connection)) return [];
    try {
        clientFor(connection as ConnectionInput | undefined);
        return [];
    } catch (error) {
        if (error instanceof ConfigurationError) return [{ property: "", reason: error.message }];
        throw error;
    }
}

/** The team a connection resolves to (API URL and team id), or undefined when it cannot be resolved now. */
function resolvedTeam(clientFor: ClientFor, connection: unknown): string | undefined {
    try {
        return teamOf(clientFor(connection as ConnectionInput | undefined));
    } catch (error) {
        if (error instanceof ConfigurationError) return undefined;
        throw error;
    }
}

/**
 * A `connection` change that moves a resource to another team (its API URL or team id resolve differently)
 * replaces it: the old one is deleted with the old connection, the new one created with the new. In place, the
 * resource would stay in the old team while its state pointed at the new one. A change within one team (a rotated
 * key, another auth) stays an update; so does one not known yet at preview.
 */
export function withTeamMove(diff: KindDiff, clientFor: ClientFor, olds: { connection?: unknown }, news: { connection?: unknown }): KindDiff {
    if (containsUnknown(news.connection) || JSON.stringify(olds.connection ?? {}) === JSON.stringify(news.connection ?? {})) return diff;
    if (resolvedTeam(clientFor, olds.connection) === resolvedTeam(clientFor, news.connection)) return diff;
    return replacedBy(diff, "connection", olds, news);
}
