/**
 * The API client every resource of this provider process uses, configured once from the stack
 * configuration that the dynamic-provider host passes to `configure`, or else the environment.
 *
 * Credentials are read here, at run time (DESIGN.md decision 4): never captured in the
 * serialized provider, so they never sit in `__provider` text or in state.
 */
import { RoomsClient, resolveClientConfig, type ClientOptions } from "../api";

/** What the dynamic-provider host hands to `configure`: namespaced stack config, e.g. `vcrooms:apiUrl`. */
export interface StackConfig {
    get(key: string): string | undefined;
}

let options: Partial<ClientOptions> = {};
let client: RoomsClient | undefined;

function positiveNumber(key: string, raw: string | undefined): number | undefined {
    if (raw === undefined || raw === "") return undefined;
    const value = Number(raw);
    if (!Number.isFinite(value) || value <= 0) throw new Error(`Invalid configuration ${key}: must be a positive number; got ${JSON.stringify(raw)}`);
    return value;
}

/** Reads `vcrooms:*` stack config; keys left unset fall back to the environment when the client is built. */
export function configure(config: StackConfig): void {
    const read = (key: string) => {
        const value = config.get(`vcrooms:${key}`);
        return value === undefined || value === "" ? undefined : value;
    };
    const next: Partial<ClientOptions> = {
        apiUrl: read("apiUrl"),
        developerKey: read("developerKey"),
        teamId: read("teamId"),
        requestsPerMinute: positiveNumber("vcrooms:requestsPerMinute", read("requestsPerMinute")),
    };
    options = Object.fromEntries(Object.entries(next).filter(([, v]) => v !== undefined)) as Partial<ClientOptions>;
    client = undefined;
}

/** The process's client, built on first use so that a provider never configured reads the environment. */
export function apiClient(): RoomsClient {
    client ??= new RoomsClient(resolveClientConfig(options));
    return client;
}
