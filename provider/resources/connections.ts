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
import { ConfigurationError, RoomsClient, SharedTransport, optionsFromStack, resolveClientConfig, type ClientOptions, type StackConfig } from "../api";
import { configurationWarnings } from "../api/config";
import { shownUrl } from "../api/config";
import type { ConnectionInput } from "../model/connection";
import { containsUnknown, type CheckFailure } from "../model/check";
import { teamOf } from "./claims";
import { replacedBy } from "./diff";
import type { KindDiff } from "./kind";

// Read from the stack's `vcrooms:*` config by the API layer, so the adopt-team command reads a stack as the provider does.
export { optionsFromStack, type StackConfig } from "../api/config";

/**
 * Gives the client for a resource's connection input (undefined: the stack's). `declared`: the connection is one the
 * program declares in this deployment (a check's), whose key is the team's current one; any other (one kept in
 * state, for a read, a diff's old side or a delete) is sent with that current key where the deployment declared one
 * for the same team, so a resource dropped in the up that rotates the key is deleted with the new key.
 */
export type ClientFor = (connection?: ConnectionInput, declared?: boolean) => RoomsClient;

export class Connections {
    private stack: Partial<ClientOptions> = {};
    private readonly clients = new Map<string, RoomsClient>();
    /** By team (teamOf), the developer key a check of this process was given last. */
    private readonly currentKeys = new Map<string, string>();

    constructor(
        private readonly env: NodeJS.ProcessEnv = process.env,
        private readonly shared: SharedTransport = new SharedTransport(),
    ) {}

    /**
     * Called by the host with the stack configuration: once per serialized provider, so once per resource kind
     * in one process. The same configuration keeps the clients (and what is cached per client, such as the team's
     * roles); another one starts afresh, with the same budgets and pools (a new requestsPerMinute applies to them).
     * Answers the warnings a new configuration gets (`configurationWarnings`), none for the same one again.
     */
    configure(config: StackConfig): string[] {
        const stack = optionsFromStack(config);
        if (JSON.stringify(stack) === JSON.stringify(this.stack)) return [];
        this.stack = stack;
        this.clients.clear();
        // Said once per configuration, not at each kind's configure of the same one.
        return configurationWarnings(stack, this.env);
    }

    /**
     * Whether a connection's API URL is the environment's (`VCROOMS_API_URL`): neither the connection nor the
     * provider's configuration gives one. A message then names the variables, which the stack's state does not keep.
     */
    apiUrlFromEnvironment(connection: ConnectionInput = {}): boolean {
        const given = (value: unknown) => typeof value === "string" && value.trim() !== "";
        return !given(connection.apiUrl) && !given(this.stack.apiUrl);
    }

    /** The client for a connection input, built on first use: a provider never configured reads the environment. */
    readonly clientFor: ClientFor = (connection = {}, declared = false) => {
        const given = Object.fromEntries(Object.entries(connection).filter(([, v]) => v !== undefined && v !== "")) as ConnectionInput;
        let config = resolveClientConfig({ ...this.stack, ...given }, this.env);
        // The stack's key belongs to the stack's API: a connection to another host brings its own.
        if (given.apiUrl !== undefined && given.developerKey === undefined && config.apiUrl !== normalUrl(this.stack.apiUrl ?? this.env.VCROOMS_API_URL)) {
            throw new ConfigurationError(
                `connection.developerKey is required: connection.apiUrl ${shownUrl(config.apiUrl)} is not the stack's API URL, and the stack's developer key is never sent to another host; give that team's key in connection.developerKey`,
            );
        }
        const team = teamOf({ config });
        const current = this.currentKeys.get(team);
        if (declared) this.currentKeys.set(team, config.developerKey);
        else if (current !== undefined && current !== config.developerKey) config = { ...config, developerKey: current };
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
 * For `check`, with the connection the program declares (its key is the team's current one, see ClientFor): a
 * connection that cannot be resolved (no API URL, one not ending in /api/v1, no key) fails at
 * preview, naming the setting, rather than at `up`. A connection not known yet is judged when it is.
 */
export function configurationFailures(clientFor: ClientFor, connection: unknown): CheckFailure[] {
    if (containsUnknown(connection)) return [];
    try {
        clientFor(connection as ConnectionInput | undefined, true);
        return [];
    } catch (error) {
        if (error instanceof ConfigurationError) return [{ property: "", reason: error.message }];
        throw error;
    }
}

/**
 * The team a connection resolves to (its API URL, and the team id when one is given), or undefined when it cannot
 * be resolved now. The developer key is left out: it is the team's secret, not its name.
 */
function resolvedTeam(clientFor: ClientFor, connection: unknown): { team: string; teamId?: string } | undefined {
    try {
        const client = clientFor(connection as ConnectionInput | undefined);
        return { team: teamOf(client), teamId: client.config.teamId };
    } catch (error) {
        if (error instanceof ConfigurationError) return undefined;
        throw error;
    }
}

/**
 * The team a provider configuration or connection names (its API URL, resolved as teamOf does, else the environment's;
 * and the team id when one is given), without building a client: no key is needed to name a team. Undefined when the
 * URL is not known yet (a preview's unknown) or not a URL.
 */
export function namedTeam(options: { apiUrl?: unknown; teamId?: unknown }, env: NodeJS.ProcessEnv = process.env): { team: string; teamId?: string } | undefined {
    const text = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? value.trim() : undefined);
    if (containsUnknown(options.apiUrl) || containsUnknown(options.teamId)) return undefined;
    const apiUrl = text(options.apiUrl) ?? text(env.VCROOMS_API_URL);
    const teamId = text(options.teamId) ?? text(env.VCROOMS_TEAM_ID);
    try {
        return apiUrl === undefined ? undefined : { team: teamOf({ config: { apiUrl: normalUrl(apiUrl) ?? apiUrl } }), ...(teamId !== undefined ? { teamId } : {}) };
    } catch {
        return undefined;
    }
}

/**
 * Whether two provider configurations (the engine's DiffConfig: one provider's old and new arguments, or a
 * resource's old provider's and new provider's) name other teams, both being known: the API URL of the old one when so.
 */
export function teamMoveOf(olds: { apiUrl?: unknown; teamId?: unknown }, news: { apiUrl?: unknown; teamId?: unknown }, env: NodeJS.ProcessEnv = process.env): { from: string; to: string } | undefined {
    const [from, to] = [namedTeam(olds, env), namedTeam(news, env)];
    return from !== undefined && to !== undefined && otherTeam(from, to) ? { from: from.team, to: to.team } : undefined;
}

/** Two resolved connections name other teams: another API URL, or two team ids that differ (one left unnamed is the URL's team). */
function otherTeam(olds: ReturnType<typeof resolvedTeam>, news: ReturnType<typeof resolvedTeam>): boolean {
    if (olds === undefined || news === undefined) return olds !== news;
    return olds.team !== news.team || (olds.teamId !== undefined && news.teamId !== undefined && olds.teamId !== news.teamId);
}

/**
 * A `connection` change that moves a resource to another team (its API URL or team id resolve differently)
 * replaces it: the old one is deleted with the old connection, the new one created with the new. In place, the
 * resource would stay in the old team while its state pointed at the new one. A change within one team (a rotated
 * key, another auth) stays an update, made with the new connection; so does one not known yet at preview.
 */
export function withTeamMove(diff: KindDiff, clientFor: ClientFor, olds: { connection?: unknown }, news: { connection?: unknown }): KindDiff {
    if (containsUnknown(news.connection) || JSON.stringify(olds.connection ?? {}) === JSON.stringify(news.connection ?? {})) return diff;
    if (!otherTeam(resolvedTeam(clientFor, olds.connection), resolvedTeam(clientFor, news.connection))) return diff;
    return replacedBy(diff, "connection", olds, news);
}
