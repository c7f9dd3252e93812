/**
 * The plugin face's behaviour: the engine's resource-provider calls, answered by the process's runtime
 * (provider/runtime.ts), the same resource kinds and functions as the dynamic face's. This module only adapts:
 * it picks the kind from the type token, fills what the SDK's shims fill in the dynamic face (the
 * resource name), unwraps and wraps secrets, and takes the provider's configuration from the engine (Configure)
 * instead of the program's stack config.
 *
 * Values here are plain JavaScript (the gRPC structs converted); server.ts does the protocol.
 */
import { DeadlineExceededError, withDeadline } from "../api/deadline";
import { PROVIDER_CONFIG } from "../model/connection";
import type { Declaration, Values } from "../declarations/declaration";
import { inputSettings } from "../declarations/declaration";
import { carryingOutputs, inheritedCarryingOutputs, inputsAsPlanned, maybeSecretInherited, notImportableMessage, resourceNameInputs, secretInputs, secretOutputNames, stackInputs, urnInputs } from "../declarations/derive";
import { declarations, type Kind } from "../declarations";
import { functions, secretResultFields, type FunctionName } from "../functions";
import type { CheckFailure } from "../model/check";
import { detailOf } from "../resources/diff";
import { PROCESS_CONTEXT, warnOnStderr, type Context, type KindDiff, type ResourceKind } from "../resources/kind";
import { Runtime, stackConfigOf } from "../runtime";
import { hiddenKey } from "../resources/hiddenKeys";
import { Claims } from "../resources/claims";
import { teamMoveOf } from "../resources/connections";
import type { WarningSink } from "./engine";
import { PACKAGE, token } from "./schema";
import { unwrapSecrets, wrapSecrets, type Path } from "./secrets";

export type { PropertyDiffKind } from "../resources/kind";

/** A diff as the engine takes it: the kind's, detailed diff included. */
export type PluginDiff = KindDiff;

/** Which resource a call is about: the engine sends its type token and name (and the URN carries both). */
export interface ResourceRef {
    urn: string;
    type?: string;
    name?: string;
}

const KINDS: ReadonlyMap<string, Kind> = new Map(Object.entries(declarations).map(([kind, d]) => [token(d.type), kind as Kind]));

/** Why an abandoned write may still have acted, and what settles it, per operation. */
const ABANDONED: Record<"create" | "update" | "delete", string> = {
    create: "the request in flight was abandoned and may have made it all the same: if the next up finds it already there, adopt it (a Room's adoptExisting: true)",
    update: "the request in flight was abandoned and may have applied all the same: `pulumi refresh` shows what the API holds",
    delete: "the request in flight was abandoned and may have deleted it all the same: the next destroy or `pulumi refresh` settles it",
};

/**
 * Runs a create, update or delete within the engine's timeout for it (the resource's `customTimeouts`, in seconds;
 * 0: none), as first-party providers do: past it, its requests are abandoned and the call fails naming the timeout.
 */
function withinTimeout<T>(ref: ResourceRef, operation: "create" | "update" | "delete", timeoutSeconds: number, run: () => Promise<T>): Promise<T> {
    const error = () =>
        new DeadlineExceededError(
            `${typeOf(ref)} ${JSON.stringify(ref.name ?? ref.urn.split("::").pop())}: the ${operation} gave up after ${timeoutSeconds} s, the resource's customTimeouts.${operation}, before the API had answered; ${ABANDONED[operation]}. Raise customTimeouts.${operation} if the API is this slow`,
        );
    return withDeadline(timeoutSeconds * 1000, error, run);
}

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

/**
 * A setting given as a secret to a kind others inherit from, as the deployment's claims record it: by type, not by
 * team, so a room of another team inheriting that setting keeps it secret too (more secret than needed, never less).
 */
const inheritedSecretKey = (type: string, setting: string) => `secret ${type} setting ${setting}`;

/** The kind whose settings `d` inherits (a room's TeamDefaults). */
const inheritedFrom = (d: Declaration): Declaration | undefined => (d.inheritsFrom === undefined ? undefined : Object.values(declarations).find((other) => other.type === d.inheritsFrom));

/** The context of a call about `ref`: its resource name and URN, and warnings attached to its URN. */
function contextOf(ref: ResourceRef, warn: WarningSink, providerId: string | undefined): Context {
    return { ...PROCESS_CONTEXT, resourceName: nameOf(ref), ...(ref.urn ? { resourceUrn: ref.urn } : {}), ...(providerId ? { providerId } : {}), warn: (message) => warn(ref.urn, message) };
}

/**
 * Of the secrets of a resource's stored outputs, those of the inputs the program gave as secrets: only where the
 * engine sends no inputs with them (`givenBefore`). An output the adapter keeps secret whatever was given (the
 * bookkeeping copy of the declared inputs, which holds the plain friendly URL and resource name too, an inherited
 * free-text setting) is no input given as a secret, and its value no secret to take out of a message.
 */
function inputPaths(d: Declaration, state: Path[]): Path[] {
    const inputs = new Set([...inputSettings(d).keys(), ...Object.keys(d.extras)]);
    const wrappedAnyway = new Set([...maybeSecretInherited(d), ...carryingOutputs(d).map(([output]) => output)]);
    return state.filter((p) => typeof p[0] === "string" && inputs.has(p[0]) && !wrappedAnyway.has(p[0]));
}

/**
 * The secrets of the inputs a resource was last applied with: the engine's inputs as it sends them (their secret
 * marks are the program's), else what its stored outputs say (`inputPaths`).
 */
function givenBefore(d: Declaration, state: Path[], oldInputs: Values | undefined): Path[] {
    return oldInputs !== undefined && Object.keys(oldInputs).length > 0 ? unwrapSecrets<Values>(oldInputs).secrets : inputPaths(d, state);
}

/** The context with the inputs the program gave as secrets (the top-level names of the engine's wrapped values). */
function withSecrets(ctx: Context, ...secrets: Path[][]): Context {
    const names = new Set(secrets.flat().flatMap((p) => (typeof p[0] === "string" ? [p[0]] : [])));
    return names.size === 0 ? ctx : { ...ctx, secretInputs: names };
}

export class VcroomsPlugin {
    /** The process's runtime (one process per provider instance), configured by Configure. */
    private readonly runtime: Runtime;

    /**
     * Where the settings given as secrets to a kind others inherit from (a TeamDefaults' secret consentMessage) are
     * recorded: the deployment's claims, so that a room through another provider, which is another process, keeps
     * them secret too where it does not declare them. The engine checks a resource before the resources that depend
     * on it are registered, so a TeamDefaults a room depends on has been seen, by whichever process, first.
     */
    private readonly claims: Claims;

    /**
     * `claims`: where the runtime keeps which resource declares which room and team defaults; the plugin's entry
     * gives the deployment's (deploymentClaims.ts), seen by every provider process of it. Tests make their own.
     * `warn`: where a resource's warnings go; the plugin's entry sends them to the engine (engine.ts), else stderr.
     */
    constructor(
        readonly version: string,
        claims: Claims = new Claims(),
        private readonly warn: WarningSink = (_urn, message) => warnOnStderr(message),
    ) {
        this.claims = claims;
        this.runtime = new Runtime(process.env, claims);
    }

    /**
     * The engine's Cancel (Ctrl-C): requests not yet sent are not sent, and retries waiting are abandoned, so the
     * operations in flight end within seconds with an error saying so. The engine ends the plugin afterwards.
     */
    cancel(): void {
        this.runtime.cancel();
    }

    // ---- the provider's own configuration ---------------------------------------------------------

    /**
     * Validates the provider's arguments (an explicit provider's, or the stack's `vcrooms:*` config for the
     * default provider): each field's rule, then whether a client can be built from them and the environment,
     * so a missing key or a malformed URL fails at preview naming the setting. The developer key leaves secret.
     */
    checkConfig(news: Values): { inputs: Values; failures: CheckFailure[] } {
        const { plain, secrets } = unwrapSecrets<Values>(news);
        const { values: inputs, failures } = this.runtime.checkConfig(plain, ENGINE_KEYS);
        const alwaysSecret = Object.entries(PROVIDER_CONFIG).filter(([, f]) => f.secret).map(([name]) => [name]);
        return { inputs: wrapSecrets(inputs, [...secrets, ...alwaysSecret]), failures };
    }

    /**
     * A changed setting within one team (a rotated key, another auth, the same URL spelt another way) reconfigures
     * the provider, and its resources stay. Arguments that name another team (the API URL, resolved as teamOf does,
     * or two team ids) replace the provider: the engine then replaces every resource of it, creating each with the
     * new arguments and deleting the old one with the arguments its state holds, so from the old team. The engine
     * asks the same when a resource's provider is another one (the old provider's arguments against the new's): a
     * Room moved to another team's provider is replaced, never PATCHed in the new team by the old room's id.
     */
    diffConfig(olds: Values, news: Values): PluginDiff {
        const o = unwrapSecrets<Values>(olds).plain;
        const n = unwrapSecrets<Values>(news).plain;
        const changed = Object.keys(PROVIDER_CONFIG).filter((k) => JSON.stringify(o[k]) !== JSON.stringify(n[k]));
        const replaces = teamMoveOf(o, n) === undefined ? [] : changed.filter((k) => TEAM_NAMING.includes(k));
        return { changes: changed.length > 0, replaces, stables: [], deleteBeforeReplace: false, detailedDiff: detailOf(changed, replaces, o, n) };
    }

    /** The engine's id of this provider resource (Configure), for the calls' context (`Context.providerId`). */
    private providerId: string | undefined;

    /**
     * The engine's Configure: the provider's arguments, and the provider resource's id. Clients built for another
     * configuration are dropped.
     */
    configure(args: Values, providerId?: string): void {
        // Not about one resource: on the engine's log with no URN, which every language's CLI shows.
        for (const warning of this.runtime.configure(stackConfigOf(unwrapSecrets<Values>(args).plain))) this.warn("", warning);
        this.providerId = providerId || undefined;
    }

    // ---- resources --------------------------------------------------------------------------------

    private kind(ref: ResourceRef): { kind: Kind; d: Declaration; provider: ResourceKind; ctx: Context } {
        const type = typeOf(ref);
        const kind = KINDS.get(type);
        if (!kind) throw new Error(`Unknown resource type ${type} (this provider has ${[...KINDS.keys()].join(", ")})`);
        return { kind, d: declarations[kind], provider: this.runtime.kinds[kind], ctx: contextOf(ref, this.warn, this.providerId) };
    }

    /** `randomSeed`: the engine's seed for this check, hex (a kind keeps what it draws from it: a room's create id). */
    async check(ref: ResourceRef, olds: Values, news: Values, randomSeed?: string): Promise<{ inputs: Values; failures: CheckFailure[] }> {
        const { d, provider, ctx: named } = this.kind(ref);
        const given = unwrapSecrets<Values>(news);
        const previous = unwrapSecrets<Values>(olds);
        const ctx: Context = withSecrets(randomSeed ? { ...named, randomSeed } : named, given.secrets, previous.secrets);
        const inputs = { ...given.plain };
        if (Object.values(declarations).some((other) => other.inheritsFrom === d.type)) {
            for (const [name] of given.secrets) if (typeof name === "string" && inputSettings(d).has(name)) this.claims.claim(inheritedSecretKey(d.type, name), nameOf(ref));
        }
        // What the SDK's resource classes fill in the dynamic face: the resource's own name, hidden as there.
        for (const name of resourceNameInputs(d)) inputs[hiddenKey(name)] = nameOf(ref);
        if (ref.urn) for (const name of urnInputs(d)) inputs[hiddenKey(name)] = ref.urn;
        for (const name of stackInputs(d)) inputs[hiddenKey(name)] = stackOf(ref);
        const result = await provider.check(previous.plain, inputs, ctx);
        return { inputs: wrapSecrets(result.inputs, [...given.secrets, ...secretInputPaths(d)]), failures: result.failures };
    }

    /** `oldInputs`: the inputs last applied, as the engine sends them beside the stored outputs (`olds`). */
    async diff(ref: ResourceRef, id: string, olds: Values, news: Values, oldInputs?: Values): Promise<PluginDiff> {
        const { d, provider, ctx } = this.kind(ref);
        const o = unwrapSecrets<Values>(olds);
        const n = unwrapSecrets<Values>(news);
        return provider.diff(id, o.plain, n.plain, withSecrets(ctx, givenBefore(d, o.secrets, oldInputs), n.secrets));
    }

    /**
     * `preview`: the engine's preview of the create (the plugin answers Configure with preview support): the kind's
     * planned outputs, with no write and no id.
     */
    async create(ref: ResourceRef, inputs: Values, preview = false, timeoutSeconds = 0): Promise<{ id: string; outs: Values }> {
        const { d, provider, ctx: named } = this.kind(ref);
        const given = unwrapSecrets<Values>(inputs);
        const ctx = withSecrets(named, given.secrets);
        if (preview) return { id: "", outs: this.outputs(d, await this.planned(d, provider, undefined, given.plain, undefined, ctx), given.secrets, given.plain) };
        try {
            const result = await withinTimeout(ref, "create", timeoutSeconds, () => provider.create(given.plain, ctx));
            return { id: result.id, outs: this.outputs(d, result.outs, given.secrets, given.plain) };
        } catch (error) {
            // A failed create the engine keeps in the stack (server.ts sends its `id` and `properties`): secrets wrapped.
            const kept = error as { properties?: Values };
            if (kept.properties !== undefined) kept.properties = this.outputs(d, kept.properties, given.secrets, given.plain);
            throw error;
        }
    }

    /**
     * A read with no properties is `pulumi import`: the shared read finds the record by id (a room also by friendly
     * URL). An import of a kind that has no record to read, or of a record that is not there, is refused: answering
     * an empty record would put an empty resource in the state and call it a success.
     */
    async read(ref: ResourceRef, id: string, props: Values, inputs: Values): Promise<{ id: string; props: Values; inputs: Values }> {
        const { d, provider, ctx: named } = this.kind(ref);
        const state = unwrapSecrets<Values>(props);
        const declared = unwrapSecrets<Values>(inputs);
        const ctx = withSecrets(named, givenBefore(d, state.secrets, inputs));
        const importing = Object.keys(state.plain).length === 0;
        const refused = notImportableMessage(d);
        if (importing && refused) throw new Error(refused);
        const result = await provider.read(id, state.plain, ctx);
        if (!result.id) {
            if (importing) throw new Error(`${d.type} ${JSON.stringify(id)} not found in the provider's team: give the room's UUID (lower-case) or friendly URL, and the provider of the team it is in`);
            return { id: "", props: {}, inputs: {} };
        }
        return {
            id: result.id,
            props: this.outputs(d, result.props, [...state.secrets, ...declared.secrets], declared.plain),
            // A read that keeps no inputs (a token, a purge) leaves the inputs as they were.
            inputs: wrapSecrets(plainJson(result.inputs ?? declared.plain), [...declared.secrets, ...secretInputPaths(d)]),
        };
    }

    /**
     * `preview`: the engine's preview of the update: the kind's planned outputs, with no write. `oldInputs`: the inputs
     * last applied, as the engine sends them beside the stored outputs (`olds`).
     */
    async update(ref: ResourceRef, id: string, olds: Values, news: Values, preview = false, timeoutSeconds = 0, oldInputs?: Values): Promise<Values> {
        const { d, provider, ctx: named } = this.kind(ref);
        const given = unwrapSecrets<Values>(news);
        const previous = unwrapSecrets<Values>(olds);
        const ctx = withSecrets(named, given.secrets, givenBefore(d, previous.secrets, oldInputs));
        if (!provider.update) throw new Error(`${typeOf(ref)} cannot be updated in place`);
        if (preview) return this.outputs(d, await this.planned(d, provider, id, given.plain, previous.plain, ctx), given.secrets, given.plain);
        const update = provider.update.bind(provider);
        const result = await withinTimeout(ref, "update", timeoutSeconds, () => update(id, previous.plain, given.plain, ctx));
        // An inherited setting kept secret before stays so, whether or not this process has seen its TeamDefaults.
        return this.outputs(d, result.outs, [...given.secrets, ...this.inheritedPaths(d, previous.secrets, given.plain)], given.plain);
    }

    /**
     * What a preview shows: the kind's plan, else the inputs whose outputs the up gives back as they are
     * (`inputsAsPlanned`); every other output is unknown. Never an input where the output says something else (a
     * join token's `expiresAt` of 60 minutes is an instant once issued): a planned output is unknown or what the up
     * produces, of the same type, or a typed SDK (Go) fails the preview.
     */
    private planned(d: Declaration, provider: ResourceKind, id: string | undefined, news: Values, olds: Values | undefined, ctx: Context): Promise<Values> {
        return provider.planned ? provider.planned(id, news, olds, { ...ctx, preview: true }) : Promise.resolve(inputsAsPlanned(d, news));
    }

    /** `oldInputs`: the inputs last applied, as the engine sends them beside the stored outputs (`props`). */
    async delete(ref: ResourceRef, id: string, props: Values, timeoutSeconds = 0, oldInputs?: Values): Promise<void> {
        const { d, provider, ctx } = this.kind(ref);
        const state = unwrapSecrets<Values>(props);
        await withinTimeout(ref, "delete", timeoutSeconds, () => provider.delete(id, state.plain, withSecrets(ctx, givenBefore(d, state.secrets, oldInputs))));
    }

    /**
     * Outputs leave with the inputs' secrets and the kind's always-secret outputs wrapped, and with them the outputs
     * carrying a secret input's value (a room's topic under another name, its roomUrl inside it) and the settings inherited from a secret (those
     * given as secrets to the kind inherited from, and those another stack may have given so, to the team's record: a room's and
     * a TeamDefaults' own, `maybeSecretInherited`, where `declared` does not set them).
     */
    private outputs(d: Declaration, outs: Values, inputSecrets: Path[], declared: Values): Values {
        const aliases = carryingOutputs(d).filter(([, input]) => inputSecrets.some((p) => p[0] === input)).map(([output]) => [output]);
        const from = inheritedFrom(d);
        const given = from === undefined ? [] : [...inputSettings(from).keys()].filter((name) => this.claims.ownerOf(inheritedSecretKey(from.type, name)) !== undefined);
        // What another stack may have given the team as secrets too, which no claim of this deployment records.
        const inherited = [...new Set([...given, ...maybeSecretInherited(d)])].filter((name) => declared[name] === undefined).map((name) => [name]);
        const carried = inheritedCarryingOutputs(d).filter(([, setting]) => given.includes(setting)).map(([output]) => [output]);
        return wrapSecrets(plainJson(outs), [...inputSecrets, ...secretOutputPaths(d), ...aliases, ...inherited, ...carried]);
    }

    /** Of `paths`, those of settings `d` inherits and `declared` does not set, and of the outputs that carry one. */
    private inheritedPaths(d: Declaration, paths: Path[], declared: Values): Path[] {
        const from = inheritedFrom(d);
        const carrying = new Set(inheritedCarryingOutputs(d).map(([output]) => output));
        return from === undefined ? [] : paths.filter((p) => typeof p[0] === "string" && ((inputSettings(from).has(p[0]) && declared[p[0]] === undefined) || carrying.has(p[0])));
    }

    // ---- data functions ---------------------------------------------------------------------------

    /** `vcrooms:index:getRoom` and the rest: the SDK's `getRoom`, run with this provider's configuration. */
    async invoke(tok: string, args: Values): Promise<Values> {
        const name = tok.startsWith(`${PACKAGE}:index:`) ? tok.slice(PACKAGE.length + 7) : tok;
        // Own names only: `toString` and `__proto__` are "in" every object.
        if (!Object.hasOwn(functions, name)) throw new Error(`Unknown function ${tok} (this provider has ${Object.keys(functions).map(token).join(", ")})`);
        const result = await this.runtime.invoke(name as FunctionName, unwrapSecrets(args).plain);
        const plain = plainJson(result as Values);
        // A secret field that holds nothing (a room without a restream key) hides nothing and stays plain: the generated
        // SDKs' Output-form invokes make the whole result secret when any field is, which would hide every field.
        const held = secretResultFields(name as FunctionName).filter((field) => plain[field] !== undefined && plain[field] !== null && plain[field] !== "");
        return wrapSecrets(plain, held.map((field) => [field]));
    }
}

/** The provider arguments that name its team (teamMoveOf). */
const TEAM_NAMING = ["apiUrl", "teamId"];

/** What the engine itself adds to a provider's inputs (besides its `__internal` bookkeeping). */
const ENGINE_KEYS = ["version", "pluginDownloadURL"];
