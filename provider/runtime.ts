/**
 * The composition root: one per provider process, built once by whichever face runs (provider/index.ts for the
 * SDK's dynamic resources and data functions, provider/plugin/adapter.ts for the plugin). It owns what the process
 * shares, and hands it to every resource kind and data function:
 * - the connections: one API client per team, and what is cached per client, such as the team's roles
 *   (provider/resources/connections.ts);
 * - the request budgets (one per API and team: every client of this runtime for that team spends the same
 *   `vcrooms:requestsPerMinute`) and the connection pools (one per origin): provider/api/sharedTransport.ts;
 * - the claims (which resource of the deployment declares which room or team defaults:
 *   provider/resources/claims.ts), one set shared by its kinds.
 * Two runtimes in one process (tests) share none of them.
 */
import { ConfigurationError, SharedTransport, resolveClientConfig } from "./api";
import { declarations, type Kind } from "./declarations";
import { functions, runFunction, type FunctionName, type FunctionResult } from "./functions";
import { checkConfigFields } from "./model/connection";
import { containsUnknown, type CheckFailure } from "./model/check";
import { Claims } from "./resources/claims";
import { Connections, optionsFromStack, type StackConfig } from "./resources/connections";
import { JoinTokenProvider } from "./resources/joinToken";
import { anchoringFailures } from "./resources/checkFailures";
import { hidingBookkeeping } from "./resources/hiddenKeys";
import { redactingSecrets } from "./resources/secretRedaction";
import { explainingStoredKey } from "./resources/storedKey";
import type { ResourceKind } from "./resources/kind";
import { RoomProvider } from "./resources/room";
import { RoomContentPurgeProvider } from "./resources/roomContentPurge";
import { TeamDefaultsProvider } from "./resources/teamDefaults";
import { recordingTeam } from "./resources/teamRecord";
import { PACKAGE } from "./model/types";

/** Stack config with nothing set: clients then come from the environment alone. */
export const NO_STACK_CONFIG: StackConfig = { get: () => undefined };

export class Runtime {
    private readonly connections: Connections;
    /** Every resource kind, by the kind name the SDK's shims and the plugin's type tokens use. */
    readonly kinds: { readonly [K in Kind]: ResourceKind };

    /** `claims`: kept in this process unless given (the plugin's are seen by every provider process of a deployment). */
    private readonly transport = new SharedTransport();

    constructor(env: NodeJS.ProcessEnv = process.env, claims: Claims = new Claims()) {
        this.connections = new Connections(env, this.transport);
        const clientFor = this.connections.clientFor;
        // As the engine sees them through either face: bookkeeping inputs as `__<name>` (resources/hiddenKeys.ts), check
        // failures it can show (resources/checkFailures.ts), no secret input's value in a message
        // (resources/secretRedaction.ts), and a key refused at a refresh blamed on the state that kept it (resources/storedKey.ts).
        // The team that made each resource is recorded in its state (resources/teamRecord.ts), so a call through a provider now
        // configured for another team fails naming both rather than PATCH, drop or delete the wrong team's room.
        const seen = (kind: Kind, provider: ResourceKind) =>
            redactingSecrets(declarations[kind], anchoringFailures(hidingBookkeeping(declarations[kind], recordingTeam(declarations[kind], explainingStoredKey(provider), clientFor, (c) => this.connections.apiUrlFromEnvironment(c)))));
        this.kinds = {
            room: seen("room", new RoomProvider(clientFor, claims)),
            teamDefaults: seen("teamDefaults", new TeamDefaultsProvider(clientFor, claims)),
            joinToken: seen("joinToken", new JoinTokenProvider(clientFor, claims)),
            roomContentPurge: seen("roomContentPurge", new RoomContentPurgeProvider(clientFor, claims)),
        };
    }

    /**
     * The provider's configuration (`vcrooms:*`: stack config, or the plugin's Configure). The same configuration
     * keeps the clients; another one starts afresh. Answers the warnings a new configuration gets, for the face to show.
     */
    configure(config: StackConfig): string[] {
        return this.connections.configure(config);
    }

    /**
     * The engine's Cancel: every client of the runtime stops sending, its waiting retries end with an error saying
     * so (api/sharedTransport.ts). For good: the engine cancels once, at the end of the process.
     */
    cancel(): void {
        this.transport.cancel();
    }

    /** Runs a data function with this runtime's clients (its `connection` argument first, then the configuration). */
    invoke<N extends FunctionName>(name: N, args: unknown): Promise<FunctionResult<N>> {
        // Own names only: `toString` and `__proto__` are "in" every object.
        if (!Object.hasOwn(functions, name)) return Promise.reject(new Error(`No data function ${String(name)} (there are ${Object.keys(functions).join(", ")})`));
        return runFunction(name, args, this.connections.clientFor);
    }

    /**
     * Checks a configuration (the plugin's CheckConfig): each field by its rule, then whether a client can be built
     * from it and the environment, so a missing key or a malformed URL fails at preview naming the setting.
     * `ignored`: keys the engine adds. Answers the values as the client takes them.
     */
    checkConfig(values: Record<string, unknown>, ignored: readonly string[]): { values: Record<string, unknown>; failures: CheckFailure[] } {
        const checked = checkConfigFields(values, ignored);
        if (checked.failures.length > 0 || containsUnknown(checked.values)) return checked;
        try {
            resolveClientConfig(optionsFromStack(stackConfigOf(checked.values)));
        } catch (error) {
            if (!(error instanceof ConfigurationError)) throw error;
            checked.failures.push({ property: "", reason: error.message });
        }
        return checked;
    }
}

/** Configuration values (`apiUrl`, ...) read as stack config is (`vcrooms:apiUrl`). */
export function stackConfigOf(values: Record<string, unknown>): StackConfig {
    return {
        get: (key) => {
            if (!key.startsWith(`${PACKAGE}:`)) return undefined;
            const value = values[key.slice(PACKAGE.length + 1)];
            return value === undefined || value === null ? undefined : String(value);
        },
    };
}
