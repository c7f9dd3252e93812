/**
 * The plugin face's behaviour: the engine's resource-provider calls, answered by the same providers and
 * functions as the dynamic resources (provider/resources, provider/functions). This module only adapts:
 * it picks the kind from the type token, fills what the SDK's shims fill in the dynamic face (the
 * resource name), unwraps and wraps secrets, names each changed property for the detailed diff, and
 * takes the provider's configuration from the engine (Configure) instead of the program's stack config.
 *
 * Values here are plain JavaScript (the gRPC structs converted); server.ts does the protocol.
 */
import type * as pulumi from "@pulumi/pulumi";
import { ConfigurationError, resolveClientConfig } from "../api";
import { PROVIDER_CONFIG } from "../declarations/connection";
import type { Declaration, Values } from "../declarations/declare";
import { inputSettings } from "../declarations/declare";
import { aliasedOutputs, notImportableMessage, resourceNameInputs, secretInputs, secretOutputNames, stackInputs } from "../declarations/derive";
import { declarations, type Kind } from "../declarations";
import { functions, invokeFunction, secretResultFields, type FunctionName } from "../functions";
import { containsUnknown, showValue, type CheckFailure } from "../resources/check";
import { Connections, optionsFromStack, type StackConfig } from "../resources/connections";
import type { NamedDiff } from "../resources/diff";
import { JoinTokenProvider } from "../resources/joinToken";
import { RoomProvider } from "../resources/room";
import { RoomContentPurgeProvider } from "../resources/roomContentPurge";
import { TeamDefaultsProvider } from "../resources/teamDefaults";
import { hiddenKey, hidingBookkeeping } from "../resources/hiddenKeys";
import { PACKAGE, token } from "./schema";
import { unwrapSecrets, wrapSecrets, type Path } from "./secrets";

/** How a property changes, as the engine's detailed diff says it (provider.proto, PropertyDiff.Kind). */
export type PropertyDiffKind = "ADD" | "ADD_REPLACE" | "DELETE" | "DELETE_REPLACE" | "UPDATE" | "UPDATE_REPLACE";

export interface PluginDiff {
    changes: boolean;
    replaces: string[];
    stables: string[];
    deleteBeforeReplace: boolean;
    /** Each changed input and how it changes; empty when the provider cannot name them. */
    detailedDiff: Record<string, PropertyDiffKind>;
}

/** Which resource a call is about: the engine sends its type token and name (and the URN carries both). */
export interface ResourceRef {
    urn: string;
    type?: string;
    name?: string;
}

const KINDS: ReadonlyMap<string, Kind> = new Map(Object.entries(declarations).map(([kind, d]) => [token(d.type), kind as Kind]));

function typeOf(ref: ResourceRef): string {
    // urn:pulumi:<stack>::<project>::<parent$type>::<name>
    return ref.type || (ref.urn.split("::")[2] ?? "").split("$").pop()!;
}

function nameOf(ref: ResourceRef): string {
    return ref.name || ref.urn.split("::").slice(3).join("::");
}

/** `<project>/<stack>`, as the SDK fills it in the dynamic face. */
function stackOf(ref: ResourceRef): string {
    const [stack, project] = ref.urn.replace(/^urn:pulumi:/, "").split("::");
    return `${project ?? ""}/${stack ?? ""}`;
}

/** Paths of the inputs a kind always keeps secret: whole values, or keys of an object value (a connection's key). */
function secretInputPaths(d: Declaration): Path[] {
    return [...secretInputs(d)].flatMap(([name, which]) => (which === true ? [[name]] : which.map((key) => [name, key])));
}

function secretOutputPaths(d: Declaration): Path[] {
    return [...secretInputPaths(d), ...secretOutputNames(d).map((name) => [name])];
}

/** What the engine's structs cannot carry: `undefined` (kept out), and class instances (made plain). */
function plainJson<T>(value: T): T {
    return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

/** The shared providers as the dynamic-provider host sees them: read and update are optional (as there). */
type SharedProvider = pulumi.dynamic.ResourceProvider;

export class VcroomsPlugin {
    /** The configuration from Configure, secrets unwrapped: `apiUrl`, `developerKey`, ... */
    private config: Values = {};
    private readonly connections = new Connections();
    /** The shared providers, given this process's connections (one process per provider instance). */
    private readonly providers = {
        room: hidingBookkeeping(declarations.room, new RoomProvider(this.connections.clientFor)),
        teamDefaults: hidingBookkeeping(declarations.teamDefaults, new TeamDefaultsProvider(this.connections.clientFor)),
        joinToken: hidingBookkeeping(declarations.joinToken, new JoinTokenProvider(this.connections.clientFor)),
        roomContentPurge: hidingBookkeeping(declarations.roomContentPurge, new RoomContentPurgeProvider(this.connections.clientFor)),
    };

    /**
     * By the type inherited from (TeamDefaults), the settings this process saw given to it as secrets: the kinds that
     * inherit them (rooms) keep them secret where they do not declare them. The engine checks a program's resources
     * in the order it declares them, so a TeamDefaults a room depends on is seen first.
     */
    private readonly inheritedSecrets = new Map<string, Set<string>>();

    constructor(readonly version: string) {}

    /** The configuration as the shared code reads stack config: `vcrooms:apiUrl` and so on. */
    private readonly stack: StackConfig = {
        get: (key) => {
            if (!key.startsWith(`${PACKAGE}:`)) return undefined;
            const value = this.config[key.slice(PACKAGE.length + 1)];
            return value === undefined || value === null ? undefined : String(value);
        },
    };

    // ---- the provider's own configuration ---------------------------------------------------------

    /**
     * Validates the provider's arguments (an explicit provider's, or the stack's `vcrooms:*` config for the
     * default provider): each field's rule, then whether a client can be built from them and the environment,
     * so a missing key or a malformed URL fails at preview naming the setting. The developer key leaves secret.
     */
    checkConfig(news: Values): { inputs: Values; failures: CheckFailure[] } {
        const { plain, secrets } = unwrapSecrets<Values>(news);
        const failures: CheckFailure[] = [];
        const inputs: Values = { ...plain };
        for (const [name, raw] of Object.entries(plain)) {
            const field = Object.hasOwn(PROVIDER_CONFIG, name) ? PROVIDER_CONFIG[name] : undefined;
            // A misspelt key (`apiURL`) would otherwise be ignored, and the provider would fall back to the environment.
            if (!field && !ENGINE_KEYS.includes(name) && !name.startsWith("__")) failures.push({ property: name, reason: unknownSetting(name) });
            if (!field || raw === undefined || raw === null || containsUnknown(raw)) continue;
            // Stack config arrives as text: a number written in the config file is "60".
            const value = "type" in field.type && (field.type.type === "integer" || field.type.type === "number") && typeof raw === "string" && raw.trim() !== "" ? Number(raw) : raw;
            const rule = field.validate(value);
            if (rule) failures.push({ property: name, reason: `${name} ${rule}; got ${showValue(raw, field.secret)}` });
            else inputs[name] = value;
        }
        if (failures.length === 0 && !containsUnknown(plain)) {
            try {
                resolveClientConfig(optionsFromStack(asStackConfig(inputs)));
            } catch (error) {
                if (!(error instanceof ConfigurationError)) throw error;
                failures.push({ property: "", reason: error.message });
            }
        }
        const alwaysSecret = Object.entries(PROVIDER_CONFIG).filter(([, f]) => f.secret).map(([name]) => [name]);
        return { inputs: wrapSecrets(inputs, [...secrets, ...alwaysSecret]), failures };
    }

    /** A changed setting reconfigures the provider; its resources stay (they are found by id in the new team). */
    diffConfig(olds: Values, news: Values): PluginDiff {
        const o = unwrapSecrets<Values>(olds).plain;
        const n = unwrapSecrets<Values>(news).plain;
        const changed = Object.keys(PROVIDER_CONFIG).filter((k) => JSON.stringify(o[k]) !== JSON.stringify(n[k]));
        return { changes: changed.length > 0, replaces: [], stables: [], deleteBeforeReplace: false, detailedDiff: Object.fromEntries(changed.map((k) => [k, kindOfChange(k, o, n, false)])) };
    }

    /** The engine's Configure: the provider's arguments. Clients built for another configuration are dropped. */
    configure(args: Values): void {
        this.config = unwrapSecrets<Values>(args).plain;
        this.connections.configure(this.stack);
    }

    // ---- resources --------------------------------------------------------------------------------

    private kind(ref: ResourceRef): { kind: Kind; d: Declaration; provider: SharedProvider } {
        const type = typeOf(ref);
        const kind = KINDS.get(type);
        if (!kind) throw new Error(`Unknown resource type ${type} (this provider has ${[...KINDS.keys()].join(", ")})`);
        return { kind, d: declarations[kind], provider: this.providers[kind] as SharedProvider };
    }

    async check(ref: ResourceRef, olds: Values, news: Values): Promise<{ inputs: Values; failures: CheckFailure[] }> {
        const { d, provider } = this.kind(ref);
        const given = unwrapSecrets<Values>(news);
        const inputs = { ...given.plain };
        if (Object.values(declarations).some((other) => other.inheritsFrom === d.type)) {
            const names = this.inheritedSecrets.get(d.type) ?? this.inheritedSecrets.set(d.type, new Set()).get(d.type)!;
            for (const [name] of given.secrets) if (typeof name === "string" && inputSettings(d).has(name)) names.add(name);
        }
        // What the SDK's resource classes fill in the dynamic face: the resource's own name, hidden as there.
        for (const name of resourceNameInputs(d)) inputs[hiddenKey(name)] = nameOf(ref);
        for (const name of stackInputs(d)) inputs[hiddenKey(name)] = stackOf(ref);
        const result = await provider.check!(unwrapSecrets<Values>(olds).plain as never, inputs as never);
        return { inputs: wrapSecrets(result.inputs as Values, [...given.secrets, ...secretInputPaths(d)]), failures: result.failures ?? [] };
    }

    async diff(ref: ResourceRef, id: string, olds: Values, news: Values): Promise<PluginDiff> {
        const { provider } = this.kind(ref);
        const o = unwrapSecrets<Values>(olds).plain;
        const n = unwrapSecrets<Values>(news).plain;
        const diff = (await provider.diff!(id, o as never, n as never)) as NamedDiff;
        const replaces = diff.replaces ?? [];
        const named = [...new Set([...(diff.changed ?? []), ...replaces])];
        return {
            changes: diff.changes === true,
            replaces,
            stables: diff.stables ?? [],
            deleteBeforeReplace: diff.deleteBeforeReplace === true,
            detailedDiff: Object.fromEntries(named.map((k) => [k, kindOfChange(k, o, n, replaces.includes(k))])),
        };
    }

    async create(ref: ResourceRef, inputs: Values): Promise<{ id: string; outs: Values }> {
        const { d, provider } = this.kind(ref);
        const given = unwrapSecrets<Values>(inputs);
        const result = await provider.create(given.plain as never);
        return { id: result.id, outs: this.outputs(d, result.outs as Values, given.secrets, given.plain) };
    }

    /**
     * A read with no properties is `pulumi import`: the shared read finds the record by id (a room also by friendly
     * URL). An import of a kind that has no record to read, or of a record that is not there, is refused: answering
     * an empty record would put an empty resource in the state and call it a success.
     */
    async read(ref: ResourceRef, id: string, props: Values, inputs: Values): Promise<{ id: string; props: Values; inputs: Values }> {
        const { d, provider } = this.kind(ref);
        const state = unwrapSecrets<Values>(props);
        const declared = unwrapSecrets<Values>(inputs);
        const importing = Object.keys(state.plain).length === 0;
        const refused = notImportableMessage(d);
        if (importing && refused) throw new Error(refused);
        const result = await provider.read!(id, state.plain);
        if (!result.id) {
            if (importing) throw new Error(`${d.type} ${JSON.stringify(id)} not found in the provider's team: give the room's UUID (lower-case) or friendly URL, and the provider of the team it is in`);
            return { id: "", props: {}, inputs: {} };
        }
        return {
            id: result.id,
            props: this.outputs(d, result.props as Values, [...state.secrets, ...declared.secrets], declared.plain),
            // A read that keeps no inputs (a token, a purge) leaves the inputs as they were.
            inputs: wrapSecrets(plainJson((result.inputs ?? declared.plain) as Values), [...declared.secrets, ...secretInputPaths(d)]),
        };
    }

    async update(ref: ResourceRef, id: string, olds: Values, news: Values): Promise<Values> {
        const { d, provider } = this.kind(ref);
        const given = unwrapSecrets<Values>(news);
        if (!provider.update) throw new Error(`${typeOf(ref)} cannot be updated in place`);
        const result = await provider.update(id, unwrapSecrets<Values>(olds).plain as never, given.plain as never);
        return this.outputs(d, (result.outs ?? {}) as Values, given.secrets, given.plain);
    }

    async delete(ref: ResourceRef, id: string, props: Values): Promise<void> {
        const { provider } = this.kind(ref);
        await provider.delete?.(id, unwrapSecrets<Values>(props).plain as never);
    }

    /**
     * Outputs leave with the inputs' secrets and the kind's always-secret outputs wrapped, and with them the outputs
     * carrying a secret input under another name (a room's topic) and the settings inherited from a secret (those
     * given as secrets to the kind inherited from, where `declared` does not set them).
     */
    private outputs(d: Declaration, outs: Values, inputSecrets: Path[], declared: Values): Values {
        const aliases = aliasedOutputs(d).filter(([, input]) => inputSecrets.some((p) => p[0] === input)).map(([output]) => [output]);
        const inherited = d.inheritsFrom ? [...(this.inheritedSecrets.get(d.inheritsFrom) ?? [])].filter((name) => declared[name] === undefined).map((name) => [name]) : [];
        return wrapSecrets(plainJson(outs), [...inputSecrets, ...secretOutputPaths(d), ...aliases, ...inherited]);
    }

    // ---- data functions ---------------------------------------------------------------------------

    /** `vcrooms:index:getRoom` and the rest: the SDK's `getRoom`, run with this provider's configuration. */
    async invoke(tok: string, args: Values): Promise<Values> {
        const name = tok.startsWith(`${PACKAGE}:index:`) ? tok.slice(PACKAGE.length + 7) : tok;
        // Own names only: `toString` and `__proto__` are "in" every object.
        if (!Object.hasOwn(functions, name)) throw new Error(`Unknown function ${tok} (this provider has ${Object.keys(functions).map(token).join(", ")})`);
        const result = await invokeFunction(name as FunctionName, unwrapSecrets(args).plain, this.stack);
        const plain = plainJson(result as Values);
        // A secret field that holds nothing (a room without a restream key) hides nothing and stays plain: the generated
        // SDKs' Output-form invokes make the whole result secret when any field is, which would hide every field.
        const held = secretResultFields(name as FunctionName).filter((field) => plain[field] !== undefined && plain[field] !== null && plain[field] !== "");
        return wrapSecrets(plain, held.map((field) => [field]));
    }
}

/** What the engine itself adds to a provider's inputs (besides its `__internal` bookkeeping). */
const ENGINE_KEYS = ["version", "pluginDownloadURL"];

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

function asStackConfig(values: Values): StackConfig {
    return { get: (key) => (key.startsWith(`${PACKAGE}:`) && values[key.slice(PACKAGE.length + 1)] != null ? String(values[key.slice(PACKAGE.length + 1)]) : undefined) };
}

function kindOfChange(key: string, olds: Values, news: Values, replace: boolean): PropertyDiffKind {
    const base = news[key] === undefined ? "DELETE" : olds[key] === undefined ? "ADD" : "UPDATE";
    return (replace ? `${base}_REPLACE` : base) as PropertyDiffKind;
}
